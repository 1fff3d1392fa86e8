import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import { afterEach, describe, expect, it } from 'vitest';
import { createSqliteEventStore } from '@locus/platform/event-store/sqlite-event-store';
import { createEmbeddedReadStore } from '@locus/platform/read-store/embedded-read-store';
import { projectionCheckpointName } from '@locus/platform/runtime/generations';
import { appendHistory, generateShopHistory, shopProjection } from '@locus/platform/runtime/testing/shop-projection';
import { EXIT, runProjectionsCli } from './projections-cli';

const dirs: string[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) fs.rmSync(d, { recursive: true, force: true });
});

function sink(isTTY = false) {
  let text = '';
  const stream = new Writable({
    write(chunk, _enc, cb) {
      text += String(chunk);
      cb();
    },
  }) as Writable & { isTTY?: boolean };
  stream.isTTY = isTTY;
  return { stream, text: () => text };
}

async function dataDirWithHistory(events: number) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'locus-cli-'));
  dirs.push(dir);
  const es = createSqliteEventStore({ file: path.join(dir, 'events.db') });
  const head = await appendHistory(es, generateShopHistory(events, 41));
  await es.close();
  return { dir, head };
}

async function cli(argv: string[], dir: string) {
  const out = sink();
  const err = sink();
  const code = await runProjectionsCli(argv, { projections: [shopProjection()], env: { LOCUS_DATA_DIR: dir }, out: out.stream, err: err.stream });
  return { code, out: out.text(), err: err.text() };
}

describe('projections CLI', () => {
  it('rebuilds with progress lines, then reports status', async () => {
    const { dir, head } = await dataDirWithHistory(1_200);
    const rebuilt = await cli(['rebuild', 'shop', '--batch-size', '300', '--progress-interval-ms', '0'], dir);
    expect(rebuilt.err).toBe('');
    expect(rebuilt.code).toBe(EXIT.ok);
    const lines = rebuilt.out.split('\n').filter((l) => l.startsWith('progress shop g1'));
    expect(lines[0]).toBe(`progress shop g1: position 0 of ${head} (0.0%), 0 events, 0 events/s`);
    expect(lines.length).toBe(2 + Math.ceil(head / 300));
    expect(lines.at(-1)).toMatch(new RegExp(`position ${head} of ${head} \\(100.0%\\), 1,200 events, .* events/s, caught up$`));
    expect(rebuilt.out).toMatch(/rebuilt shop: generation 1 is live, position 1200, 1,200 events in/);
    expect(fs.existsSync(path.join(dir, 'locus.lock'))).toBe(false);

    const status = await cli(['status'], dir);
    expect(status.code).toBe(EXIT.ok);
    expect(status.out).toContain(`head ${head} (sqlite / embedded)`);
    expect(status.out).toMatch(/shop\s+1\s+1\s+1200\s+0\s+live/);
    const json = await cli(['status', '--json'], dir);
    expect(JSON.parse(json.out).projections[0]).toMatchObject({ name: 'shop', generation: 1, position: head, lag: 0, state: 'live' });

    const again = await cli(['rebuild'], dir);
    expect(again.out).toContain('rebuilt shop: generation 2 is live (generation 1 dropped)');
  });

  it('rebuilds a projection the server keeps in a file of its own (ownThread) in that file, not in readmodels.db', async () => {
    const { dir, head } = await dataDirWithHistory(300);
    const apart = { ...shopProjection(), ownThread: true };
    const run = async (argv: string[]) => {
      const out = sink();
      const err = sink();
      const code = await runProjectionsCli(argv, { projections: [apart], env: { LOCUS_DATA_DIR: dir }, out: out.stream, err: err.stream });
      return { code, out: out.text(), err: err.text() };
    };
    const rebuilt = await run(['rebuild', 'shop']);
    expect(rebuilt.err).toBe('');
    expect(rebuilt.out).toContain('rebuilt shop: generation 1 is live');
    const own = createEmbeddedReadStore({ file: path.join(dir, 'shop.db') });
    const primary = createEmbeddedReadStore({ file: path.join(dir, 'readmodels.db') });
    try {
      expect(await own.listCollections()).toEqual(['shop_company_stats__g1', 'shop_stores__g1']);
      expect((await own.getCheckpoint(projectionCheckpointName('shop', 1)))?.position).toBe(head);
      // readmodels.db keeps only which generation is live (`_projections`), as the server has it.
      expect((await primary.listCollections()).filter((n) => n.startsWith('shop'))).toEqual([]);
      expect(await primary.getCheckpoint(projectionCheckpointName('shop', 1))).toBeNull();
      expect(await primary.collection('_projections').findOne({ _id: 'shop' })).toMatchObject({ activeGeneration: 1 });
    } finally {
      await own.close();
      await primary.close();
    }
    const status = await run(['status']);
    expect(status.out).toMatch(/shop\s+1\s+1\s+\d+\s+0\s+live/);
  });

  it('refuses to run while another process holds the data dir, and says why', async () => {
    const { dir } = await dataDirWithHistory(10);
    const server = spawn('sleep', ['30'], { stdio: 'ignore' });
    try {
      fs.writeFileSync(
        path.join(dir, 'locus.lock'),
        JSON.stringify({ pid: server.pid, hostname: os.hostname(), purpose: 'the Locus server', startedAt: new Date().toISOString() }),
      );
      for (const command of ['rebuild', 'status']) {
        const r = await cli([command], dir);
        expect(r.code).toBe(EXIT.locked);
        expect(r.err).toContain(`is in use by the Locus server (pid ${server.pid}`);
        expect(r.err).toContain('only runs while the Locus server is stopped');
      }
    } finally {
      const exited = new Promise((r) => server.once('exit', r));
      server.kill('SIGKILL');
      await exited;
    }
  });

  it('answers bad usage with exit code 2 and the reason', async () => {
    const { dir } = await dataDirWithHistory(1);
    expect(await cli(['rebuild', 'nope'], dir)).toMatchObject({ code: EXIT.usage, err: expect.stringContaining('Unknown projection(s): nope. Known: shop') });
    expect(await cli(['rebuild', '--batch-size', '0'], dir)).toMatchObject({
      code: EXIT.usage,
      err: expect.stringContaining('--batch-size needs a whole number ≥ 1'),
    });
    expect(await cli(['explode'], dir)).toMatchObject({ code: EXIT.usage, err: expect.stringContaining('Unknown command "explode"') });
    expect(await cli(['help'], dir)).toMatchObject({ code: EXIT.ok, out: expect.stringContaining('npm run projections -- <command>') });
  });
});

describe('projections CLI while a server holds the data dir', () => {
  it('asks the running server to rebuild (progress printed here) and for the status, instead of refusing', async () => {
    const { dir, head } = await dataDirWithHistory(600);
    const { createPorts } = await import('@locus/platform/config/ports');
    const { loadConfig } = await import('@locus/platform/config/config');
    const { createRebuildJobs } = await import('@locus/platform/runtime/rebuild-jobs');
    const { createOpsStatus } = await import('@locus/platform/runtime/ops-status');
    const { serveControlSocket } = await import('@locus/platform/runtime/control-socket');
    // The server's side as deploy/src/stack.ts wires it: it holds the data dir lock.
    const ports = await createPorts(loadConfig({ LOCUS_DATA_DIR: dir }), { purpose: 'the Locus server' });
    const projections = [shopProjection()];
    const rebuildJobs = createRebuildJobs({ eventStore: ports.eventStore, readStore: ports.readStore, bus: ports.bus, projections, batchSize: 100 });
    const opsStatus = createOpsStatus({ eventStore: ports.eventStore, readStore: ports.readStore, projections, rebuildJobs });
    const control = await serveControlSocket({ dataDir: dir, rebuildJobs, opsStatus });
    // The CLI runs in this process too: the lock names another live process as the holder, as a real server would be.
    const holder = spawn('sleep', ['30'], { stdio: 'ignore' });
    fs.writeFileSync(
      path.join(dir, 'locus.lock'),
      JSON.stringify({ pid: holder.pid, hostname: os.hostname(), purpose: 'the Locus server', startedAt: new Date().toISOString() }),
    );
    try {
      const rebuilt = await cli(['rebuild', 'shop', '--progress-interval-ms', '0'], dir);
      expect(rebuilt.err).toBe('');
      expect(rebuilt.code).toBe(EXIT.ok);
      expect(rebuilt.out).toContain('rebuild shop v1 (asked the running server; it keeps serving)');
      expect(rebuilt.out).toMatch(/progress shop g1: position \d+ of \d+/);
      expect(rebuilt.out).toContain(`rebuilt shop: generation 1 is live, position ${head}`);
      const status = await cli(['status', '--json'], dir);
      expect(status.code).toBe(EXIT.ok);
      expect(JSON.parse(status.out).projections[0]).toMatchObject({ name: 'shop', generation: 1, position: head, state: 'live' });
    } finally {
      const exited = new Promise((r) => holder.once('exit', r));
      holder.kill('SIGKILL');
      await exited;
      await control.close();
      await rebuildJobs.stop();
      await ports.close();
    }
  });
});
