import { AsyncLocalStorage } from 'node:async_hooks';
import { randomUUID } from 'node:crypto';
import { subjects } from '@locus/contracts';
import type { Bus, BusSubscription } from '../bus/bus';
import type { Collection, Doc, ReadStore } from '../read-store/read-store';
import type { ProjectionDefinition } from './definitions';
import type { ReadModels } from './deps';
import { projectionCheckpointOf, projectionSwitchedOf, type PositionWanted } from './runtime-messages';
import {
  isCurrent,
  physicalCollectionName,
  projectionCheckpointName,
  projectionReaderWrite,
  readAllProjectionStates,
  servingGeneration,
  type ProjectionStateDoc,
} from './generations';

export interface ReadModelsOptions {
  readStore: ReadStore;
  bus: Bus;
  projections: readonly ProjectionDefinition[];
  /** How long a resolved generation is trusted without a switch message (default 5 s). */
  refreshMs?: number;
  /** How often waitForPosition re-reads checkpoints from the store (default 250 ms). */
  pollMs?: number;
}

export interface ReadModelsHandle extends ReadModels {
  /** Physical collection name serving a logical one right now. */
  resolve(logicalName: string): Promise<string>;
  /**
   * Projections whose live generation was not built by this code version (a data directory
   * written by an older version while its new generation is built, or a first build): their
   * queries answer from an older read model, or from nothing yet. Read fresh from the store.
   */
  notCurrent(): Promise<{ projection: string; storedVersion: number | null; version: number }[]>;
  close(): void;
}

/**
 * What query-api reads through: logical collection names resolved to the live generation
 * (cached; refreshed on `ops.projection-switched` and every few seconds), and bounded waits
 * for a position (checkpoint messages from the projectors, with the stored checkpoints as
 * the fallback when a message was missed or came from before this process started).
 */
export function createReadModels(options: ReadModelsOptions): ReadModelsHandle {
  const { readStore, bus, projections } = options;
  const refreshMs = options.refreshMs ?? 5_000;
  const pollMs = options.pollMs ?? 250;
  const owner = new Map<string, ProjectionDefinition>();
  for (const def of projections) for (const c of def.collections) owner.set(c.name, def);

  let states: Map<string, ProjectionStateDoc> | null = null;
  let loadedAt = 0;
  let loading: Promise<Map<string, ProjectionStateDoc>> | null = null;
  /** Highest checkpoint seen per projection, for the generation it was seen in. */
  const positions = new Map<string, { generation: number; position: number }>();
  const waiters = new Set<() => void>();

  async function loadStates(force = false): Promise<Map<string, ProjectionStateDoc>> {
    if (!force && states && Date.now() - loadedAt < refreshMs) return states;
    if (!loading) {
      loading = readAllProjectionStates(readStore)
        .then(async (s) => {
          states = s;
          loadedAt = Date.now();
          await announceServing(s);
          return s;
        })
        .finally(() => {
          loading = null;
        });
    }
    return loading;
  }

  // Rebuilds wait for this before dropping an old generation (generations.ts untilNoReaderServes).
  const readerId = randomUUID();
  async function announceServing(current: Map<string, ProjectionStateDoc>): Promise<void> {
    const serving = projections.map((def) => ({ projection: def.name, generation: servingGeneration(current.get(def.name)) }));
    try {
      const storeNow = await readStore.serverTime();
      await readStore.commit({ writes: [projectionReaderWrite({ _id: readerId, companyId: null, serving, loadedAt: storeNow, refreshMs })] });
    } catch {
      // A store that is closing: the reader is going away with it.
    }
  }

  async function generationOf(projection: string): Promise<number> {
    return servingGeneration((await loadStates()).get(projection));
  }

  async function resolve(logicalName: string): Promise<string> {
    const def = owner.get(logicalName);
    if (!def) return logicalName; // not a projection's collection: used as is
    return physicalCollectionName(logicalName, await generationOf(def.name));
  }

  const subs: BusSubscription[] = [
    bus.subscribe(subjects.projectionSwitched(), (m) => {
      const switched = projectionSwitchedOf(m.data);
      loadedAt = 0; // next access reloads
      if (switched) positions.delete(switched.projection);
      void loadStates(true).catch(() => undefined);
    }),
    bus.subscribe(subjects.checkpointAll(), (m) => {
      const d = projectionCheckpointOf(m.data);
      if (!d) return;
      const prev = positions.get(d.projection);
      const generation = d.generation ?? prev?.generation ?? 0;
      if (!prev || prev.generation !== generation || d.position > prev.position) {
        positions.set(d.projection, { generation, position: d.position });
      }
      waiters.forEach((w) => w());
    }),
  ];

  /** Projections of `among` not yet known to have reached `position` (after consulting the store). */
  async function behind(position: number, fromStore: boolean, among: readonly ProjectionDefinition[]): Promise<ProjectionDefinition[]> {
    const current = await loadStates();
    const lagging: ProjectionDefinition[] = [];
    for (const def of among) {
      const generation = servingGeneration(current.get(def.name));
      const known = positions.get(def.name);
      if (known && known.generation === generation && known.position >= position) continue;
      if (fromStore) {
        const cp = await readStore.getCheckpoint(projectionCheckpointName(def.name, generation));
        if (cp) {
          if (!known || known.generation !== generation || cp.position > known.position) {
            positions.set(def.name, { generation, position: cp.position });
          }
          if (cp.position >= position) continue;
        }
      }
      lagging.push(def);
    }
    return lagging;
  }

  // One handle per logical name: handles are asked for on every request (session checks).
  const handles = new Map<string, Collection<Doc>>();
  function collection<T extends Doc = Doc>(logicalName: string): Collection<T> {
    let handle = handles.get(logicalName);
    if (!handle) handles.set(logicalName, (handle = collectionHandle(logicalName)));
    return handle as unknown as Collection<T>;
  }

  /** The request's read-your-writes position, set by readingAfter. */
  const reading = new AsyncLocalStorage<{ position: number; deadline: number; reached: boolean; waits: Map<string, Promise<void>> }>();
  // While a storage is on, Node 20 runs hooks on every promise of the process, reads or not (a
  // promise's await cost three times as much; a bulk edit 1 ms more an edit: docs/performance.md).
  // It is on only while a read waits for a projection, and switched off from a turn of its own,
  // where no promise's hooks are half run.
  let readsWaiting = 0;
  let leaving = false;
  const leaveStorageWhenIdle = () => {
    if (readsWaiting > 0 || leaving) return;
    leaving = true;
    setImmediate(() => {
      leaving = false;
      if (readsWaiting === 0) reading.disable();
    });
  };

  /** Inside readingAfter: waits until the projection owning the collection has the request's position (once per projection, shared by concurrent reads). */
  function caughtUp(logicalName: string): Promise<void> | undefined {
    const request = reading.getStore();
    const def = request && owner.get(logicalName);
    if (!request || !def) return undefined;
    let wait = request.waits.get(def.name);
    if (!wait) {
      wait = waitFor(request.position, Math.max(0, request.deadline - Date.now()), [def]).then((ok) => {
        if (!ok) request.reached = false;
      });
      request.waits.set(def.name, wait);
    }
    return wait;
  }

  function collectionHandle<T extends Doc = Doc>(logicalName: string): Collection<T> {
    const physical = async () => {
      await caughtUp(logicalName);
      return readStore.collection<T>(await resolve(logicalName));
    };
    return {
      get name() {
        return logicalName;
      },
      find: async (filter, opts) => (await physical()).find(filter, opts),
      findOne: async (filter, opts) => (await physical()).findOne(filter, opts),
      countDocuments: async (filter, options) => (await physical()).countDocuments(filter, options),
      aggregate: async (pipeline) => (await physical()).aggregate(pipeline),
      bulkWrite: async (ops) => (await physical()).bulkWrite(ops),
      createIndexes: async (indexes) => (await physical()).createIndexes(indexes),
      drop: async () => (await physical()).drop(),
    } as Collection<T>;
  }

  return {
    collection,
    resolve,
    async notCurrent() {
      const current = await loadStates(true);
      return projections
        .filter((def) => !isCurrent(def, current.get(def.name) ?? null))
        .map((def) => ({ projection: def.name, storedVersion: current.get(def.name)?.version ?? null, version: def.version }));
    },
    waitForPosition: (position, timeoutMs) => waitFor(position, timeoutMs, projections),
    async readingAfter(position, timeoutMs, read) {
      // Every projection has the position already: whatever the request reads is current.
      if ((await behind(position, false, projections)).length === 0) return { value: await read(), reached: true };
      const request = { position, deadline: Date.now() + timeoutMs, reached: true, waits: new Map<string, Promise<void>>() };
      readsWaiting++;
      try {
        const value = await reading.run(request, read);
        return { value, reached: request.reached };
      } finally {
        readsWaiting--;
        leaveStorageWhenIdle();
      }
    },
    close() {
      subs.forEach((s) => s.unsubscribe());
      waiters.clear();
      reading.disable();
    },
  };

  async function waitFor(position: number, timeoutMs: number, among: readonly ProjectionDefinition[]): Promise<boolean> {
    if (among.length === 0 || position <= 0) return true;
    if ((await behind(position, false, among)).length === 0) return true;
    const lagging = await behind(position, true, among);
    if (lagging.length === 0) return true;
    // The projection is told a reader waits: one that gathers its live batches over an interval
    // takes its batch at once, and one whose events are elsewhere reports its position at once.
    for (const def of lagging) {
      try {
        bus.publish(subjects.positionWanted(def.name), { projection: def.name, position } satisfies PositionWanted);
      } catch {
        // a closed bus: the process is stopping, and the wait below ends at its deadline
      }
    }
    const deadline = Date.now() + timeoutMs;
    return new Promise<boolean>((resolvePromise) => {
      let settled = false;
      let polling = false;
      const finish = (ok: boolean) => {
        if (settled) return;
        settled = true;
        clearTimeout(timeout);
        clearInterval(poll);
        waiters.delete(onMessage);
        resolvePromise(ok);
      };
      const check = (fromStore: boolean) =>
        behind(position, fromStore, among).then(
          (lagging) => {
            if (lagging.length === 0) finish(true);
          },
          () => undefined,
        );
      const onMessage = () => void check(false);
      waiters.add(onMessage);
      const poll = setInterval(() => {
        if (polling) return;
        polling = true;
        void check(true).finally(() => (polling = false));
      }, pollMs);
      const timeout = setTimeout(() => finish(false), Math.max(0, deadline - Date.now()));
    });
  }
}
