import { randomUUID } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import { LOCATION_USERS_COLLECTION, type LocationUserDoc } from '@locus/contracts';
import { createEmbeddedReadStore, createInProcessBus, createSqliteEventStore } from '@locus/platform/adapters';
import { createProjectorRuntime, createReadModels } from '@locus/platform/runtimes';
import { readProjectionState } from '@locus/platform/runtime/generations';
import { foldInMemory, readActive } from '@locus/platform/runtime/testing/shop-projection';
import { locationsProjection } from './locations-projection';
import { locationUsersProjection } from './location-users-projection';
import { history } from './testing/history';

/**
 * An existing data directory written while `locations` (version 3) also kept the user links:
 * on the first start with the split, `locations` builds its next generation (the current version) and
 * `location-users` is built from the start beside it; queries then read the links from the new
 * projection, and nothing the old generation held in `location-users` survives.
 */
const before: typeof locationsProjection = {
  ...locationsProjection,
  version: 3,
  collections: [...locationsProjection.collections, locationUsersProjection.collections[0]!],
  async evolve(event, docs) {
    await locationsProjection.evolve(event, docs);
    // What version 3 left in its links (the new projection must not keep it).
    docs.put(LOCATION_USERS_COLLECTION, { _id: 'written-by-v3', companyId: 'c1', userId: 'u9', locationId: 'L9', createdAt: event.metadata.occurredAt });
  },
};

const open: { close(): Promise<unknown> | unknown }[] = [];
afterEach(async () => {
  for (const o of open.splice(0).reverse()) await o.close();
});

describe('splitting the user links out of the locations projection', () => {
  it('builds location-users and the next locations generation on the first start of an existing store', async () => {
    const eventStore = createSqliteEventStore({ file: ':memory:' });
    const readStore = createEmbeddedReadStore({ file: ':memory:' });
    const bus = createInProcessBus();
    open.push(eventStore, readStore, bus);
    for (const e of history()) await eventStore.append(`location-${randomUUID()}`, [{ id: randomUUID(), type: e.type, data: e.data, metadata: e.metadata }]);
    const head = await eventStore.headPosition();
    const events = await eventStore.readAll();

    const old = createProjectorRuntime({ eventStore, readStore, bus, projections: [before] });
    await old.start();
    expect(await old.waitForPosition(head, 15_000)).toBe(true);
    await old.stop();
    expect(await readProjectionState(readStore, 'locations')).toMatchObject({ version: 3, activeGeneration: 1 });

    const projections = [locationsProjection, locationUsersProjection];
    const split = createProjectorRuntime({ eventStore, readStore, bus, projections });
    await split.start();
    open.push({ close: () => split.stop() });
    expect(await split.waitForPosition(head, 15_000)).toBe(true);

    expect(await readProjectionState(readStore, 'locations')).toMatchObject({ version: locationsProjection.version, activeGeneration: 2, building: null });
    expect(await readProjectionState(readStore, 'location-users')).toMatchObject({ version: 1, activeGeneration: 1, building: null });
    const byId = (docs: readonly { _id: string }[] | undefined) => [...(docs ?? [])].sort((a, b) => a._id.localeCompare(b._id));
    for (const def of projections) {
      const built = await readActive(readStore, def);
      const expected = await foldInMemory(def, events);
      for (const c of def.collections) expect(byId(built.get(c.name)), `${def.name}: ${c.name}`).toEqual(byId(expected.get(c.name)));
    }
    const readModels = createReadModels({ readStore, bus, projections });
    open.push(readModels);
    const links = await readModels.collection<LocationUserDoc>(LOCATION_USERS_COLLECTION).find({ companyId: 'c1' });
    expect(links.map((l) => l._id).sort()).toEqual(['L1:u2', 'L2:u1', 'L2:u2']);
  });
});
