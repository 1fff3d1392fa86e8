import { afterEach, describe, expect, it } from 'vitest';
import { createNatsBus } from '../bus/nats-bus';
import { NATS_URL, reachable } from '../bus/testing/nats-reachable';
import { createSqliteEventStore } from '../event-store/sqlite-event-store';
import { createEmbeddedReadStore } from '../read-store/embedded-read-store';
import { readProjectionState } from './generations';
import { createLeases } from './lease';
import { OpsUnreachableError, remoteOpsControl, serveOpsOverBus } from './ops-bus';
import { RebuildBusyError } from './rebuild';
import { createRebuildJobs } from './rebuild-jobs';
import { appendHistory, digestCollections, foldInMemory, generateShopHistory, readActive, shopProjection } from './testing/shop-projection';

/**
 * Distributed mode: command-api asks over the real NATS bus, and of two
 * projector replicas (their own NATS connections and leases) only the one holding the
 * projection's lease rebuilds; nobody holding it is OpsUnreachableError (503).
 */
const closers: { close(): unknown }[] = [];
afterEach(async () => {
  for (const c of closers.splice(0).reverse()) await c.close();
});

const serverUp = await reachable(NATS_URL);
const suite = serverUp || process.env.CI === 'true' ? describe : describe.skip;

suite(`operations over the NATS bus${serverUp ? '' : ` — NOT RUN: no NATS server at ${NATS_URL}`}`, () => {
  it('the replica holding the lease rebuilds what command-api asked; with no holder the ask times out', async () => {
    const eventStore = createSqliteEventStore({ file: ':memory:' });
    const readStore = createEmbeddedReadStore({ file: ':memory:' });
    closers.push(eventStore, readStore);
    const def = shopProjection();
    await appendHistory(eventStore, generateShopHistory(1_500, 9));
    const bus = async (name: string) => {
      const b = await createNatsBus({ url: NATS_URL, name });
      closers.push(b);
      return b;
    };
    const replicas = [];
    for (const holder of ['replica-a', 'replica-b']) {
      const leases = createLeases({ readStore, holder });
      const rebuildJobs = createRebuildJobs({ eventStore, readStore, bus: await bus(holder), projections: [def], leases, batchSize: 300 });
      closers.push({ close: () => rebuildJobs.stop() });
      const served = serveOpsOverBus({ bus: await bus(`${holder}-ops`), leases, rebuildJobs, projections: [def.name] });
      closers.push({ close: () => served.unsubscribe() });
      replicas.push({ leases, rebuildJobs });
    }
    const [a, b] = replicas as [(typeof replicas)[0], (typeof replicas)[0]];
    const remote = remoteOpsControl({ bus: await bus('command-api'), projections: [def], timeoutMs: 1_500 });

    // Nobody follows the projection yet: nobody answers.
    await expect(remote.rebuildJobs.start(def.name)).rejects.toBeInstanceOf(OpsUnreachableError);

    // Replica b follows it (holds its lease): b rebuilds, a does not.
    expect(await b.leases.tryAcquire(`projection:${def.name}`)).toBe(true);
    const started = await remote.rebuildJobs.start(def.name);
    expect(started).toMatchObject({ projection: def.name, state: 'running' });
    const done = await b.rebuildJobs.whenDone(def.name);
    expect(done).toMatchObject({ state: 'done', percent: 100 });
    expect(a.rebuildJobs.list()).toEqual([]);
    const state = await readProjectionState(readStore, def.name);
    expect(state?.activeGeneration).toBe(done!.generation);
    const expected = await foldInMemory(def, await eventStore.readAll({ after: 0 }));
    expect(digestCollections(await readActive(readStore, def))).toBe(digestCollections(expected));

    // A rebuild already running there comes back as RebuildBusyError (409 at the route).
    await remote.rebuildJobs.start(def.name);
    await expect(remote.rebuildJobs.start(def.name)).rejects.toBeInstanceOf(RebuildBusyError);
    await b.rebuildJobs.whenDone(def.name);
  }, 60_000);
});
