import { subjects } from '@locus/contracts';
import type { Bus } from '../bus/bus';
import type { EventStore } from '../event-store/event-store';
import type { ReadStore } from '../read-store/read-store';
import type { ProjectionDefinition } from './definitions';
import type { Clock } from './deps';
import {
  dropGeneration,
  emptyProjectionState,
  retireGeneration,
  physicalCollectionName,
  projectionCheckpointName,
  projectionStateWrite,
  readProjectionState,
  type ProjectionStateDoc,
} from './generations';
import { withLease, type Leases } from './lease';
import { createGenerationProcessor } from './projection-processor';
import type { KnownIds } from './projection-docs';

export interface RebuildProgress {
  projection: string;
  generation: number;
  /** Position of the last event committed into the new generation. */
  position: number;
  /** Head of $all when last looked at. */
  head: number;
  /** Events read in this run (not counting what an interrupted run had done). */
  processed: number;
  /** Position the generation started from in this run (0 for a fresh build). */
  startPosition: number;
  elapsedMs: number;
  done: boolean;
}

export interface RebuildResult {
  projection: string;
  generation: number;
  previousGeneration: number | null;
  position: number;
  processed: number;
  resumed: boolean;
  elapsedMs: number;
}

export interface RebuildOptions {
  eventStore: EventStore;
  readStore: ReadStore;
  /** Only used to announce the switch (`ops.projection-switched`); never for changed messages. */
  bus?: Bus;
  def: ProjectionDefinition;
  /** Events per page (default 20,000): one commit, or several within a store's `commitLimits` (MongoDB). */
  batchSize?: number;
  onProgress?: (p: RebuildProgress) => void;
  /** Aborting stops after the current batch; the generation resumes at the next run. */
  signal?: AbortSignal;
  /** Distributed mode: the rebuild holds the `build:<name>` lease so no two builders fill one generation. */
  leases?: Leases;
  clock?: Clock;
  /** Called after each committed batch (tests use it to slow a child process down). */
  afterBatch?: (p: RebuildProgress) => Promise<void> | void;
}

export class RebuildAbortedError extends Error {
  readonly code = 'PROJECTION.REBUILD_ABORTED';
  constructor(
    readonly projection: string,
    readonly position: number,
  ) {
    super(`Rebuild of ${projection} stopped at position ${position}; run it again to resume`);
    this.name = 'RebuildAbortedError';
  }
}

export class RebuildBusyError extends Error {
  readonly code = 'PROJECTION.REBUILD_BUSY';
  constructor(
    readonly projection: string,
    readonly holder: string | undefined,
  ) {
    super(`A rebuild of ${projection} is already running${holder ? ` (${holder})` : ''}`);
    this.name = 'RebuildBusyError';
  }
}

/** Events per page and per committed batch: large pages amortise the commits (measured: 20k beats 5k). */
export const DEFAULT_REBUILD_BATCH_SIZE = 20_000;

export const buildLeaseName = (projection: string) => `build:${projection}`;

/**
 * Fills the next generation of a projection beside the live one, from $all position 0, in
 * large pages; each batch commits its documents with the generation's own checkpoint, so a
 * killed rebuild resumes where it stopped. When caught up, switches `activeGeneration` in
 * the same atomic write as the final checkpoint, announces the switch and drops the old
 * generation once no query process reads it. Never publishes changed messages.
 */
export async function rebuildProjection(options: RebuildOptions): Promise<RebuildResult> {
  const { leases, def } = options;
  if (!leases) return rebuildUnleased(options);
  const name = buildLeaseName(def.name);
  if (!(await leases.tryAcquire(name))) {
    const holder = (await leases.current(name))?.holder;
    throw new RebuildBusyError(def.name, holder);
  }
  return withLease(leases, name, options.signal ?? new AbortController().signal, (signal) => rebuildUnleased({ ...options, signal }));
}

async function rebuildUnleased(options: RebuildOptions): Promise<RebuildResult> {
  const { eventStore, readStore, def } = options;
  const batchSize = options.batchSize ?? DEFAULT_REBUILD_BATCH_SIZE;
  const now = () => options.clock?.now() ?? new Date();
  const started = Date.now();

  // 1. Which generation: resume the one being built by this code version, or start the next.
  const state: ProjectionStateDoc = (await readProjectionState(readStore, def.name)) ?? emptyProjectionState(def.name, now());
  let generation: number;
  const resumed = !!state.building && state.building.version === def.version;
  if (state.building && resumed) {
    generation = state.building.generation;
  } else {
    if (state.building) await dropGeneration(readStore, def, state.building.generation); // built by older code
    generation = Math.max(state.activeGeneration ?? 0, state.building?.generation ?? 0, state.previousGeneration ?? 0) + 1;
    await dropGeneration(readStore, def, generation); // leftovers of an earlier life of this number
    state.building = { generation, version: def.version, startedAt: now().toISOString() };
    state.updatedAt = now().toISOString();
    await readStore.commit({ writes: [projectionStateWrite(state)] });
  }
  const previousGeneration = state.activeGeneration;

  // 2. Indexes first: unique ones also guard the build.
  for (const c of def.collections) {
    if (c.indexes.length > 0) await readStore.collection(physicalCollectionName(c.name, generation)).createIndexes(c.indexes);
  }
  const knownIds: KnownIds = new Map();
  for (const c of def.collections) {
    const ids = await readStore.collection(physicalCollectionName(c.name, generation)).find({}, { projection: { _id: 1 } });
    knownIds.set(c.name, new Set(ids.map((d) => d._id)));
  }

  // 3. Catch up in large pages.
  const processor = createGenerationProcessor({ readStore, def, generation, mode: 'rebuild', knownIds, cacheSize: 200_000 });
  const checkpoint = await readStore.getCheckpoint(projectionCheckpointName(def.name, generation));
  let position = checkpoint?.position;
  const startPosition = position ?? 0;
  let processed = 0;
  let head = await eventStore.headPosition();
  let lastHeadCheck = Date.now();
  const progress = (done: boolean): RebuildProgress => ({
    projection: def.name,
    generation,
    position: position ?? 0,
    head: Math.max(head, position ?? 0),
    processed,
    startPosition,
    elapsedMs: Date.now() - started,
    done,
  });
  options.onProgress?.(progress(false));

  // Read one page ahead: with a networked event store the next page arrives while this one evolves.
  // Pages hold every event, not only the projection's types (readAll could filter them):
  // progress, pages and `processed` count the events of $all the rebuild went through.
  const read = (after: number | undefined) => {
    const p = eventStore.readAll({ after, maxCount: batchSize });
    p.catch(() => undefined); // an abandoned read-ahead must not become an unhandled rejection
    return p;
  };
  let next = read(position);
  for (;;) {
    if (options.signal?.aborted) throw new RebuildAbortedError(def.name, position ?? 0);
    const page = await next;
    if (page.length === 0) break;
    next = read(page[page.length - 1]!.position);
    const outcome = await processor.process(page);
    position = outcome.position;
    processed += page.length;
    if (Date.now() - lastHeadCheck > 1_000) {
      head = await eventStore.headPosition();
      lastHeadCheck = Date.now();
    }
    const p = progress(false);
    options.onProgress?.(p);
    await options.afterBatch?.(p);
    // The embedded stores answer without I/O, so nothing above ever yields to the event loop:
    // without this a rebuild inside the server keeps /health and every query waiting till it ends.
    await new Promise<void>((resolve) => setImmediate(resolve));
  }
  if (options.signal?.aborted) throw new RebuildAbortedError(def.name, position ?? 0);

  // 4. Switch, atomically with the final checkpoint; then announce and drop the old generation.
  const switched: ProjectionStateDoc = {
    ...state,
    version: def.version,
    activeGeneration: generation,
    building: null,
    previousGeneration,
    switchedAt: now().toISOString(),
    updatedAt: now().toISOString(),
  };
  await readStore.commit({
    writes: [projectionStateWrite(switched)],
    checkpoint: position === undefined ? undefined : { name: projectionCheckpointName(def.name, generation), position },
  });
  if (options.bus) {
    options.bus.publish(subjects.projectionSwitched(), { projection: def.name, generation, previousGeneration });
    if (position !== undefined) options.bus.publish(subjects.checkpoint(def.name), { projection: def.name, generation, position });
    // Best effort: a bus that is down must not keep a finished rebuild from returning.
    await Promise.race([options.bus.flush().catch(() => undefined), new Promise((r) => setTimeout(r, 2_000).unref())]);
  }
  if (previousGeneration !== null && previousGeneration !== generation) await retireGeneration(readStore, def, previousGeneration);

  head = await eventStore.headPosition();
  options.onProgress?.(progress(true));
  return {
    projection: def.name,
    generation,
    previousGeneration,
    position: position ?? 0,
    processed,
    resumed,
    elapsedMs: Date.now() - started,
  };
}
