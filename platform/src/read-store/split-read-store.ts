import type { AtomicBatch, Collection, Doc, ReadStore } from './read-store';

/** A store holding some projections' collections and checkpoints. */
export interface ReadStorePart {
  store: ReadStore;
  /** Collection names (physical, as the store is asked for them) that live here. */
  ownsCollection(name: string): boolean;
  /** Checkpoint names that live here. */
  ownsCheckpoint(name: string): boolean;
}

/**
 * One ReadStore over several: the collections and checkpoints of some projections in parts of
 * their own (the company history in its own file, written by its own thread), the rest —
 * `_projections` and `_leases` included — in `primary`. A batch that touches one store is
 * that store's atomic commit, as every projection's batch is (its documents and its checkpoint
 * live together). A batch that touches several, which only a rebuild's switch of a projection
 * kept apart makes (`_projections` in primary, the final checkpoint in the part), commits the
 * parts first and primary last: a crash in between leaves the rebuild to switch again from its
 * checkpoint, never a live generation whose checkpoint lags what it holds.
 */
export function createSplitReadStore(primary: ReadStore, parts: readonly ReadStorePart[]): ReadStore {
  const storeOf = (collection: string) => parts.find((p) => p.ownsCollection(collection))?.store ?? primary;
  const checkpointStore = (name: string) => parts.find((p) => p.ownsCheckpoint(name))?.store ?? primary;

  return {
    collection<T extends Doc = Doc>(name: string): Collection<T> {
      return storeOf(name).collection<T>(name);
    },
    async listCollections() {
      const stores = [primary, ...parts.map((p) => p.store)];
      const lists = await Promise.all(stores.map((s) => s.listCollections()));
      return lists.flatMap((names, i) => names.filter((n) => storeOf(n) === stores[i])).sort();
    },
    async commit(batch: AtomicBatch) {
      const split = new Map<ReadStore, AtomicBatch>();
      const partOf = (store: ReadStore) => {
        let part = split.get(store);
        if (!part) split.set(store, (part = { writes: [] }));
        return part;
      };
      for (const write of batch.writes) partOf(storeOf(write.collection)).writes.push(write);
      if (batch.checkpoint) partOf(checkpointStore(batch.checkpoint.name)).checkpoint = batch.checkpoint;
      if (split.size === 0) return primary.commit(batch);
      for (const [store, part] of split) if (store !== primary) await store.commit(part);
      const last = split.get(primary);
      if (last) await primary.commit(last);
    },
    getCheckpoint: (name) => checkpointStore(name).getCheckpoint(name),
    deleteCheckpoint: (name) => checkpointStore(name).deleteCheckpoint(name),
    // Leases live in primary, so its clock is the one they expire by.
    serverTime: () => primary.serverTime(),
    async close() {
      await Promise.all([primary, ...parts.map((p) => p.store)].map((s) => s.close()));
    },
  };
}
