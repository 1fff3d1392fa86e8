import { afterEach, describe, expect, it } from 'vitest';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { loadConfig } from './config';
import { createPorts, type Ports } from './ports';
import type { BusMessage } from '../bus/bus';

const dirs: string[] = [];
const open: Ports[] = [];
afterEach(async () => {
  for (const p of open.splice(0)) await p.close();
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});
const configIn = (env: Record<string, string> = {}) => {
  const dir = mkdtempSync(path.join(tmpdir(), 'locus-ports-'));
  dirs.push(dir);
  return loadConfig({ LOCUS_DATA_DIR: dir, ...env });
};

async function exercise(ports: Ports) {
  const metadata = {
    companyId: 'c1',
    actor: { userId: 'u1', role: 'CompanyAdmin' as const },
    correlationId: 'x',
    causationId: null,
    occurredAt: new Date().toISOString(),
  };
  const appended = await ports.eventStore.append('probe-1', [{ id: randomUUID(), type: 'Probed', data: { n: 1 }, metadata }], {
    expectedRevision: 'no_stream',
  });
  expect(await ports.eventStore.headPosition()).toBe(appended.position);
  await ports.readStore.commit({
    writes: [{ collection: 'probes', ops: [{ insertOne: { document: { _id: 'p1', companyId: 'c1' } } }] }],
    checkpoint: { name: 'probe', position: appended.position },
  });
  expect(await ports.readStore.collection('probes').findOne({ _id: 'p1' })).toEqual({ _id: 'p1', companyId: 'c1' });
  const subject = `ops.probe.${randomUUID()}`;
  const received = new Promise<BusMessage>((resolve) => ports.bus.subscribe(subject, resolve));
  await ports.bus.flush();
  ports.bus.publish(subject, { ok: true });
  expect((await received).data).toEqual({ ok: true });
}

describe('createPorts', () => {
  it('uses SQLite, the embedded read store and the in-process bus by default, holding the data-dir lock', async () => {
    const config = configIn();
    const ports = await createPorts(config, { purpose: 'ports-test' });
    open.push(ports);
    expect(ports.adapters).toEqual({ eventStore: 'sqlite', readStore: 'embedded', bus: 'in-process', rateLimits: 'memory' });
    await exercise(ports);
    expect(existsSync(path.join(config.dataDir, 'events.db'))).toBe(true);
    expect(existsSync(path.join(config.dataDir, 'readmodels.db'))).toBe(true);
    expect(existsSync(path.join(config.dataDir, 'locus.lock'))).toBe(true);
    await ports.close();
    expect(existsSync(path.join(config.dataDir, 'locus.lock'))).toBe(false);
  });

  it('keeps the data after a restart', async () => {
    const config = configIn();
    const first = await createPorts(config);
    await exercise(first);
    const head = await first.eventStore.headPosition();
    await first.close();
    const second = await createPorts(config);
    open.push(second);
    expect(await second.eventStore.headPosition()).toBe(head);
    expect(await second.readStore.getCheckpoint('probe')).toMatchObject({ position: head });
  });

  it('uses NATS when NATS_URL is set', async () => {
    const ports = await createPorts(configIn({ NATS_URL: process.env.NATS_URL ?? 'nats://127.0.0.1:4222' }), { purpose: 'ports-test' });
    open.push(ports);
    expect(ports.adapters.bus).toBe('nats');
    await exercise(ports);
  });
});
