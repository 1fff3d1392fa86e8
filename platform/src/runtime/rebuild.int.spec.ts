import { afterEach, describe, expect, it } from 'vitest';
import { createInProcessBus } from '../bus/in-process-bus';
import { createSqliteEventStore } from '../event-store/sqlite-event-store';
import { createEmbeddedReadStore } from '../read-store/embedded-read-store';
import { withTransactionLimits, type SimulatedTransactionLimits } from '../read-store/testing/transaction-limits';
import { projectionCheckpointName, readProjectionState } from './generations';
import { createLeases } from './lease';
import { createReadModels } from './read-models';
import { rebuildProjection, RebuildAbortedError, RebuildBusyError, type RebuildProgress } from './rebuild';
import { appendHistory, digestCollections, foldInMemory, generateShopHistory, readActive, shopProjection } from './testing/shop-projection';

const closers: { close(): Promise<void> }[] = [];
afterEach(async () => {
  for (const c of closers.splice(0).reverse()) await c.close();
});

function stores() {
  const eventStore = createSqliteEventStore({ file: ':memory:' });
  const readStore = createEmbeddedReadStore({ file: ':memory:' });
  closers.push(readStore, eventStore);
  return { eventStore, readStore };
}

describe('rebuildProjection', () => {
  it('lets the event loop run between batches (a rebuild inside the server never holds /health)', async () => {
    const s = stores();
    const def = shopProjection();
    await appendHistory(s.eventStore, generateShopHistory(2_000, 5));
    let finished = false;
    const timersDuring: boolean[] = [];
    const tick = setInterval(() => timersDuring.push(!finished), 0);
    try {
      // The embedded stores never wait for I/O: without the yield no timer would fire until it ends.
      await rebuildProjection({ ...s, def, batchSize: 200 });
      finished = true;
    } finally {
      clearInterval(tick);
    }
    expect(timersDuring.filter(Boolean).length).toBeGreaterThan(1);
  });

  it('stopped in the middle, resumes from the generation checkpoint and ends equal to the reference', async () => {
    const s = stores();
    const def = shopProjection();
    const head = await appendHistory(s.eventStore, generateShopHistory(3_000, 21));
    // Positions are opaque (gapped in a store variant): the 1,000th event's, and how many follow it.
    const all = await s.eventStore.readAll();
    const p1000 = all[999]!.position;
    const ac = new AbortController();
    const progress: RebuildProgress[] = [];
    await expect(
      rebuildProjection({
        ...s,
        def,
        batchSize: 250,
        signal: ac.signal,
        onProgress: (p) => progress.push(p),
        afterBatch: (p) => {
          if (p.position >= p1000) ac.abort();
        },
      }),
    ).rejects.toBeInstanceOf(RebuildAbortedError);
    const stoppedAt = (await s.readStore.getCheckpoint(projectionCheckpointName('shop', 1)))!.position;
    expect(stoppedAt).toBe(p1000);
    expect(await readProjectionState(s.readStore, 'shop')).toMatchObject({ activeGeneration: null, building: { generation: 1, version: 1 } });
    expect(progress.at(-1)).toMatchObject({ position: p1000, head, done: false });

    const seenAfterResume: number[] = [];
    const result = await rebuildProjection({ ...s, def, batchSize: 250, onProgress: (p) => seenAfterResume.push(p.position) });
    expect(result).toMatchObject({ generation: 1, previousGeneration: null, resumed: true, processed: all.length - 1_000, position: head });
    expect(seenAfterResume[0]).toBe(p1000);
    expect(digestCollections(await readActive(s.readStore, def))).toBe(digestCollections(await foldInMemory(def, await s.eventStore.readAll())));
  });

  it('discards a half-built generation of an older code version and builds the next number', async () => {
    const s = stores();
    await appendHistory(s.eventStore, generateShopHistory(600, 22));
    await rebuildProjection({ ...s, def: shopProjection(1) });
    const ac = new AbortController();
    await expect(rebuildProjection({ ...s, def: shopProjection(2), batchSize: 100, signal: ac.signal, afterBatch: () => ac.abort() })).rejects.toBeInstanceOf(
      RebuildAbortedError,
    );
    expect(await readProjectionState(s.readStore, 'shop')).toMatchObject({ activeGeneration: 1, version: 1, building: { generation: 2, version: 2 } });

    const result = await rebuildProjection({ ...s, def: shopProjection(3) });
    expect(result).toMatchObject({ generation: 3, previousGeneration: 1, resumed: false });
    expect(await s.readStore.getCheckpoint(projectionCheckpointName('shop', 2))).toBeNull();
    expect((await s.readStore.listCollections()).filter((n) => n.startsWith('shop_')).sort()).toEqual(['shop_company_stats__g3', 'shop_stores__g3']);
  });

  it('switches an empty history without writing a checkpoint', async () => {
    const s = stores();
    const result = await rebuildProjection({ ...s, def: shopProjection() });
    expect(result).toMatchObject({ generation: 1, processed: 0, position: 0 });
    expect(await readProjectionState(s.readStore, 'shop')).toMatchObject({ activeGeneration: 1, building: null });
    expect(await s.readStore.getCheckpoint(projectionCheckpointName('shop', 1))).toBeNull();
  });

  it('refuses to run beside another builder holding the build lease', async () => {
    const s = stores();
    const mine = createLeases({ readStore: s.readStore, holder: 'cli-1', ttlMs: 60_000 });
    const other = createLeases({ readStore: s.readStore, holder: 'cli-2', ttlMs: 60_000 });
    expect(await other.tryAcquire('build:shop')).toBe(true);
    await expect(rebuildProjection({ ...s, def: shopProjection(), leases: mine })).rejects.toBeInstanceOf(RebuildBusyError);
    await other.release('build:shop');
    await expect(rebuildProjection({ ...s, def: shopProjection(), leases: mine })).resolves.toMatchObject({ generation: 1 });
    expect(await mine.current('build:shop')).toBeNull(); // released when done
  });

  it('drops the old generation only once a query process that missed the switch message has moved to the new one', async () => {
    const s = stores();
    const def = shopProjection(1);
    await appendHistory(s.eventStore, generateShopHistory(300, 23));
    await rebuildProjection({ ...s, def });
    // Another query process: its bus never hears the switch, so it moves at its next refresh.
    const refreshMs = 1_500;
    const other = createReadModels({ readStore: s.readStore, bus: createInProcessBus(), projections: [def], refreshMs });
    closers.push({ close: async () => other.close() });
    const stores1 = await other.collection('shop_stores').countDocuments({});
    expect(stores1).toBeGreaterThan(0);

    let rebuilt = false;
    const rebuild = rebuildProjection({ ...s, bus: createInProcessBus(), def }).then((r) => {
      rebuilt = true;
      return r;
    });
    // Until it reloads, the other process still reads generation 1, which must still be there.
    await expect.poll(async () => (await readProjectionState(s.readStore, 'shop'))?.activeGeneration, { interval: 20 }).toBe(2);
    expect(await other.resolve('shop_stores')).toBe('shop_stores__g1');
    expect(await other.collection('shop_stores').countDocuments({})).toBe(stores1);
    expect(rebuilt).toBe(false);

    const result = await rebuild;
    expect(result).toMatchObject({ generation: 2, previousGeneration: 1 });
    expect(await other.resolve('shop_stores')).toBe('shop_stores__g2');
    expect(await other.collection('shop_stores').countDocuments({})).toBe(stores1);
    expect(await s.readStore.listCollections()).not.toContain('shop_stores__g1');
  });
});

describe('rebuildProjection on a store with transaction limits (as MongoDB: bytes and lifetime)', () => {
  async function rebuildWithin(limits: SimulatedTransactionLimits) {
    const s = stores();
    const readStore = withTransactionLimits(s.readStore, limits);
    const def = shopProjection();
    await appendHistory(s.eventStore, generateShopHistory(3_000, 24));
    // One page of every event: a single commit would hold the whole projection.
    const result = await rebuildProjection({ eventStore: s.eventStore, readStore, def, batchSize: 20_000 });
    expect(result).toMatchObject({ generation: 1, processed: 3_000 });
    expect(digestCollections(await readActive(s.readStore, def))).toBe(digestCollections(await foldInMemory(def, await s.eventStore.readAll())));
    return readStore.commits;
  }

  it('splits a page into commits under the size limit, and ends equal to the reference', async () => {
    // The whole projection is about 70 KB.
    const commits = await rebuildWithin({ maxBytes: 16 * 1024, maxMs: 60_000 });
    expect(commits.length).toBeGreaterThan(4);
    for (const c of commits) expect(c.bytes).toBeLessThanOrEqual(16 * 1024);
  });

  it('keeps commits under the transaction lifetime of a slow server', async () => {
    // 2 KB/ms: anything over 20 KB outlives the 10 ms "lifetime" and is aborted.
    const commits = await rebuildWithin({ maxBytes: 1 << 30, maxMs: 10, bytesPerMs: 2 * 1024 });
    expect(commits.length).toBeGreaterThan(1);
    for (const c of commits) expect(c.ms).toBeLessThanOrEqual(10);
  });
});
