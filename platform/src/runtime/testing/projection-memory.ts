import type { RecordedEvent } from '../../event-store/event-store';
import { Query } from 'mingo';
import type { Doc, Filter } from '../../read-store/read-store';
import { projectionHandles, type ProjectionDefinition, type ProjectionDocs } from '../definitions';

/** A projection's documents in memory, per collection; `find` takes the store's filters (mingo, as the embedded store's fallback). */
export function memoryProjectionDocs() {
  const store = new Map<string, Map<string, Doc>>();
  const col = (name: string) => store.get(name) ?? store.set(name, new Map()).get(name)!;
  const docs: ProjectionDocs = {
    get: async <T extends Doc>(c: string, id: string) => (structuredClone(col(c).get(id)) as T | undefined) ?? null,
    find: async <T extends Doc>(c: string, filter: Filter) => {
      const query = new Query(filter);
      return [...col(c).values()].filter((d) => query.test(d)).map((d) => structuredClone(d) as T);
    },
    put: (c, doc) => void col(c).set(doc._id, structuredClone(doc)),
    delete: (c, id) => void col(c).delete(id),
  };
  return { docs, all: (c: string) => [...col(c).values()].sort((a, b) => a._id.localeCompare(b._id)) };
}

/**
 * Projection specs: evolves the recorded events in order (as the runtime hands them, whatever
 * their declared union) into documents kept in memory.
 */
export async function projectInMemory(projection: ProjectionDefinition, events: readonly RecordedEvent[]) {
  const memory = memoryProjectionDocs();
  const handles = projectionHandles(projection);
  for (const e of events) if (handles(e.type)) await projection.evolve(e, memory.docs);
  return memory;
}

/**
 * The same, as a map from each collection the projection declares to its documents (by id):
 * the reference model the runtime and rebuild specs compare the stores with.
 */
export async function foldInMemory(projection: ProjectionDefinition, events: readonly RecordedEvent[]): Promise<Map<string, Doc[]>> {
  const memory = await projectInMemory(projection, events);
  return new Map(projection.collections.map((c) => [c.name, memory.all(c.name)]));
}
