import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, describe, expect, it } from 'vitest';
import { HISTORY_COLLECTION, subjects, type EventMetadata, type HistoryDoc } from '@locus/contracts';
import { createLogger } from '@locus/platform';
import { loadConfig } from '@locus/platform/config/config';
import { createSqliteEventStore } from '@locus/platform/event-store/sqlite-event-store';
import { createEmbeddedReadStore } from '@locus/platform/read-store/embedded-read-store';
import { createInProcessBus } from '@locus/platform/bus/in-process-bus';
import { physicalCollectionName } from '@locus/platform/runtime/generations';
import { createProjectorRuntime } from '@locus/platform/runtime/projector-runtime';
import { historyProjection } from '@locus/projectors/audit/index';
import { freePort } from './free-port';
import { startProjectionThreads } from './projection-threads';
import { startLocusStack, type LocusStack } from './stack';

const dirs: string[] = [];
afterAll(() => dirs.forEach((d) => rmSync(d, { recursive: true, force: true })));

const companyId = randomUUID();
const metadata = (): EventMetadata => ({
  companyId,
  actor: { userId: randomUUID(), role: 'CompanyAdmin' },
  correlationId: randomUUID(),
  causationId: null,
  occurredAt: new Date().toISOString(),
});
const noteEvent = (text: string) => ({ id: randomUUID(), type: 'NoteWritten', data: { text }, metadata: metadata() });

async function start(dataDir: string): Promise<LocusStack> {
  const env = {
    LOCUS_DATA_DIR: dataDir,
    LOCUS_SANDBOX: '0',
    LOCUS_DEMO: '0',
    PORT: String(await freePort()),
    LOCUS_ADMIN_EMAIL: 'admin@thread.test',
    SMTP_HOST: '127.0.0.1',
    SMTP_PORT: '1',
  };
  return startLocusStack(loadConfig(env), { logger: createLogger({ level: 'silent' }), serveWeb: false, startSandbox: false });
}

/** Collections of a read-model file, read beside the running server. */
const tablesOf = (file: string) => {
  const db = new Database(file, { readonly: true });
  try {
    return (db.prepare('SELECT name FROM collections ORDER BY name').all() as { name: string }[]).map((r) => r.name);
  } finally {
    db.close();
  }
};

const historyOf = async (stack: LocusStack) => {
  const head = await stack.ports.eventStore.headPosition();
  expect(await stack.commandDeps.readModels.waitForPosition(head, 10_000)).toBe(true);
  return stack.commandDeps.readModels
    .collection<HistoryDoc & { _id: string }>(HISTORY_COLLECTION)
    .find({ companyId, type: 'NoteWritten' }, { sort: { position: 1 } });
};

/**
 * A thread following a fresh data directory, once the line of an event appended before it
 * started is there (it is live from then on: later lines come only as it is told or polls).
 */
async function liveThread(prefix: string, options: { readDelayMs?: number }) {
  const dataDir = mkdtempSync(path.join(tmpdir(), prefix));
  dirs.push(dataDir);
  const eventStore = createSqliteEventStore({ file: path.join(dataDir, 'events.db') });
  const readStore = createEmbeddedReadStore({ file: path.join(dataDir, 'readmodels.db') });
  const bus = createInProcessBus();
  const before = noteEvent('before');
  await eventStore.append(`note-${randomUUID()}`, [before]);
  const threads = await startProjectionThreads({
    dataDir,
    readStore,
    bus,
    projections: [historyProjection],
    logger: createLogger({ level: 'silent' }),
    ...options,
    // A poll this slow never answers within a test.
    pollIntervalMs: 60_000,
    waitForIdle: false,
  });
  const lines = threads.readStore.collection<HistoryDoc>(physicalCollectionName(HISTORY_COLLECTION, 1));
  await expect.poll(() => lines.findOne({ _id: before.id }), { timeout: 10_000 }).not.toBeNull();
  const close = async () => {
    await threads.stop();
    await readStore.close();
    await eventStore.close();
  };
  return { eventStore, bus, lines, close };
}

describe('the company history on its own thread (all-in-one server, embedded stores)', () => {
  it('moves a history readmodels.db held to history.db, follows live there, and resumes after a restart', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'locus-history-thread-'));
    dirs.push(dataDir);
    // A data directory of the Locus before: the history projected into readmodels.db.
    {
      const eventStore = createSqliteEventStore({ file: path.join(dataDir, 'events.db') });
      const readStore = createEmbeddedReadStore({ file: path.join(dataDir, 'readmodels.db') });
      for (let i = 0; i < 3; i++) await eventStore.append(`note-${randomUUID()}`, [noteEvent(`before ${i}`)]);
      const runtime = createProjectorRuntime({ eventStore, readStore, bus: createInProcessBus(), projections: [historyProjection] });
      await runtime.start();
      expect(await runtime.waitForPosition(await eventStore.headPosition(), 10_000)).toBe(true);
      await runtime.stop();
      await readStore.close();
      await eventStore.close();
      expect(tablesOf(path.join(dataDir, 'readmodels.db'))).toContain('history__g1');
    }

    let stack = await start(dataDir);
    try {
      expect((await historyOf(stack)).map((d) => d.changes)).toEqual([0, 1, 2].map((i) => [{ field: 'text', before: null, after: `before ${i}` }]));
      expect(tablesOf(path.join(dataDir, 'readmodels.db')).filter((n) => n.startsWith('history'))).toEqual([]);
      expect(tablesOf(path.join(dataDir, 'history.db'))).toEqual(expect.arrayContaining(['history__g1', 'history-entities__g1']));

      // Live: a new event's line, and its changed message on the server's bus.
      const told: unknown[] = [];
      const sub = stack.ports.bus.subscribe(subjects.changed(companyId, HISTORY_COLLECTION), (m) => told.push(m.data));
      const written = await stack.ports.eventStore.append(`note-${randomUUID()}`, [noteEvent('live')]);
      const lines = await historyOf(stack);
      expect(lines.at(-1)).toMatchObject({ position: written.position, changes: [{ field: 'text', before: null, after: 'live' }] });
      await expect.poll(() => told.length).toBeGreaterThan(0);
      sub.unsubscribe();
    } finally {
      await stack.close();
    }

    // Restarted: nothing is rebuilt, the thread goes on from its checkpoint.
    stack = await start(dataDir);
    try {
      await stack.ports.eventStore.append(`note-${randomUUID()}`, [noteEvent('after restart')]);
      expect((await historyOf(stack)).map((d) => d.changes[0]?.after)).toEqual(['before 0', 'before 1', 'before 2', 'live', 'after restart']);
      expect(tablesOf(path.join(dataDir, 'history.db')).filter((n) => n.startsWith('history__'))).toEqual(['history__g1']);

      // An operator's rebuild (run by the server, written through to the thread's file) switches the thread over.
      stack.rebuildJobs.start('history');
      expect(await stack.rebuildJobs.whenDone('history')).toMatchObject({ state: 'done', generation: 2 });
      await stack.ports.eventStore.append(`note-${randomUUID()}`, [noteEvent('after rebuild')]);
      await expect.poll(async () => (await historyOf(stack)).map((d) => d.changes[0]?.after).at(-1)).toBe('after rebuild');
      expect((await historyOf(stack)).length).toBe(6);
      await expect.poll(() => tablesOf(path.join(dataDir, 'history.db')).filter((n) => n.startsWith('history__'))).toEqual(['history__g2']);
    } finally {
      await stack.close();
    }
  });

  it("reads the server's appends as they are announced, not at its slow poll of events.db", async () => {
    const { eventStore, lines, close } = await liveThread('locus-history-announced-', {});
    try {
      // Twice: the thread asks again after each announced read.
      for (const text of ['first', 'second']) {
        const event = noteEvent(text);
        const written = await eventStore.append(`note-${randomUUID()}`, [event]);
        await expect.poll(() => lines.findOne({ _id: event.id }), { timeout: 5_000 }).toMatchObject({ position: written.position });
      }
    } finally {
      await close();
    }
  });

  it('reads at once when a reader waits for a position, before its delay and its poll', async () => {
    const { eventStore, bus, lines, close } = await liveThread('locus-history-wanted-', { readDelayMs: 60_000 });
    try {
      for (const text of ['first', 'second']) {
        const event = noteEvent(text);
        const written = await eventStore.append(`note-${randomUUID()}`, [event]);
        bus.publish(subjects.positionWanted(historyProjection.name), { projection: historyProjection.name, position: written.position });
        await expect.poll(() => lines.findOne({ _id: event.id }), { timeout: 5_000 }).toMatchObject({ position: written.position });
      }
    } finally {
      await close();
    }
  });
});
