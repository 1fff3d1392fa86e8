import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createServer } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { subjects } from '@locus/contracts';
import { openSseChannel, type Bus } from '@locus/platform';
import { createNatsBus } from '@locus/platform/bus/nats-bus';
import { createLiveHub } from './live-hub';

const NATS_SERVER = '/usr/sbin/nats-server';
const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c();
});

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/** A nats-server of this test's own on `port`, resolved once it accepts clients. */
async function startNats(port: number): Promise<ChildProcess> {
  const proc = spawn(NATS_SERVER, ['-a', '127.0.0.1', '-p', String(port)], { stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  await new Promise<void>((resolve, reject) => {
    const seen = (d: Buffer) => {
      out += d;
      if (out.includes('Server is ready')) resolve();
    };
    proc.stdout!.on('data', seen);
    proc.stderr!.on('data', seen);
    proc.once('exit', (code) => reject(new Error(`nats-server exited (${code}): ${out}`)));
  });
  return proc;
}

async function stopNats(proc: ChildProcess): Promise<void> {
  if (proc.exitCode !== null) return;
  const exited = new Promise((resolve) => proc.once('exit', resolve));
  proc.kill('SIGKILL');
  await exited;
}

async function until(check: () => boolean, what: string, ms = 10_000): Promise<void> {
  for (const deadline = Date.now() + ms; !check();) {
    if (Date.now() > deadline) throw new Error(`Timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

// Never skipped: the reconnect is what is tested, so a missing nats-server binary is a failure (.ci/run installs it).
describe('live streams across a NATS reconnect', () => {
  it('has the nats-server binary to stop and start', () => {
    expect(existsSync(NATS_SERVER), `${NATS_SERVER} is missing: apt-get install nats-server`).toBe(true);
  });

  it('gives every open stream one resync when the bus comes back, and goes on delivering changes', async () => {
    const port = await freePort();
    let server = await startNats(port);
    cleanups.push(() => stopNats(server));
    const bus: Bus = await createNatsBus({ url: `nats://127.0.0.1:${port}`, reconnectTimeWaitMs: 50 });
    cleanups.push(() => bus.close());
    const hub = createLiveHub(bus);
    cleanups.push(() => hub.close());

    const tab = openSseChannel({ keepAliveMs: 60_000 });
    // One tab in two scopes: still one resync.
    hub.attach(tab, 'CompanyAdmin', [subjects.companyScope('c1'), subjects.userScope('u1')]);
    let text = '';
    tab.stream.on('data', (chunk: Buffer) => (text += chunk.toString()));
    await bus.flush();

    const change = { kind: 'changed', collection: 'locations', ids: ['l1'], many: false, companyId: 'c1', position: 1 };
    bus.publish(subjects.changed('c1', 'locations'), change);
    await until(() => text.includes('"ids":["l1"]'), 'the first change');
    expect(text).not.toContain('resync');

    await stopNats(server);
    server = await startNats(port);
    await until(() => text.includes('event: resync'), 'the resync after the reconnect');
    expect(text.match(/event: resync/g)).toHaveLength(1);

    bus.publish(subjects.changed('c1', 'locations'), { ...change, ids: ['l2'], position: 2 });
    await until(() => text.includes('"ids":["l2"]'), 'a change after the reconnect');
    tab.close();
  });
});
