import { afterEach, describe, expect, it, onTestFinished, vi } from 'vitest';
import { LIVE_CHANGED_IDS_CAP, subjects, type ChangedMessage } from '@locus/contracts';
import type { Bus, BusMessage } from '../bus/bus';
import { createInProcessBus } from '../bus/in-process-bus';
import { eventually } from '../bus/bus.contract';
import type { EventStore, RecordedEvent } from '../event-store/event-store';
import { createSqliteEventStore } from '../event-store/sqlite-event-store';
import type { AtomicBatch, ReadStore } from '../read-store/read-store';
import { createEmbeddedReadStore } from '../read-store/embedded-read-store';
import type { ProjectionDefinition } from './definitions';
import { physicalCollectionName, projectionCheckpointName, readProjectionState } from './generations';
import { createLeases } from './lease';
import { createProjectorRuntime, type ProjectorRuntime } from './projector-runtime';
import { createReadModels } from './read-models';
import { rebuildProjection } from './rebuild';
import { appendHistory, digestCollections, foldInMemory, generateShopHistory, readActive, readGeneration, shopProjection } from './testing/shop-projection';

const noSleep = async () => undefined;

interface Stack {
  eventStore: EventStore;
  readStore: ReadStore;
  bus: Bus;
  messages: BusMessage[];
}

const open: { close(): Promise<void> }[] = [];
const runtimes: ProjectorRuntime[] = [];

function stack(): Stack {
  const eventStore = createSqliteEventStore({ file: ':memory:' });
  const readStore = createEmbeddedReadStore({ file: ':memory:' });
  const bus = createInProcessBus();
  const messages: BusMessage[] = [];
  bus.subscribe('>', (m) => messages.push(m));
  open.push(bus, readStore, eventStore);
  return { eventStore, readStore, bus, messages };
}

async function appendSignIns(eventStore: EventStore, count: number) {
  for (let i = 0; i < count; i++) {
    await eventStore.append(`user-u${i}`, [
      {
        id: `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`,
        type: 'UserSignedIn',
        data: {},
        metadata: { companyId: null, actor: { userId: 'u', role: 'CompanyUser' }, correlationId: 'x', causationId: null, occurredAt: new Date().toISOString() },
      },
    ]);
  }
}

function runtime(s: Stack, projections: ProjectionDefinition[], extra: Partial<Parameters<typeof createProjectorRuntime>[0]> = {}) {
  const r = createProjectorRuntime({ eventStore: s.eventStore, readStore: s.readStore, bus: s.bus, projections, sleep: noSleep, ...extra });
  runtimes.push(r);
  return r;
}

async function caughtUp(s: Stack, r: ProjectorRuntime): Promise<void> {
  const head = await s.eventStore.headPosition();
  expect(await r.waitForPosition(head, 15_000)).toBe(true);
  await s.bus.flush();
}

/** Wraps a projection to record which events it evolved. */
function counting(def: ProjectionDefinition) {
  const seen: string[] = [];
  return {
    seen,
    def: {
      ...def,
      evolve: (e: RecordedEvent, docs: Parameters<ProjectionDefinition['evolve']>[1]) => (seen.push(e.id), def.evolve(e, docs)),
    } as ProjectionDefinition,
  };
}

const metaOf = (companyId: string) => ({
  companyId,
  actor: { userId: 'u', role: 'CompanyAdmin' as const },
  correlationId: 'c',
  causationId: null,
  occurredAt: '2024-05-01T00:00:00.000Z',
});
const eventId = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
/** Store `s<n>` of acme opened, as an event to append. */
const storeOpened = (n: number) => ({
  id: eventId(n),
  type: 'StoreOpened',
  data: { storeId: `s${n}`, companyId: 'acme', name: `S${n}`, city: 'Austin' },
  metadata: metaOf('acme'),
});

const changed = (messages: BusMessage[]) => messages.filter((m) => (m.data as { kind?: string })?.kind === 'changed');

afterEach(async () => {
  for (const r of runtimes.splice(0)) await r.stop();
  for (const c of open.splice(0).reverse()) await c.close();
});

describe('projector runtime', () => {
  it('given a history, builds documents equal to folding the same events in memory, then follows live appends', async () => {
    const s = stack();
    const def = shopProjection();
    const history = generateShopHistory(3_000, 1);
    await appendHistory(s.eventStore, history.slice(0, 2_000));
    const r = runtime(s, [def]);
    await r.start();
    await caughtUp(s, r);
    expect(digestCollections(await readActive(s.readStore, def))).toBe(digestCollections(await foldInMemory(def, await s.eventStore.readAll())));

    await appendHistory(s.eventStore, history.slice(2_000), 'live');
    await caughtUp(s, r);
    expect(digestCollections(await readActive(s.readStore, def))).toBe(digestCollections(await foldInMemory(def, await s.eventStore.readAll())));
    expect(r.status()[0]).toMatchObject({ name: 'shop', generation: 1, state: 'live', position: await s.eventStore.headPosition() });
  });

  it('resumes exactly after a restart: every event evolved once, none skipped', async () => {
    const s = stack();
    const history = generateShopHistory(2_400, 2);
    const c = counting(shopProjection());
    await appendHistory(s.eventStore, history.slice(0, 800));
    const first = runtime(s, [c.def]);
    await first.start();
    await caughtUp(s, first);
    await appendHistory(s.eventStore, history.slice(800, 1_600), 'b');
    await caughtUp(s, first);
    await first.stop();

    await appendHistory(s.eventStore, history.slice(1_600), 'c');
    const second = runtime(s, [c.def]);
    await second.start();
    await caughtUp(s, second);

    const all = await s.eventStore.readAll();
    const handled = all.filter((e) => c.def.handles.includes(e.type)).map((e) => e.id);
    expect(c.seen).toEqual(handled);
    expect(digestCollections(await readActive(s.readStore, c.def))).toBe(digestCollections(await foldInMemory(c.def, all)));
  });

  it('only advances the checkpoint for events it does not handle: at once in memory and on the bus, in the store when it stops', async () => {
    const s = stack();
    const def = shopProjection();
    await appendHistory(s.eventStore, generateShopHistory(60, 3).slice(0, 60));
    const r = runtime(s, [def], { checkpointFlushMs: 600_000 });
    await r.start();
    await caughtUp(s, r);
    const before = digestCollections(await readActive(s.readStore, def));
    const stored = (await s.readStore.getCheckpoint(projectionCheckpointName('shop', 1)))!.position;
    const commits: AtomicBatch[] = [];
    const commit = s.readStore.commit.bind(s.readStore);
    s.readStore.commit = async (batch: AtomicBatch) => {
      commits.push(batch);
      await commit(batch);
    };
    s.messages.length = 0;
    await appendSignIns(s.eventStore, 30);
    await caughtUp(s, r);
    const head = await s.eventStore.headPosition();
    // The read model is at head: this process knows it, and so do others through the bus...
    expect(r.status()[0]!.position).toBe(head);
    expect(s.messages.filter((m) => m.subject === subjects.checkpoint('shop')).at(-1)?.data).toMatchObject({ position: head });
    // ...while nothing was written for batches that changed no document.
    expect(commits).toEqual([]);
    expect((await s.readStore.getCheckpoint(projectionCheckpointName('shop', 1)))!.position).toBe(stored);
    await r.stop();
    expect(commits).toEqual([{ writes: [], checkpoint: { name: projectionCheckpointName('shop', 1), position: head } }]);
    expect((await s.readStore.getCheckpoint(projectionCheckpointName('shop', 1)))!.position).toBe(head);
    expect(digestCollections(await readActive(s.readStore, def))).toBe(before);
    expect(changed(s.messages)).toEqual([]);
  });

  it('writes a checkpoint advanced by unhandled events within the flush interval while it runs', async () => {
    const s = stack();
    const def = shopProjection();
    await appendHistory(s.eventStore, generateShopHistory(20, 2).slice(0, 20));
    const r = runtime(s, [def], { checkpointFlushMs: 20 });
    await r.start();
    await caughtUp(s, r);
    await appendSignIns(s.eventStore, 10);
    const head = await s.eventStore.headPosition();
    await caughtUp(s, r);
    let stored = 0;
    for (const deadline = Date.now() + 10_000; stored !== head && Date.now() < deadline;) {
      await new Promise((resolve) => setTimeout(resolve, 5));
      stored = (await s.readStore.getCheckpoint(projectionCheckpointName('shop', 1)))?.position ?? 0;
    }
    expect(stored).toBe(head);
    expect(r.status()[0]!.state).toBe('live');
  });

  it('publishes one changed message per company and collection of a batch, with its ids, only after the commit', async () => {
    const s = stack();
    const def = shopProjection();
    const log: string[] = [];
    const commit = s.readStore.commit.bind(s.readStore);
    s.readStore.commit = async (batch: AtomicBatch) => {
      log.push(`commit-start ${batch.checkpoint?.position}`);
      await commit(batch);
      log.push(`commit-end ${batch.checkpoint?.position}`);
    };
    const publish = s.bus.publish.bind(s.bus);
    s.bus.publish = (subject, data) => {
      if ((data as ChangedMessage).kind === 'changed') log.push(`publish ${(data as ChangedMessage).position}`);
      publish(subject, data);
    };
    const r = runtime(s, [def]);
    await r.start();
    await caughtUp(s, r); // empty store: first generation built and live

    await s.eventStore.append('store-a', [
      { id: eventId(1), type: 'StoreOpened', data: { storeId: 'a', companyId: 'acme', name: 'A', city: 'Austin' }, metadata: metaOf('acme') },
      { id: eventId(2), type: 'ReviewAdded', data: { storeId: 'a', reviewId: 'r1', rating: 5 }, metadata: metaOf('acme') },
      { id: eventId(3), type: 'ReviewAdded', data: { storeId: 'a', reviewId: 'r2', rating: 3 }, metadata: metaOf('acme') },
    ]);
    await caughtUp(s, r);
    const firstBatch = changed(s.messages).map((m) => [m.subject, (m.data as ChangedMessage).ids]);
    // The batch touched store "a" and the stats of "acme" (several times): one message each.
    expect(firstBatch.sort()).toEqual(
      [
        [subjects.changed('acme', 'shop_stores'), ['a']],
        [subjects.changed('acme', 'shop_company_stats'), ['acme']],
      ].sort(),
    );
    s.messages.length = 0;
    const closed = await s.eventStore.append('store-a', [{ id: eventId(4), type: 'StoreClosed', data: { storeId: 'a' }, metadata: metaOf('acme') }]);
    await caughtUp(s, r);
    const deleted = changed(s.messages).find((m) => (m.data as ChangedMessage).collection === 'shop_stores')!;
    expect(deleted.subject).toBe(subjects.changed('acme', 'shop_stores'));
    expect(deleted.data).toMatchObject({ kind: 'changed', ids: ['a'], many: false, companyId: 'acme', position: closed.position });
    expect(s.messages.some((m) => m.subject === subjects.checkpoint('shop') && (m.data as { position: number }).position === closed.position)).toBe(true);

    // Every publish follows the end of the commit of its own position.
    for (let i = 0; i < log.length; i++) {
      if (!log[i]!.startsWith('publish')) continue;
      const position = log[i]!.split(' ')[1];
      const lastCommit = log
        .slice(0, i)
        .reverse()
        .find((l) => l.startsWith('commit'));
      expect(lastCommit).toBe(`commit-end ${position}`);
    }
  });

  it('liveBatchIntervalMs: a batch after a quiet spell runs at once; back-to-back events wait out the interval and commit together', async () => {
    const s = stack();
    const commits: number[] = [];
    const commit = s.readStore.commit.bind(s.readStore);
    s.readStore.commit = async (batch: AtomicBatch) => {
      await commit(batch);
      if (batch.checkpoint) commits.push(batch.checkpoint.position);
    };
    // The interval's wait is held until the test releases it.
    const waits: number[] = [];
    let release: () => void = () => undefined;
    const gatedSleep = (ms: number, signal?: AbortSignal) => {
      waits.push(ms);
      return new Promise<void>((resolve) => {
        release = resolve;
        signal?.addEventListener('abort', () => resolve(), { once: true });
      });
    };
    const r = runtime(s, [{ ...shopProjection(), liveBatchIntervalMs: 1_000 }], { sleep: gatedSleep });
    await r.start();
    await caughtUp(s, r);

    const first = await s.eventStore.append('store-s1', [storeOpened(1)]);
    await caughtUp(s, r);
    expect(commits).toEqual([first.position]);
    await eventually(() => waits.length === 1, 5_000, 'the interval wait');
    expect(waits[0]).toBeGreaterThan(0);
    expect(waits[0]).toBeLessThanOrEqual(1_000);

    await s.eventStore.append('store-s2', [storeOpened(2)]);
    const third = await s.eventStore.append('store-s3', [storeOpened(3)]);
    expect(await r.waitForPosition(third.position, 300)).toBe(false);
    release();
    await caughtUp(s, r);
    expect(commits).toEqual([first.position, third.position]);
  });

  it('liveBatchIntervalMs: a reader waiting for a position cuts the interval and the idle wait short', async () => {
    const s = stack();
    // The interval's wait and the wait for spare CPU end only when their signal aborts.
    const held = (signal?: AbortSignal) => new Promise<void>((resolve) => signal?.addEventListener('abort', () => resolve(), { once: true }));
    let gates = 0;
    const r = runtime(s, [{ ...shopProjection(), liveBatchIntervalMs: 60_000 }], {
      sleep: (_ms, signal) => held(signal),
      beforeLiveBatch: (signal) => {
        gates++;
        return gates === 1 ? Promise.resolve() : held(signal);
      },
    });
    await r.start();
    await caughtUp(s, r);
    const first = await s.eventStore.append('store-s1', [storeOpened(1)]);
    await caughtUp(s, r);

    const second = await s.eventStore.append('store-s2', [storeOpened(2)]);
    expect(await r.waitForPosition(second.position, 300)).toBe(false);
    const readModels = createReadModels({ readStore: s.readStore, bus: s.bus, projections: [{ ...shopProjection(), liveBatchIntervalMs: 60_000 }] });
    try {
      expect(await readModels.waitForPosition(second.position, 2_000)).toBe(true);
      expect(first.position).toBeLessThan(second.position);
      expect(s.messages.filter((m) => m.subject === subjects.positionWanted('shop')).map((m) => m.data)).toEqual([
        { projection: 'shop', position: second.position },
      ]);
    } finally {
      readModels.close();
    }
  });

  it('a reader waiting for a position has a projection that skipped the events report it at once, not after the progress delay of the store', async () => {
    const s = stack();
    // A store that tells a follower of positions without its events only after ten minutes, or when asked
    // (its ticks fall on the clock's multiples of ten minutes: the clock stands at one).
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(600_000_000);
    onTestFinished(() => void vi.useRealTimers());
    const eventStore = createSqliteEventStore({ file: ':memory:', progressWakeMs: 600_000 });
    open.push(eventStore);
    const lazy = { ...s, eventStore };
    const r = runtime(lazy, [shopProjection()]);
    await r.start();
    await eventStore.append('store-s1', [storeOpened(1)]);
    await caughtUp(lazy, r);

    await appendSignIns(eventStore, 3); // not the shop's events
    const head = await eventStore.headPosition();
    expect(await r.waitForPosition(head, 300)).toBe(false);
    const readModels = createReadModels({ readStore: s.readStore, bus: s.bus, projections: [shopProjection()] });
    try {
      expect(await readModels.waitForPosition(head, 2_000)).toBe(true);
      expect(s.messages.filter((m) => m.subject === subjects.positionWanted('shop')).map((m) => m.data)).toEqual([{ projection: 'shop', position: head }]);
    } finally {
      readModels.close();
    }
  });

  it('a batch changing more documents than the cap publishes "many" without ids', async () => {
    const s = stack();
    const def = shopProjection();
    const r = runtime(s, [def]);
    await r.start();
    await caughtUp(s, r);
    const count = LIVE_CHANGED_IDS_CAP + 1;
    // One append: the runtime sees it as one batch.
    await s.eventStore.append(
      'stores-many',
      Array.from({ length: count }, (_, i) => storeOpened(i)),
    );
    await caughtUp(s, r);
    const stores = changed(s.messages).filter((m) => m.subject === subjects.changed('acme', 'shop_stores'));
    expect(stores).toHaveLength(1);
    expect(stores[0]!.data).toMatchObject({ kind: 'changed', collection: 'shop_stores', ids: [], many: true, companyId: 'acme' });
    await r.stop();
  });

  it('a failed commit writes nothing, publishes nothing, and the batch is retried', async () => {
    const s = stack();
    const def = shopProjection();
    const r0 = runtime(s, [def]);
    await r0.start();
    await caughtUp(s, r0);
    await r0.stop();

    let failures = 2;
    const commit = s.readStore.commit.bind(s.readStore);
    const committed: number[] = [];
    s.readStore.commit = async (batch: AtomicBatch) => {
      if (batch.writes.length > 0 && failures-- > 0) throw new Error('store unavailable');
      await commit(batch);
      committed.push(batch.checkpoint?.position ?? -1);
    };
    await appendHistory(s.eventStore, generateShopHistory(500, 4));
    s.messages.length = 0;
    const stateDuringFailure: { cp: number | null; docs: number }[] = [];
    const sleeps: number[] = [];
    const r = runtime(s, [def], {
      sleep: async (ms) => {
        sleeps.push(ms);
        stateDuringFailure.push({
          cp: (await s.readStore.getCheckpoint(projectionCheckpointName('shop', 1)))?.position ?? null,
          docs: await s.readStore.collection(physicalCollectionName('shop_stores', 1)).countDocuments({}),
        });
      },
    });
    await r.start();
    await caughtUp(s, r);
    expect(sleeps).toEqual([200, 400]);
    expect(stateDuringFailure).toEqual([
      { cp: null, docs: 0 },
      { cp: null, docs: 0 },
    ]);
    // The changed messages came only from the successful commit.
    const positions = changed(s.messages).map((m) => (m.data as ChangedMessage).position);
    expect(positions.length).toBeGreaterThan(0);
    expect(positions.filter((p) => !committed.includes(p))).toEqual([]);
    expect(digestCollections(await readActive(s.readStore, def))).toBe(digestCollections(await foldInMemory(def, await s.eventStore.readAll())));
  });

  it('a projection that throws stalls at its checkpoint (reported in status) instead of skipping events', async () => {
    const s = stack();
    const base = shopProjection();
    let broken = true;
    const def: ProjectionDefinition = {
      ...base,
      evolve: (e, docs) => {
        if (broken && e.type === 'StoreClosed') throw new Error('bug in evolve');
        return base.evolve(e, docs);
      },
    };
    await appendHistory(s.eventStore, generateShopHistory(400, 5));
    let sleeps = 0;
    const r = runtime(s, [def], {
      rebuildBatchSize: 50,
      sleep: async () => {
        sleeps++;
        if (sleeps === 3) {
          const st = r.status()[0]!;
          expect(st.state).toBe('error');
          expect(st.lastError).toBe('bug in evolve');
          broken = false; // the fix is deployed
        }
        await new Promise((res) => setTimeout(res, 1));
      },
    });
    await r.start();
    await caughtUp(s, r);
    expect(sleeps).toBe(3);
    expect(digestCollections(await readActive(s.readStore, def))).toBe(digestCollections(await foldInMemory(base, await s.eventStore.readAll())));
  });
});

describe('generations (blue-green)', () => {
  it('a new code version builds the next generation without changed messages, switches, and drops the old one', async () => {
    const s = stack();
    await appendHistory(s.eventStore, generateShopHistory(1_500, 6));
    const v1 = runtime(s, [shopProjection(1)]);
    await v1.start();
    await caughtUp(s, v1);
    await v1.stop();
    expect(await readProjectionState(s.readStore, 'shop')).toMatchObject({ version: 1, activeGeneration: 1 });

    s.messages.length = 0;
    const v2 = runtime(s, [shopProjection(2)]);
    await v2.start();
    await caughtUp(s, v2);
    expect(await readProjectionState(s.readStore, 'shop')).toMatchObject({ version: 2, activeGeneration: 2, building: null, previousGeneration: 1 });
    expect(changed(s.messages)).toEqual([]);
    expect(s.messages.filter((m) => m.subject === subjects.projectionSwitched()).map((m) => m.data)).toEqual([
      { projection: 'shop', generation: 2, previousGeneration: 1 },
    ]);
    const names = await s.readStore.listCollections();
    expect(names).toContain('shop_stores__g2');
    expect(names).not.toContain('shop_stores__g1');
    expect(await s.readStore.getCheckpoint(projectionCheckpointName('shop', 1))).toBeNull();

    // Live again: new appends publish changed messages into generation 2.
    await appendHistory(s.eventStore, generateShopHistory(50, 7), 'more');
    await caughtUp(s, v2);
    expect(changed(s.messages).length).toBeGreaterThan(0);
    expect(digestCollections(await readGeneration(s.readStore, shopProjection(2), 2))).toBe(
      digestCollections(await foldInMemory(shopProjection(2), await s.eventStore.readAll())),
    );
  });

  it('read models serve the live generation while the next one builds, then the new one', async () => {
    const s = stack();
    const def = shopProjection();
    await appendHistory(s.eventStore, generateShopHistory(2_000, 8));
    await rebuildProjection({ eventStore: s.eventStore, readStore: s.readStore, def });
    const readModels = createReadModels({ readStore: s.readStore, bus: s.bus, projections: [def] });
    open.push({ close: async () => readModels.close() });
    const expected = await s.readStore.collection('shop_stores__g1').countDocuments({});
    const seenDuringBuild: string[] = [];
    await rebuildProjection({
      eventStore: s.eventStore,
      readStore: s.readStore,
      bus: s.bus,
      def,
      batchSize: 400,
      afterBatch: async () => {
        seenDuringBuild.push(await readModels.resolve('shop_stores'));
        expect(await readModels.collection('shop_stores').countDocuments({})).toBe(expected);
      },
    });
    await s.bus.flush();
    expect(new Set(seenDuringBuild)).toEqual(new Set(['shop_stores__g1']));
    expect(await readModels.resolve('shop_stores')).toBe('shop_stores__g2');
    expect(await readModels.collection('shop_stores').countDocuments({})).toBe(expected);
    expect(await readModels.resolve('not_a_projection')).toBe('not_a_projection');
    expect(await readModels.waitForPosition(await s.eventStore.headPosition(), 1_000)).toBe(true);
  });

  it('a live runtime follows a switch made by a rebuild elsewhere (distributed CLI) and drops the old generation', async () => {
    const s = stack();
    const def = shopProjection();
    await appendHistory(s.eventStore, generateShopHistory(800, 9));
    const r = runtime(s, [def]);
    await r.start();
    await caughtUp(s, r);
    expect(r.status()[0]!.generation).toBe(1);

    await rebuildProjection({ eventStore: s.eventStore, readStore: s.readStore, bus: s.bus, def });
    await s.bus.flush();
    await appendHistory(s.eventStore, generateShopHistory(200, 10), 'after-switch');
    await caughtUp(s, r);
    expect(r.status()[0]).toMatchObject({ generation: 2, state: 'live' });
    expect((await s.readStore.listCollections()).filter((n) => n.endsWith('__g1'))).toEqual([]);
    expect(digestCollections(await readGeneration(s.readStore, def, 2))).toBe(digestCollections(await foldInMemory(def, await s.eventStore.readAll())));
  });
});

describe('read models waitForPosition', () => {
  it('resolves true once the projections reach a position, false when the bound passes first', async () => {
    const s = stack();
    const def = shopProjection();
    const r = runtime(s, [def]);
    await r.start();
    await caughtUp(s, r);
    const readModels = createReadModels({ readStore: s.readStore, bus: s.bus, projections: [def], pollMs: 50 });
    open.push({ close: async () => readModels.close() });
    const head = await appendHistory(s.eventStore, generateShopHistory(100, 11));
    expect(await readModels.waitForPosition(head, 10_000)).toBe(true);
    expect(await readModels.waitForPosition(head + 1_000, 100)).toBe(false);
  });

  it('falls back to stored checkpoints when it saw no bus message (projections in another process)', async () => {
    const s = stack();
    const def = shopProjection();
    const head = await appendHistory(s.eventStore, generateShopHistory(100, 12));
    await rebuildProjection({ eventStore: s.eventStore, readStore: s.readStore, def });
    const readModels = createReadModels({ readStore: s.readStore, bus: createInProcessBus(), projections: [def] });
    open.push({ close: async () => readModels.close() });
    expect(await readModels.waitForPosition(head, 1_000)).toBe(true);
  });
});

describe('leases (one active instance per projection)', () => {
  it('a second runtime stands by, then takes over from the checkpoint when the first stops', async () => {
    const s = stack();
    const c = counting(shopProjection());
    await appendHistory(s.eventStore, generateShopHistory(600, 13));
    const a = runtime(s, [c.def], { leases: createLeases({ readStore: s.readStore, holder: 'a', ttlMs: 3_000 }), sleep: undefined });
    const b = runtime(s, [c.def], { leases: createLeases({ readStore: s.readStore, holder: 'b', ttlMs: 3_000 }), sleep: undefined });
    await a.start();
    await caughtUp(s, a);
    await b.start();
    await eventually(() => b.status()[0]!.state === 'standby', 5_000, 'b standing by');
    expect(a.status()[0]!.state).toBe('live');
    await a.stop(); // releases its lease
    await appendHistory(s.eventStore, generateShopHistory(300, 14), 'b-time');
    await caughtUp(s, b);
    expect(b.status()[0]!.state).toBe('live');
    const all = await s.eventStore.readAll();
    expect(c.seen).toEqual(all.filter((e) => c.def.handles.includes(e.type)).map((e) => e.id));
  });
});
