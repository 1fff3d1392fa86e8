import { fencedCheckpoint, type LeaseFence } from './lease';
import { LIVE_CHANGED_IDS_CAP, subjects, type ChangedMessage } from '@locus/contracts';
import type { Bus } from '../bus/bus';
import type { RecordedEvent } from '../event-store/event-store';
import type { AtomicBatch, CommitLimits, ReadStore, WriteOp } from '../read-store/read-store';
import { commitBytes } from '../read-store/commit-limits';
import { TransactionLimitError } from '../read-store/read-store-errors';
import { projectionHandles, type ProjectionDefinition } from './definitions';
import { physicalCollectionName, projectionCheckpointName } from './generations';
import { createBatchDocs, DocCache, type DocChange, type KnownIds } from './projection-docs';

export type ProcessingMode = 'live' | 'rebuild';

export interface BatchOutcome {
  position: number;
  events: number;
  handled: number;
  changedDocs: number;
  /** False when the batch changed no document (live mode): the checkpoint moved in memory only. */
  committed: boolean;
}

export interface GenerationProcessor {
  readonly generation: number;
  readonly checkpointName: string;
  readonly physical: ReadonlyMap<string, string>;
  /**
   * Evolves the events through an overlay, then commits documents and checkpoint in one
   * atomic write (plus `extraWrites`, e.g. the generation switch). In live mode, publishes
   * the changed and checkpoint messages — only after the commit succeeded.
   */
  process(events: RecordedEvent[], options?: ProcessOptions): Promise<BatchOutcome>;
  /**
   * Writes the checkpoint that batches without document changes advanced in memory only.
   * Runs in turn with `process`, so a checkpoint never goes backwards. No-op when none is due.
   */
  flushCheckpoint(): Promise<void>;
  /** Position reached in memory but not yet written (null when the store is up to date). */
  readonly unsavedPosition: number | null;
  /** Forget cached documents (after a failed batch, the cache may hold unwritten state). */
  resetCache(): void;
}

export interface ProcessOptions {
  /**
   * Position the batch brings the projection to, when the subscription reported one beyond
   * the last event (events it filtered out); default: the last event's. Required for a batch
   * without events.
   */
  position?: number;
  /** Written in the same atomic commit (e.g. the generation switch). */
  extraWrites?: { collection: string; ops: WriteOp[] }[];
}

export interface GenerationProcessorOptions {
  readStore: ReadStore;
  bus?: Bus;
  def: ProjectionDefinition;
  generation: number;
  mode: ProcessingMode;
  cacheSize?: number;
  knownIds?: KnownIds;
  /** The lease the processor runs under: its checkpoints carry it. */
  fence?: LeaseFence;
}

/** Share of a store's byte limit a commit aims at: JSON counts a little less than BSON. */
const COMMIT_BYTES_SHARE = 0.5;
/** Share of a store's transaction lifetime a commit may take before the next ones get smaller. */
const COMMIT_TIME_SHARE = 0.25;

/** A batch kept from committing because it was over the store's limits: nothing was written. */
const OVER_LIMIT = Symbol('over limit');

export function createGenerationProcessor(options: GenerationProcessorOptions): GenerationProcessor {
  const { readStore, def, generation, mode } = options;
  const handles = projectionHandles(def);
  const physical = new Map(def.collections.map((c) => [c.name, physicalCollectionName(c.name, generation)]));
  const checkpointName = projectionCheckpointName(def.name, generation);
  const checkpointAt = (position: number) => fencedCheckpoint(checkpointName, position, options.fence);
  const cache = new DocCache(
    options.cacheSize ?? 50_000,
    new Map(def.collections.flatMap((c) => (c.cacheLimit === undefined ? [] : [[c.name, c.cacheLimit] as const]))),
  );
  let unsavedPosition: number | null = null;
  // process() and flushCheckpoint() run one at a time, in call order.
  let turn: Promise<unknown> = Promise.resolve();
  const inTurn = <T>(task: () => Promise<T>): Promise<T> => {
    const result = turn.then(task);
    turn = result.catch(() => undefined);
    return result;
  };

  /** companyId of deleted documents the batch never read: looked up before the commit. */
  async function companyIdsOfUnreadDeletes(changes: DocChange[]): Promise<void> {
    const byCollection = new Map<string, DocChange[]>();
    for (const c of changes) {
      if (c.doc === null && c.companyIdBefore === undefined) {
        let list = byCollection.get(c.collection);
        if (!list) byCollection.set(c.collection, (list = []));
        list.push(c);
      }
    }
    for (const [collection, list] of byCollection) {
      const found = await readStore
        .collection(physical.get(collection)!)
        .find({ _id: { $in: list.map((c) => c.id) } }, { projection: { _id: 1, companyId: 1 } });
      const companyOf = new Map(found.map((d) => [d._id, (d.companyId as string | null | undefined) ?? null]));
      for (const c of list) c.companyIdBefore = companyOf.has(c.id) ? companyOf.get(c.id)! : undefined;
    }
  }

  /**
   * One coalesced message per (scope, collection) for the batch: the changed ids up to the
   * cap, `many` beyond it. With N tabs open a batch costs N deliveries per collection it
   * touched, not N per document.
   */
  function publishChanges(changes: DocChange[], position: number) {
    const bus = options.bus;
    if (!bus) return;
    const messages = new Map<string, ChangedMessage>();
    const add = (companyId: string | null, collection: string, id: string) => {
      const subject = subjects.changed(companyId, collection);
      let message = messages.get(subject);
      if (!message) messages.set(subject, (message = { kind: 'changed', collection, ids: [], many: false, companyId, position }));
      if (message.many) return;
      if (message.ids.length < LIVE_CHANGED_IDS_CAP) message.ids.push(id);
      else {
        message.many = true;
        message.ids = [];
      }
    };
    for (const c of changes) {
      // A delete of a document that was never stored changed nothing anyone saw.
      if (c.doc === null && c.companyIdBefore === undefined) continue;
      const companyId = c.doc ? ((c.doc.companyId as string | null | undefined) ?? null) : (c.companyIdBefore ?? null);
      add(companyId, c.collection, c.id);
      // A document that moved to another company disappears from the old company's lists.
      if (c.doc && c.companyIdBefore !== undefined && c.companyIdBefore !== companyId) add(c.companyIdBefore, c.collection, c.id);
    }
    for (const [subject, message] of messages) bus.publish(subject, message);
    bus.publish(subjects.checkpoint(def.name), { projection: def.name, generation, position });
  }

  async function processBatch(events: RecordedEvent[], batchOptions: ProcessOptions, limits?: CommitLimits): Promise<BatchOutcome | typeof OVER_LIMIT> {
    const extraWrites = batchOptions.extraWrites ?? [];
    const lastEvent = events.length > 0 ? events[events.length - 1]!.position : undefined;
    const position = Math.max(batchOptions.position ?? -1, lastEvent ?? -1);
    if (position < 0) throw new Error('empty batch without a position');
    if (mode === 'live' && extraWrites.length === 0 && !events.some((e) => handles(e.type))) {
      // Only the position moved (events filtered out or not handled): nothing to evolve.
      unsavedPosition = position;
      publishChanges([], position);
      return { position, events: events.length, handled: 0, changedDocs: 0, committed: false };
    }
    const docs = createBatchDocs({ readStore, projection: def.name, physical, cache, knownIds: options.knownIds });
    let handled = 0;
    for (const event of events) {
      if (!handles(event.type)) continue;
      handled++;
      const r = def.evolve(event, docs);
      if (r && typeof (r as Promise<void>).then === 'function') await r;
    }
    const changes = handled > 0 ? docs.changes() : [];
    const writes = [...(handled > 0 ? docs.writes() : []), ...extraWrites];
    if (mode === 'live' && writes.length === 0) {
      // Nothing to write: the read model is truthfully at `position` already. Say so on the
      // bus (waitForPosition relies on it) and let the stored checkpoint follow later
      // (flushCheckpoint): after a crash the projection re-reads a few events it skips anyway.
      docs.committed();
      unsavedPosition = position;
      publishChanges([], position);
      return { position, events: events.length, handled, changedDocs: 0, committed: false };
    }
    if (mode === 'live' && changes.length > 0) await companyIdsOfUnreadDeletes(changes);
    const batch: AtomicBatch = { writes, checkpoint: checkpointAt(position) };
    // Over the limit, the batch is dropped before it commits (the cache holds only stored
    // documents until `committed`) and its events are evolved again in smaller batches.
    const bytes = limits ? commitBytes(writes) : 0;
    if (limits && events.length > 1 && bytes > limits.maxBytes * COMMIT_BYTES_SHARE) return OVER_LIMIT;
    const started = Date.now();
    try {
      await readStore.commit(batch);
      lastCommit = { bytes, ms: Date.now() - started };
    } catch (err) {
      cache.clear();
      if (limits && events.length > 1 && err instanceof TransactionLimitError) return OVER_LIMIT;
      throw err;
    }
    unsavedPosition = null;
    docs.committed();
    if (mode === 'live') publishChanges(changes, position);
    return { position, events: events.length, handled, changedDocs: changes.length, committed: true };
  }

  /** Events per commit on a store with limits: halved past a limit, doubled again while far below. */
  let eventsPerCommit = Number.POSITIVE_INFINITY;
  /** Size and duration of the last commit processBatch made (with limits only). */
  let lastCommit: { bytes: number; ms: number } | null = null;

  /**
   * A batch, committed in as many parts as the store's transaction limits need (a rebuild page
   * of 20,000 events is far over MongoDB's): each part with the checkpoint of its last event,
   * so a stop between parts resumes as after any batch. Without limits, one commit.
   */
  async function processWithinLimits(events: RecordedEvent[], batchOptions: ProcessOptions): Promise<BatchOutcome> {
    const limits = readStore.commitLimits;
    if (!limits || events.length === 0) return (await processBatch(events, batchOptions)) as BatchOutcome;
    const total: BatchOutcome = { position: -1, events: 0, handled: 0, changedDocs: 0, committed: false };
    for (let from = 0; from < events.length;) {
      const count = Math.min(eventsPerCommit, events.length - from);
      const last = from + count === events.length;
      lastCommit = null;
      const outcome = await processBatch(events.slice(from, from + count), last ? batchOptions : {}, limits);
      if (outcome === OVER_LIMIT) {
        eventsPerCommit = Math.max(1, Math.floor(count / 2));
        continue;
      }
      // Set by processBatch (TypeScript cannot see it past the call).
      const commit = lastCommit as { bytes: number; ms: number } | null;
      const maxMs = limits.maxMs * COMMIT_TIME_SHARE;
      const maxBytes = limits.maxBytes * COMMIT_BYTES_SHARE;
      if (commit && commit.ms > maxMs) eventsPerCommit = Math.max(1, Math.floor(count / 2));
      else if (commit && count === eventsPerCommit && commit.ms < maxMs / 4 && commit.bytes < maxBytes / 4) eventsPerCommit = count * 2;
      from += count;
      total.position = outcome.position;
      total.events += outcome.events;
      total.handled += outcome.handled;
      total.changedDocs += outcome.changedDocs;
      total.committed ||= outcome.committed;
    }
    return total;
  }

  return {
    generation,
    checkpointName,
    physical,
    get unsavedPosition() {
      return unsavedPosition;
    },
    resetCache: () => cache.clear(),
    process: (events, processOptions = {}) => inTurn(() => processWithinLimits(events, processOptions)),
    flushCheckpoint: () =>
      inTurn(async () => {
        if (unsavedPosition === null) return;
        const position = unsavedPosition;
        await readStore.commit({ writes: [], checkpoint: checkpointAt(position) });
        if (unsavedPosition === position) unsavedPosition = null;
      }),
  };
}
