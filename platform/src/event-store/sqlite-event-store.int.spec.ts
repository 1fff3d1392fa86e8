import { execFile } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import Database from 'better-sqlite3';
import { afterAll, describe, expect, it, onTestFinished, vi } from 'vitest';
import { WrongExpectedVersionError, type EventToAppend, type RecordedEvent } from './event-store';
import { eventStoreContract } from './event-store.contract';
import { createSqliteEventStore } from './sqlite-event-store';
import { createUpcasterRegistry } from './upcasters';

const dir = mkdtempSync(path.join(os.tmpdir(), 'locus-sqlite-event-store-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const tempFile = () => path.join(dir, `${randomUUID()}.db`);

eventStoreContract('SQLite', async () => createSqliteEventStore({ file: tempFile(), variants: [] }), {
  gaplessPositions: true,
  startsEmpty: true,
  deduplicatesIdsUnderAny: true,
});

eventStoreContract('SQLite :memory:', async () => createSqliteEventStore({ file: ':memory:', variants: [] }), {
  gaplessPositions: true,
  startsEmpty: true,
  deduplicatesIdsUnderAny: true,
});

// The variants that behave as EventStoreDB does: positions with gaps (a position that is not an
// event's is refused), ids not recognised under 'any', and 'end' found a round trip after subscribing.
eventStoreContract('SQLite, gapped positions', async () => createSqliteEventStore({ file: tempFile(), variants: ['gapped'] }), {
  gaplessPositions: false,
  startsEmpty: true,
  deduplicatesIdsUnderAny: true,
});

eventStoreContract(
  'SQLite, gapped, not deduplicating, end found late',
  async () => createSqliteEventStore({ file: ':memory:', variants: ['gapped', 'no-dedup', 'late-end'] }),
  {
    gaplessPositions: false,
    startsEmpty: true,
    deduplicatesIdsUnderAny: false,
  },
);

const event = (data: unknown = {}): EventToAppend => ({
  id: randomUUID(),
  type: 'ThingHappened',
  data,
  metadata: {
    companyId: 'company-1',
    actor: { userId: 'user-1', role: 'CompanyUser' },
    correlationId: randomUUID(),
    causationId: null,
    occurredAt: new Date().toISOString(),
  },
});

async function takeMatching(iterable: AsyncIterable<RecordedEvent>, count: number): Promise<RecordedEvent[]> {
  const received: RecordedEvent[] = [];
  for await (const e of iterable) {
    received.push(e);
    if (received.length === count) break;
  }
  return received;
}

describe('SQLite event store — specifics', () => {
  it("with gapped positions, refuses a position that is not an event's, as EventStoreDB does", async () => {
    const store = createSqliteEventStore({ file: ':memory:', variants: ['gapped'] });
    await store.append('thing-1', [event({ n: 1 }), event({ n: 2 })]);
    const [first, second] = await store.readAll();
    expect(second!.position).toBeGreaterThan(first!.position + 1);
    await expect(store.readAll({ after: second!.position - 1 })).rejects.toMatchObject({ code: 'EVENTSTORE.INVALID_POSITION' });
    expect(() => store.subscribeToAll({ after: first!.position + 1 })).toThrow(/not the position of an event/);
    expect(await store.eventAt(second!.position - 1)).toBeNull();
    await store.close();
  });

  it('keeps events and continues positions after reopening the file', async () => {
    const file = tempFile();
    const first = createSqliteEventStore({ file });
    await first.append('thing-1', [event({ n: 0 }), event({ n: 1 })], { expectedRevision: 'no_stream' });
    await first.close();

    const reopened = createSqliteEventStore({ file });
    const result = await reopened.append('thing-2', [event({ n: 2 })], { expectedRevision: 'no_stream' });
    expect(result.position).toBe(3);
    expect((await reopened.readAll()).map((e) => e.position)).toEqual([1, 2, 3]);
    expect((await reopened.readStream('thing-1')).map((e) => e.data)).toEqual([{ n: 0 }, { n: 1 }]);
    await reopened.close();
  });

  it('a subscription sees appends made through another store instance on the same file', async () => {
    const file = tempFile();
    const reader = createSqliteEventStore({ file });
    const writer = createSqliteEventStore({ file });
    const subscription = reader.subscribeToAll();
    const receiving = takeMatching(subscription, 20);
    for (let i = 0; i < 20; i++) await writer.append(`thing-${i % 3}`, [event({ i })]);
    const received = await receiving;
    expect(received.map((e) => e.position)).toEqual(Array.from({ length: 20 }, (_, i) => i + 1));
    expect(received.map((e) => e.data)).toEqual(Array.from({ length: 20 }, (_, i) => ({ i })));
    await writer.close();
    await reader.close();
  });

  it('a subscription sees appends made by another process sharing the file', async () => {
    const file = tempFile();
    const reader = createSqliteEventStore({ file });
    await reader.append('thing-0', [event({ from: 'parent' })]);
    const subscription = reader.subscribeToAll({ after: 'end' });
    const receiving = takeMatching(subscription, 30);

    const script = path.join(dir, `writer-${randomUUID()}.mts`);
    const adapter = path.join(import.meta.dirname, 'sqlite-event-store.ts');
    writeFileSync(
      script,
      `import { createSqliteEventStore } from ${JSON.stringify(adapter)};
const store = createSqliteEventStore({ file: ${JSON.stringify(file)} });
for (let i = 0; i < 30; i++) {
  await store.append('thing-' + (i % 2 + 1), [{ id: crypto.randomUUID(), type: 'FromChild', data: { i }, metadata: { companyId: null, actor: { userId: 'system', role: 'System' }, correlationId: 'c', causationId: null, occurredAt: new Date().toISOString() } }]);
}
await store.close();
`,
    );
    const tsxCli = path.resolve(import.meta.dirname, '../../../node_modules/tsx/dist/cli.mjs');
    await promisify(execFile)(process.execPath, [tsxCli, script]);

    const received = await receiving;
    expect(received.map((e) => e.type)).toEqual(Array(30).fill('FromChild'));
    expect(received.map((e) => e.position)).toEqual(Array.from({ length: 30 }, (_, i) => i + 2));
    await reader.close();
  });

  it("looks for other connections' commits less often while there are none, and at the quick rate again once one comes", async () => {
    const file = tempFile();
    // The same file under another name: its commits are not announced to the reader in-process,
    // as another process's are not.
    const alias = path.join(os.tmpdir(), `locus-sqlite-alias-${randomUUID()}`);
    symlinkSync(dir, alias);
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    vi.setSystemTime(1_000_000);
    const reader = createSqliteEventStore({ file, pollIntervalMs: 100, idlePollIntervalMs: 800, variants: [] });
    const other = createSqliteEventStore({ file: path.join(alias, path.basename(file)), variants: [] });
    try {
      const received: RecordedEvent[] = [];
      const subscription = reader.subscribeToAll({ after: 'end' });
      void (async () => {
        for await (const e of subscription) received.push(e);
      })();
      const settle = async () => {
        for (let i = 0; i < 5; i++) await new Promise((resolve) => setImmediate(resolve));
      };
      // Quiet: looks after 100, 200 and 400 ms, then on the clock's multiples of 800 ms (at 800,
      // 1,600 and 2,400 from the start); the next one is 800 ms away.
      vi.advanceTimersByTime(2_400);
      await other.append('thing-1', [event({ n: 1 })]);
      vi.advanceTimersByTime(700);
      await settle();
      expect(received).toHaveLength(0);
      vi.advanceTimersByTime(100);
      await settle();
      expect(received.map((e) => e.data)).toEqual([{ n: 1 }]);
      // A commit was found: the next look is at the quick rate.
      await other.append('thing-1', [event({ n: 2 })]);
      vi.advanceTimersByTime(100);
      await settle();
      expect(received.map((e) => e.data)).toEqual([{ n: 1 }, { n: 2 }]);
      await subscription.unsubscribe();
    } finally {
      vi.useRealTimers();
      await other.close();
      await reader.close();
      rmSync(alias, { force: true });
    }
  });

  it('opens a file made with the former event-id index, drops it, and keeps re-appends idempotent', async () => {
    const file = tempFile();
    const old = new Database(file);
    old.exec(`
      CREATE TABLE events (position INTEGER PRIMARY KEY, stream_name TEXT NOT NULL, revision INTEGER NOT NULL, event_id TEXT NOT NULL,
        type TEXT NOT NULL, data TEXT NOT NULL, metadata TEXT NOT NULL, created INTEGER NOT NULL);
      CREATE UNIQUE INDEX events_stream_revision ON events (stream_name, revision);
      CREATE UNIQUE INDEX events_stream_event_id ON events (stream_name, event_id);
    `);
    const first = event({ n: 0 });
    old
      .prepare('INSERT INTO events VALUES (1, ?, 0, ?, ?, ?, ?, ?)')
      .run('thing-1', first.id, first.type, '{"n":0}', JSON.stringify(first.metadata), Date.now());
    old.close();

    const store = createSqliteEventStore({ file });
    const indexes = new Database(file, { readonly: true });
    expect(indexes.prepare("SELECT name FROM sqlite_master WHERE type = 'index' ORDER BY name").pluck().all()).toEqual(['events_stream_revision']);
    indexes.close();
    const [a, b] = [event({ n: 1 }), event({ n: 2 })];
    const written = await store.append('thing-1', [a, b], { expectedRevision: 'any' });
    expect(written).toEqual({ position: 3, nextExpectedRevision: 2n });
    expect(await store.append('thing-1', [a, b], { expectedRevision: 'any' })).toEqual(written);
    expect(await store.append('thing-1', [first], { expectedRevision: 'stream_exists' })).toEqual({ position: 1, nextExpectedRevision: 0n });
    await expect(store.append('thing-1', [b, event()], { expectedRevision: 'any' })).rejects.toBeInstanceOf(WrongExpectedVersionError);
    expect((await store.readStream('thing-1')).map((e) => e.data)).toEqual([{ n: 0 }, { n: 1 }, { n: 2 }]);
    await store.close();
  });

  it('appends made together are committed together, each with its own outcome, as if one after the other', async () => {
    const file = tempFile();
    const store = createSqliteEventStore({ file });
    await store.append('thing-existing', [event({ n: 0 })], { expectedRevision: 'no_stream' });
    const repeated = event({ n: 'again' });
    const results = await Promise.allSettled([
      store.append('thing-a', [event({ n: 1 })], { expectedRevision: 'no_stream' }),
      store.append('thing-existing', [event({ n: 2 })], { expectedRevision: 'no_stream' }), // conflicts
      store.append('thing-a', [event({ n: 3 }), event({ n: 4 })], { expectedRevision: 0n }), // sees the first
      store.append('thing-b', [repeated], { expectedRevision: 'no_stream' }),
      store.append('thing-b', [repeated], { expectedRevision: 'no_stream' }), // idempotent re-append
      store.append('thing-a', [event({ n: 5 })], { expectedRevision: 0n }), // stale by now
    ]);
    expect(results.map((r) => r.status)).toEqual(['fulfilled', 'rejected', 'fulfilled', 'fulfilled', 'fulfilled', 'rejected']);
    const value = (i: number) => (results[i] as PromiseFulfilledResult<{ position: number; nextExpectedRevision: bigint }>).value;
    expect(value(0)).toEqual({ position: 2, nextExpectedRevision: 0n });
    expect(value(2)).toEqual({ position: 4, nextExpectedRevision: 2n });
    expect(value(3)).toEqual({ position: 5, nextExpectedRevision: 0n });
    expect(value(4)).toEqual({ position: 5, nextExpectedRevision: 0n });
    expect((results[1] as PromiseRejectedResult).reason).toBeInstanceOf(WrongExpectedVersionError);
    expect((results[5] as PromiseRejectedResult).reason).toBeInstanceOf(WrongExpectedVersionError);
    expect((await store.readAll()).map((e) => [e.streamName, e.position, (e.data as { n: unknown }).n])).toEqual([
      ['thing-existing', 1, 0],
      ['thing-a', 2, 1],
      ['thing-a', 3, 3],
      ['thing-a', 4, 4],
      ['thing-b', 5, 'again'],
    ]);
    // Accepted appends are written even when the store is closed right away.
    const late = store.append('thing-c', [event({ n: 6 })]);
    await store.close();
    await expect(late).resolves.toEqual({ position: 6, nextExpectedRevision: 0n });
    const reopened = createSqliteEventStore({ file });
    expect((await reopened.readStream('thing-c')).map((e) => e.data)).toEqual([{ n: 6 }]);
    await reopened.close();
  });

  it('many subscriptions share one tail: each gets every event once, in order, as its own objects', async () => {
    const store = createSqliteEventStore({ file: tempFile() });
    for (let i = 0; i < 30; i++) await store.append(`thing-${i % 4}`, [event({ i })]);
    const total = 30 + 5 * 80;
    // Some start at the beginning (catching up in small pages), some in the middle, some at the end.
    const starts: (number | 'end')[] = [0, 0, 7, 29, 'end', 'end'];
    const subscriptions = starts.map((after, k) => store.subscribeToAll({ after, batchSize: k === 0 ? 3 : 50 }));
    const receiving = subscriptions.map((s, k) => takeMatching(s, total - (starts[k] === 'end' ? 30 : (starts[k] as number))));
    await Promise.all(
      Array.from({ length: 5 }, async (_, w) => {
        for (let i = 0; i < 80; i++) {
          await store.append(`writer-${w}`, [event({ w, i })]);
          if (i % 7 === 0) await new Promise((resolve) => setImmediate(resolve));
        }
      }),
    );
    const received = await Promise.all(receiving);
    received.forEach((events, k) => {
      const from = starts[k] === 'end' ? 30 : (starts[k] as number);
      expect(events.map((e) => e.position)).toEqual(Array.from({ length: total - from }, (_, i) => from + i + 1));
    });
    const all = await store.readAll();
    expect(received[0]!.map((e) => e.data)).toEqual(all.map((e) => e.data));
    // No two subscriptions share an event object: changing one's data leaves the others alone.
    const [a, b] = [received[0]!.at(-1)!, received[1]!.at(-1)!];
    expect(a).not.toBe(b);
    (a.data as { w: number }).w = -1;
    expect((b.data as { w: number }).w).not.toBe(-1);
    await store.close();
  });

  it('a subscription that falls far behind the tail reads on by itself, without gap or duplicate', async () => {
    const store = createSqliteEventStore({ file: tempFile(), tailQueueLimit: 20 });
    const fast = store.subscribeToAll({ after: 'end' });
    const slow = store.subscribeToAll({ after: 'end' });
    const fastReceiving = takeMatching(fast, 300);
    const slowIterator = slow[Symbol.asyncIterator]();
    const firstOfSlow = slowIterator.next();
    // The slow one takes one event, then nothing while 300 more rows pile up (limit 20).
    await store.append('thing-0', [event({ i: 0 })]);
    const first = await firstOfSlow;
    for (let i = 1; i < 300; i++) {
      await store.append(`thing-${i % 5}`, [event({ i })]);
      if (i % 10 === 0) await new Promise((resolve) => setImmediate(resolve));
    }
    const slowRest: RecordedEvent[] = [];
    while (slowRest.length < 299) {
      const next = await slowIterator.next();
      slowRest.push(next.value as RecordedEvent);
    }
    const fastReceived = await fastReceiving;
    const expected = Array.from({ length: 300 }, (_, i) => i + 1);
    expect(fastReceived.map((e) => e.position)).toEqual(expected);
    expect([first.value as RecordedEvent, ...slowRest].map((e) => e.position)).toEqual(expected);
    expect(slowRest.map((e) => (e.data as { i: number }).i)).toEqual(expected.slice(1).map((p) => p - 1));
    await slow.unsubscribe();
    await store.close();
  });

  it('filtered subscriptions on the shared tail get only their types and checkpoints past the rest, also after falling behind', async () => {
    const store = createSqliteEventStore({ file: tempFile(), tailQueueLimit: 15 });
    const typed = (type: string, data: unknown): EventToAppend => ({ ...event(data), type });
    for (let i = 0; i < 20; i++) await store.append(`thing-${i % 3}`, [typed(i % 4 === 0 ? 'Wanted' : 'Other', { i })]);
    const runs = [
      { after: 0, slow: false },
      { after: 10, slow: false },
      { after: 0, slow: true }, // stalls, so the tail drops it and it reads by itself
    ].map(({ after, slow }) => {
      const received: RecordedEvent[] = [];
      const checkpoints: { position: number; taken: number }[] = [];
      const subscription = store.subscribeToAll({
        after,
        batchSize: 4,
        eventTypes: ['Wanted'],
        onCheckpoint: (position) => checkpoints.push({ position, taken: received.length }),
      });
      let release!: () => void;
      const stalled = new Promise<void>((resolve) => (release = resolve));
      const consuming = (async () => {
        for await (const e of subscription) {
          received.push(e);
          if (slow && received.length === 6) await stalled; // the first event it gets from the tail
        }
      })();
      return { after, received, checkpoints, subscription, consuming, release };
    });
    for (let i = 20; i < 120; i++) {
      await store.append(`thing-${i % 3}`, [typed(i % 4 === 0 ? 'Wanted' : 'Other', { i })]);
      if (i % 9 === 0) await new Promise((resolve) => setImmediate(resolve));
    }
    runs[2]!.release();
    const head = await store.headPosition();
    for (const run of runs) {
      for (const deadline = Date.now() + 10_000; (run.checkpoints.at(-1)?.position ?? 0) < head;) {
        if (Date.now() > deadline) throw new Error(`no checkpoint at ${head}: ${JSON.stringify(run.checkpoints.slice(-3))}`);
        await new Promise((resolve) => setTimeout(resolve, 5));
      }
      await run.subscription.unsubscribe();
      await run.consuming;
      const expected = (await store.readAll({ after: run.after })).filter((e) => e.type === 'Wanted').map((e) => e.position);
      expect(run.received.map((e) => e.position)).toEqual(expected);
      for (const { position, taken } of run.checkpoints) {
        for (const e of run.received.slice(0, taken)) expect(e.position).toBeLessThanOrEqual(position);
        for (const e of run.received.slice(taken)) expect(e.position).toBeGreaterThan(position);
      }
    }
    await store.close();
  });

  it('a filtered subscription catching up looks at a window of positions at a time and lets other work run in between', async () => {
    const store = createSqliteEventStore({ file: tempFile(), catchUpWindow: 10 });
    const typed = (type: string): EventToAppend => ({ ...event(), type });
    await store.append(
      'thing-1',
      Array.from({ length: 95 }, () => typed('Other')),
    );
    await store.append(
      'thing-2',
      Array.from({ length: 5 }, () => typed('Wanted')),
    );
    // Turns of the event loop (what an HTTP request waits for) counted while it catches up.
    let turns = 0;
    let counting = true;
    const count = () => {
      turns++;
      if (counting) setImmediate(count);
    };
    setImmediate(count);
    const checkpoints: { position: number; turns: number }[] = [];
    const subscription = store.subscribeToAll({ after: 0, eventTypes: ['Wanted'], onCheckpoint: (position) => checkpoints.push({ position, turns }) });
    const received = await takeMatching(subscription, 5);
    counting = false;
    await subscription.unsubscribe();
    expect(received.map((e) => e.position)).toEqual([96, 97, 98, 99, 100]);
    // Before reaching its events: one window at a time, with other work between two windows.
    const skipping = checkpoints.filter((c) => c.position <= 95);
    expect(skipping.map((c) => c.position)).toEqual([10, 20, 30, 40, 50, 60, 70, 80, 90]);
    for (let i = 1; i < skipping.length; i++) expect(skipping[i]!.turns).toBeGreaterThan(skipping[i - 1]!.turns);
    await store.close();
  });

  it('with gapped positions, a filtered subscription catching up passes an event larger than its window', async () => {
    // A gap is the previous event's size: a publish naming 500 locations leaves a gap wider than
    // the window, with no event in it to move the cursor to.
    const store = createSqliteEventStore({ file: ':memory:', variants: ['gapped'], catchUpWindow: 100 });
    const typed = (type: string, data: Record<string, unknown> = {}): EventToAppend => ({ ...event(data), type });
    await store.append('thing-1', [typed('Other'), typed('Other', { ids: 'x'.repeat(1_000) }), typed('Other')]);
    await store.append('thing-2', [typed('Wanted')]);
    const wanted = (await store.readAll()).filter((e) => e.type === 'Wanted').map((e) => e.position);
    const checkpoints: number[] = [];
    const subscription = store.subscribeToAll({ after: 0, eventTypes: ['Wanted'], onCheckpoint: (position) => checkpoints.push(position) });
    const received = await Promise.race([takeMatching(subscription, 1), new Promise<RecordedEvent[]>((resolve) => setTimeout(() => resolve([]), 2_000))]);
    await subscription.unsubscribe();
    expect(received.map((e) => e.position)).toEqual(wanted);
    // Every checkpoint it reported on the way is an event's, so a restart from it is accepted.
    const positions = new Set((await store.readAll()).map((e) => e.position));
    for (const position of checkpoints) expect(positions.has(position)).toBe(true);
    await store.close();
  });

  it('tells a caught-up subscription of positions without its events together, not after each append', async () => {
    const typed = (type: string): EventToAppend => ({ ...event(), type });
    // The progress ticks fall on the clock's multiples of their interval: the clock stands at one.
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(600_000_000);
    onTestFinished(() => void vi.useRealTimers());
    const run = async (progressWakeMs: number) => {
      const store = createSqliteEventStore({ file: ':memory:', progressWakeMs });
      const told: number[] = [];
      const subscription = store.subscribeToAll({ after: 0, eventTypes: ['Wanted'], onCheckpoint: (position) => told.push(position) });
      const taken: RecordedEvent[] = [];
      void (async () => {
        for await (const e of subscription) taken.push(e);
      })();
      await store.append('thing-1', [typed('Wanted')]);
      await expect.poll(() => taken.length).toBe(1);
      for (let i = 0; i < 5; i++) {
        await store.append('thing-2', [typed('Other')]);
        await new Promise((r) => setImmediate(r));
      }
      return { store, told, taken, subscription };
    };

    // Waiting longer than the test: nothing about the five others until its next event comes.
    const lazy = await run(600_000);
    expect(lazy.told.filter((p) => p > 1)).toEqual([]);
    await lazy.store.append('thing-1', [typed('Wanted')]);
    await expect.poll(() => lazy.taken.map((e) => e.position)).toEqual([1, 7]);
    await expect.poll(() => lazy.told.at(-1)).toBe(7);
    await lazy.subscription.unsubscribe();
    await lazy.store.close();

    // Or when the subscriber asks (a reader waits for its position).
    const asked = await run(600_000);
    expect(asked.told.filter((p) => p > 1)).toEqual([]);
    asked.subscription.reportProgress!();
    await expect.poll(() => asked.told.at(-1)).toBe(6);
    await asked.subscription.unsubscribe();
    await asked.store.close();

    // Within the delay (250 ms by default, 200 here): the five positions arrive in fewer reports than five appends.
    const soon = await run(200);
    await expect.poll(() => soon.told.at(-1)).toBe(6);
    expect(soon.told.filter((p) => p > 1).length).toBeLessThan(5);
    await soon.subscription.unsubscribe();
    await soon.store.close();
  });

  it('events expose data and metadata as plain values (spread, JSON, equality, assignment)', async () => {
    const store = createSqliteEventStore({ file: ':memory:' });
    const appended = event({ nested: { list: [1, 2] } });
    await store.append('thing-1', [appended]);
    const [read] = await store.readAll();
    expect({ ...read! }.data).toEqual({ nested: { list: [1, 2] } });
    expect(JSON.parse(JSON.stringify({ ...read!, revision: String(read!.revision) })).metadata).toEqual(appended.metadata);
    expect(read).toEqual({
      id: appended.id,
      type: 'ThingHappened',
      streamName: 'thing-1',
      revision: 0n,
      position: 1,
      data: { nested: { list: [1, 2] } },
      metadata: appended.metadata,
      created: expect.any(Date),
    });
    read!.data = { replaced: true };
    expect(read!.data).toEqual({ replaced: true });
    await store.close();
  });

  it('applies the upcaster registry it is given', async () => {
    const upcasters = createUpcasterRegistry();
    upcasters.register('ThingHappened', 1, (data) => ({ ...(data as object), upcast: true }));
    const store = createSqliteEventStore({ file: ':memory:', upcasters });
    await store.append('thing-1', [event({ n: 1 })]);
    const [read] = await store.readStream('thing-1');
    expect(read!.data).toEqual({ n: 1, upcast: true });
    expect(read!.metadata.schemaVersion).toBe(2);
    await store.close();
  });

  it('rejects bad input with errors that name the argument', async () => {
    const store = createSqliteEventStore({ file: ':memory:' });
    await expect(store.append('', [event()])).rejects.toThrow(/streamName/);
    await expect(store.append('thing-1', [])).rejects.toThrow(/non-empty array/);
    await expect(store.append('thing-1', [{ ...event(), id: 'evt-1' }])).rejects.toThrow(/event id must be a lowercase UUID/);
    const twice = event();
    await expect(store.append('thing-1', [twice, twice])).rejects.toThrow(/appears twice/);
    await expect(store.readAll({ maxCount: -2 })).rejects.toThrow(/maxCount/);
    await expect(store.readAll({ after: 1.5 })).rejects.toThrow(/after/);
    await expect(store.readStream('thing-1', { fromRevision: -1n })).rejects.toThrow(/fromRevision/);
    expect(() => store.subscribeToAll({ batchSize: 0 })).toThrow(/batchSize/);
    expect(await store.headPosition()).toBe(0);
    await store.close();
    await expect(store.headPosition()).rejects.toThrow(/closed/);
  });
});
