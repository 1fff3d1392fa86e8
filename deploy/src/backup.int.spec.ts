import { afterAll, describe, expect, it } from 'vitest';
import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { copyFileSync, cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { EventMetadata } from '@locus/contracts';
import { createLogger } from '@locus/platform';
import { loadConfig } from '@locus/platform/config/config';
import { createSqliteEventStore } from '@locus/platform/event-store/sqlite-event-store';
import { digestCollections, readActive } from '@locus/platform/runtime/testing/shop-projection';
import { readProjectionState } from '@locus/platform/runtime/generations';
import type { BackupManifest } from '@locus/platform/backup/data-dir-backup';
import { seedDemo } from '@locus/command-api/demo/seed-demo';
import { projections } from '@locus/projectors/features';
import { repoRoot } from './build-server';
import { freePort } from './free-port';
import { startLocusStack, type LocusStack } from './stack';

/** The restored and reference stacks run no reactor and no schedule: nothing appends between their reads. */
const ALL_SCHEDULES = [
  'reviews-sync',
  'templates-publish-due',
  'templates-posts-in-review',
  'location-content-posts-in-review',
  'insights-daily-refresh',
  'notifications-review-digests',
  'reviews-ai-outbox',
];

/**
 * `npm run backup` beside a running embedded Locus that keeps writing, `npm run restore` into a
 * new data directory, and Locus started on it: every event acknowledged before the backup is
 * there, the events are a prefix of the original's, and the restored read models (copied, then
 * caught up) equal read models built from nothing over the same events.
 */
const scratch = mkdtempSync(path.join(tmpdir(), 'locus-backup-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));
const dir = (name: string) => path.join(scratch, name);
const logger = createLogger({ name: 'backup-test', level: 'silent' });

/** Reactors run in the original only: in the copies they would append outcomes and make the comparison move. */
async function start(dataDir: string, skipReactors: readonly string[] = []): Promise<LocusStack> {
  const config = loadConfig({
    LOCUS_DATA_DIR: dataDir,
    PORT: String(await freePort()),
    LOCUS_SANDBOX: '0',
    LOCUS_DEMO: '0',
    SMTP_PORT: String(await freePort()),
  });
  return startLocusStack(config, { serveWeb: false, startSandbox: false, logger, skipReactors, skipSchedules: skipReactors.length > 0 ? ALL_SCHEDULES : [] });
}

/** The CLI as `npm run backup -- DIR` / `npm run restore -- DIR` runs it. */
function cli(command: 'backup' | 'restore', target: string, dataDir: string): Promise<{ code: number | null; out: string }> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'deploy/src/backup-cli.ts', command, target], {
    cwd: repoRoot,
    env: { PATH: process.env.PATH ?? '', LOCUS_DATA_DIR: dataDir },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout.on('data', (c: Buffer) => (out += c.toString()));
  child.stderr.on('data', (c: Buffer) => (out += c.toString()));
  return new Promise((resolve) => child.once('exit', (code) => resolve({ code, out })));
}

async function caughtUp(stack: LocusStack): Promise<void> {
  const head = await stack.ports.eventStore.headPosition();
  if (!(await stack.commandDeps.readModels.waitForPosition(head, 30_000))) throw new Error(`projections did not reach ${head}`);
}

async function digests(stack: LocusStack): Promise<Record<string, string>> {
  // A first build switches its generation live after its checkpoint reaches the head (the history on its own thread included).
  const settled = async () => {
    const states = await Promise.all(projections.map((def) => readProjectionState(stack.ports.readStore, def.name)));
    return states.filter((s) => s?.activeGeneration == null || s.building != null).length;
  };
  await expect.poll(settled, { timeout: 30_000, interval: 100 }).toBe(0);
  await caughtUp(stack);
  const out: Record<string, string> = {};
  for (const def of projections) out[def.name] = digestCollections(await readActive(stack.ports.readStore, def));
  return out;
}

describe('backup and restore of the embedded data directory', () => {
  const original = dir('original');
  const backup = dir('backup');
  let manifest: BackupManifest;
  let acknowledgedBefore: string[] = [];
  let writtenDuring = 0;

  it('backs up a running Locus under a write load, then restores it into a new directory that starts with every acknowledged event', async () => {
    const a = await start(original);
    const reactors = (await a.reactors.status()).map((r) => r.name);
    const seeded = await seedDemo(
      { eventStore: a.ports.eventStore, ids: a.ports.ids, clock: a.ports.clock, logger },
      { adminEmail: 'admin@backup.test', adminPassword: 'Backup-Passw0rd!' },
    );
    const companyId = seeded.companies[0]!.companyId;
    mkdirSync(path.join(original, 'media'), { recursive: true });
    writeFileSync(path.join(original, 'media', 'logo.png'), Buffer.from('not really a png, but bytes to keep'));
    await caughtUp(a);

    // The write load: events every feature's history sees, until the backup has finished.
    const acknowledged: string[] = [];
    let writing = true;
    const metadata = (): EventMetadata => ({
      companyId,
      actor: { userId: 'load', role: 'System' },
      correlationId: randomUUID(),
      causationId: null,
      occurredAt: new Date().toISOString(),
    });
    const load = (async () => {
      for (let i = 0; writing; i++) {
        const id = randomUUID();
        await a.ports.eventStore.append(`backupload-${i % 20}`, [{ id, type: 'BackupLoadTick', data: { i }, metadata: metadata() }]);
        acknowledged.push(id);
      }
    })();
    await new Promise((resolve) => setTimeout(resolve, 200));
    acknowledgedBefore = [...acknowledged];
    const backedUp = await cli('backup', backup, original);
    const ackedWhenDone = acknowledged.length;
    writing = false;
    await load;
    expect(backedUp.code, backedUp.out).toBe(0);
    writtenDuring = ackedWhenDone - acknowledgedBefore.length;
    expect(writtenDuring, 'events appended while the backup ran').toBeGreaterThan(0);
    await a.close();

    manifest = JSON.parse(readFileSync(path.join(backup, 'manifest.json'), 'utf8')) as BackupManifest;
    expect(manifest.files.map((f) => f.path)).toEqual(
      expect.arrayContaining(['events.db', 'readmodels.db', 'history.db', 'jwt-secret', 'encryption-key', 'media/logo.png']),
    );
    expect(manifest.files.every((f) => /^[0-9a-f]{64}$/.test(f.sha256))).toBe(true);
    expect(manifest.eventsPosition).toBeGreaterThan(0);
    expect(readdirSync(backup).some((f) => /-(wal|shm)$/.test(f) || f === 'locus.lock')).toBe(false);

    const restoredDir = dir('restored');
    const restored = await cli('restore', backup, restoredDir);
    expect(restored.code, restored.out).toBe(0);
    expect(readFileSync(path.join(restoredDir, 'media', 'logo.png'), 'utf8')).toBe('not really a png, but bytes to keep');

    const b = await start(restoredDir, reactors);
    const restoredEvents = await b.ports.eventStore.readAll();
    const ids = new Set(restoredEvents.map((e) => e.id));
    expect(acknowledgedBefore.filter((id) => !ids.has(id))).toEqual([]);
    expect(restoredEvents.at(-1)!.position).toBe(manifest.eventsPosition);
    // A consistent snapshot: the restored events are exactly the original's first ones.
    const originalStore = createSqliteEventStore({ file: path.join(original, 'events.db') });
    const originalEvents = await originalStore.readAll();
    await originalStore.close();
    expect(restoredEvents.map((e) => `${e.position}:${e.id}`)).toEqual(originalEvents.slice(0, restoredEvents.length).map((e) => `${e.position}:${e.id}`));
    // Signing in still works: the keys came along (the restored server reads the same sealed values).
    expect(readFileSync(path.join(restoredDir, 'jwt-secret'), 'utf8')).toBe(readFileSync(path.join(original, 'jwt-secret'), 'utf8'));
    const restoredDigests = await digests(b);
    await b.close();

    // Reference: the same events file alone, every read model built from nothing.
    const reference = dir('reference');
    mkdirSync(reference);
    for (const file of ['events.db', 'jwt-secret', 'encryption-key']) copyFileSync(path.join(restoredDir, file), path.join(reference, file));
    const r = await start(reference, reactors);
    const referenceDigests = await digests(r);
    await r.close();
    expect(Object.keys(restoredDigests).length).toBe(projections.length);
    expect(restoredDigests).toEqual(referenceDigests);
  }, 180_000);

  it('refuses a damaged backup and a data directory that is not empty', async () => {
    const damaged = dir('damaged');
    cpSync(backup, damaged, { recursive: true });
    const file = path.join(damaged, 'readmodels.db');
    const bytes = readFileSync(file);
    bytes[bytes.length - 100] = bytes[bytes.length - 100]! ^ 0xff;
    writeFileSync(file, bytes);
    const target = dir('from-damaged');
    const refused = await cli('restore', damaged, target);
    expect(refused.code).toBe(1);
    expect(refused.out).toContain('Restore refused: readmodels.db does not match its checksum in manifest.json');
    expect(existsSync(target) && readdirSync(target).length > 0).toBe(false);

    const incomplete = dir('incomplete');
    cpSync(backup, incomplete, { recursive: true });
    rmSync(path.join(incomplete, 'manifest.json'));
    expect((await cli('restore', incomplete, dir('from-incomplete'))).out).toContain('has no manifest.json: not a complete backup');

    const notEmpty = dir('not-empty');
    mkdirSync(notEmpty);
    writeFileSync(path.join(notEmpty, 'events.db'), 'x');
    const intoNotEmpty = await cli('restore', backup, notEmpty);
    expect(intoNotEmpty.code).toBe(1);
    expect(intoNotEmpty.out).toContain('is not empty: restore into a new or empty data directory');
    expect(readFileSync(path.join(notEmpty, 'events.db'), 'utf8')).toBe('x');
  }, 60_000);
});
