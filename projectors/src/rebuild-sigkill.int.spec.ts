import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSqliteEventStore } from '@locus/platform/event-store/sqlite-event-store';
import { createEmbeddedReadStore } from '@locus/platform/read-store/embedded-read-store';
import type { ReadStore } from '@locus/platform';
import { rebuildProjection } from '@locus/platform/runtime/rebuild';
import { physicalCollectionName, projectionCheckpointName, readProjectionState } from '@locus/platform/runtime/generations';
import { isDataDirLocked } from '@locus/platform/runtime/data-dir-lock';
import {
  appendHistory,
  digestCollections,
  foldInMemory,
  generateShopHistory,
  readActive,
  readGeneration,
  shopProjection,
} from '@locus/platform/runtime/testing/shop-projection';

const EVENTS = 20_000;
const root = path.resolve(import.meta.dirname, '../..');
const child = path.join(import.meta.dirname, 'testing/rebuild-child.ts');
const def = shopProjection();

interface ChildRun {
  code: number | null;
  signal: NodeJS.Signals | null;
  stdout: string;
  stderr: string;
  killedAt: { position: number; head: number } | null;
}

/** Runs the CLI child; with `killAtFraction`, SIGKILLs it once it reports that much progress. */
function runChild(dataDir: string, args: string[], opts: { pauseMs?: number; killAtFraction?: number } = {}): Promise<ChildRun> {
  return new Promise((resolve, reject) => {
    const proc = spawn(process.execPath, ['--import', 'tsx', child, ...args], {
      cwd: root,
      env: { ...process.env, LOCUS_DATA_DIR: dataDir, REBUILD_TEST_PAUSE_MS: String(opts.pauseMs ?? 0), LOG_LEVEL: 'silent' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const run: ChildRun = { code: null, signal: null, stdout: '', stderr: '', killedAt: null };
    let pending = '';
    proc.stdout.setEncoding('utf8');
    proc.stderr.setEncoding('utf8');
    proc.stderr.on('data', (d: string) => (run.stderr += d));
    proc.stdout.on('data', (d: string) => {
      run.stdout += d;
      pending += d;
      const lines = pending.split('\n');
      pending = lines.pop()!;
      for (const line of lines) {
        const m = /^progress \S+ g\d+: position (\d+) of (\d+)/.exec(line);
        if (!m || opts.killAtFraction === undefined || run.killedAt) continue;
        const position = Number(m[1]);
        const head = Number(m[2]);
        if (position >= head * opts.killAtFraction && position < head) {
          run.killedAt = { position, head };
          proc.kill('SIGKILL');
        }
      }
    });
    proc.once('error', reject);
    proc.once('exit', (code, signal) => {
      run.code = code;
      run.signal = signal;
      resolve(run);
    });
  });
}

async function withReadStore<T>(dataDir: string, fn: (rs: ReadStore) => Promise<T>): Promise<T> {
  const rs = createEmbeddedReadStore({ file: path.join(dataDir, 'readmodels.db') });
  try {
    return await fn(rs);
  } finally {
    await rs.close();
  }
}

describe('rebuild survives SIGKILL (child process running the projections CLI)', () => {
  let dataDir: string;
  let head: number;
  let reference: string;

  beforeAll(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'locus-sigkill-'));
    const es = createSqliteEventStore({ file: path.join(dataDir, 'events.db') });
    head = await appendHistory(es, generateShopHistory(EVENTS, 2024));
    reference = digestCollections(await foldInMemory(def, await es.readAll()));
    // Generation 1 is live before the rebuild under test, as in production.
    await withReadStore(dataDir, (rs) => rebuildProjection({ eventStore: es, readStore: rs, def }));
    await es.close();
  });

  afterAll(() => {
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('resumes a killed rebuild from its checkpoint and ends with the same documents as a clean rebuild', async () => {
    const live1 = await withReadStore(dataDir, async (rs) => digestCollections(await readActive(rs, def)));
    expect(live1).toBe(reference);

    // 1. Kill the rebuild once it has committed about a third of the history.
    const killed = await runChild(dataDir, ['rebuild', '--batch-size', '500', '--progress-interval-ms', '0'], { pauseMs: 15, killAtFraction: 0.3 });
    expect(killed.stderr).toBe('');
    expect(killed.killedAt).not.toBeNull();
    expect(killed.signal).toBe('SIGKILL');

    // 2. Mid-way state: generation 2 half built beside the untouched live generation 1.
    const building = await withReadStore(dataDir, async (rs) => {
      const state = await readProjectionState(rs, def.name);
      const cp = await rs.getCheckpoint(projectionCheckpointName(def.name, 2));
      return { state, cp, live: digestCollections(await readGeneration(rs, def, 1)) };
    });
    expect(building.state).toMatchObject({ activeGeneration: 1, version: 1, building: { generation: 2, version: 1 } });
    expect(building.cp!.position).toBeGreaterThanOrEqual(killed.killedAt!.position);
    expect(building.cp!.position).toBeLessThan(head);
    expect(building.live).toBe(reference);
    // The killed process left its lock behind; it is stale (its pid is gone).
    expect(fs.existsSync(path.join(dataDir, 'locus.lock'))).toBe(true);
    expect(isDataDirLocked(dataDir)).toBe(false);

    // 3. Run again: it resumes generation 2 from its checkpoint and switches.
    const resumed = await runChild(dataDir, ['rebuild', '--batch-size', '500', '--progress-interval-ms', '0']);
    expect(resumed.stderr).toBe('');
    expect(resumed.code).toBe(0);
    expect(resumed.stdout).toContain('resumed an interrupted rebuild');
    expect(resumed.stdout).toMatch(/generation 2 is live \(generation 1 dropped\)/);
    const firstResumedLine = /progress shop g2: position (\d+)/.exec(resumed.stdout);
    expect(Number(firstResumedLine![1])).toBe(building.cp!.position);

    // 4. Compare with the reference fold and with a clean rebuild in a fresh read store.
    const after = await withReadStore(dataDir, async (rs) => {
      const state = await readProjectionState(rs, def.name);
      const collections = await rs.listCollections();
      return { state, digest: digestCollections(await readActive(rs, def)), collections };
    });
    expect(after.state).toMatchObject({ activeGeneration: 2, version: 1, building: null });
    expect(after.collections).not.toContain(physicalCollectionName(`${def.name}_stores`, 1));
    const es = createSqliteEventStore({ file: path.join(dataDir, 'events.db') });
    const fresh = createEmbeddedReadStore({ file: ':memory:' });
    try {
      await rebuildProjection({ eventStore: es, readStore: fresh, def });
      const clean = digestCollections(await readActive(fresh, def));
      expect(after.digest).toBe(clean);
      expect(clean).toBe(reference);
    } finally {
      await fresh.close();
      await es.close();
    }
  }, 60_000);
});
