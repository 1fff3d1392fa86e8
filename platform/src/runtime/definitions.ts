import type { RecordedEvent, EventToAppend } from '../event-store/event-store';
import type { Doc, Filter, IndexSpec, SortSpec } from '../read-store/read-store';

/**
 * Access to a projection's documents while it evolves a batch. Reads see the writes
 * made earlier in the same batch; the runtime commits all writes and the checkpoint
 * atomically at the end of the batch.
 */
export interface ProjectionDocs {
  get<T extends Doc = Doc>(collection: string, id: string): Promise<T | null>;
  find<T extends Doc = Doc>(collection: string, filter: Filter): Promise<T[]>;
  put(collection: string, doc: Doc): void;
  delete(collection: string, id: string): void;
}

export interface ProjectionCollection {
  /** Logical name used by query-api (`companies`); the physical one carries the generation. */
  name: string;
  indexes: IndexSpec[];
  /**
   * The list queries the screens run on this collection (any values in the filter): a test
   * asserts that each one, its sort and its count use an index on the embedded store.
   */
  queries?: QueryShape[];
  /**
   * At most this many of the collection's documents (the latest written or read) stay in the
   * runtime's document cache, and a projection thread's own store keeps none. For a log written
   * once and read back only soon after (the history's lines, as a later line's cause): all kept,
   * they filled the cache and the thread's heap.
   */
  cacheLimit?: number;
}

export interface QueryShape {
  name: string;
  filter: Filter;
  sort?: SortSpec;
}

/** Any domain event: a type and its data. */
export interface AnyDomainEvent {
  type: string;
  data: unknown;
}

/**
 * A stored event whose type and data are one member of the union `E` (distributive, so a
 * `switch (event.type)` narrows `event.data`). The runtimes hand a definition only the types
 * it `handles`, so the data is the one the contracts' schema gives that type.
 */
export type RecordedOf<E extends AnyDomainEvent> = E extends AnyDomainEvent
  ? Omit<RecordedEvent, 'type' | 'data'> & { type: E['type']; data: E['data'] }
  : never;

/** A pure, replayable read-model projection of the events `E`. Never calls the outside world. */
export interface ProjectionDefinition<E extends AnyDomainEvent = AnyDomainEvent> {
  name: string;
  /** Bump to force a rebuild into a new generation at the next start. */
  version: number;
  collections: ProjectionCollection[];
  /** Event types handled; others only advance the checkpoint. */
  handles: readonly E['type'][];
  /**
   * Every event reaches `evolve`, whatever its type (the company history: event types other
   * features add later show up without a change here). `handles` is then ignored.
   */
  handlesAll?: boolean;
  /**
   * Live mode: at most one batch per this many milliseconds. A batch that comes after a quiet
   * spell is processed at once; under load the events of the interval gather into one commit.
   * For projections that write many indexed rows per event (the company history: six indexes
   * and a trigram FTS row), where a commit per event costs more than the event itself. A
   * reader waiting for a position (X-Min-Position) cuts the wait short (`ops.position-wanted`).
   */
  liveBatchIntervalMs?: number;
  /**
   * In the all-in-one server with the embedded stores: runs on a thread of its own, its
   * collections and checkpoints in a file of their own (`<name>.db` in the data directory), so
   * that none of its work is done on the event loop that serves requests, nor holds the read
   * store's write lock (deploy/src/projection-threads.ts). For a projection every command
   * writes to and no command waits on: the company history.
   */
  ownThread?: boolean;
  evolve(event: RecordedOf<E>, docs: ProjectionDocs): Promise<void> | void;
}

/** Whether a projection evolves events of this type. */
export const projectionHandles = (def: Pick<ProjectionDefinition, 'handles' | 'handlesAll'>): ((type: string) => boolean) => {
  if (def.handlesAll) return () => true;
  const types = new Set<string>(def.handles);
  return (type) => types.has(type);
};

export interface ReactorContext {
  /**
   * Append outcome events. Ids are derived from the source event id, the reactor name
   * and `key`, so a retried or repeated handling appends nothing new (idempotent).
   */
  append(streamName: string, events: Omit<EventToAppend, 'id' | 'metadata'>[], options?: { key?: string; companyId?: string | null }): Promise<void>;
  /**
   * A hint: the handling has just read the whole of `streamName` (its revision and events): its next
   * append there tries that revision without reading the stream again (a conflict reads it).
   */
  seen?(streamName: string, read: { revision: bigint | 'no_stream'; events: readonly Pick<RecordedEvent, 'id'>[] }): void;
  attempt: number;
  /**
   * Aborted when the runtime stops. A long handling (a bulk edit's job) stops taking new work
   * and throws, so its event is not checkpointed and is handled again after the restart.
   */
  signal?: AbortSignal;
}

/** A side-effect follower of $all, handling the events `E`. Never run by a rebuild. */
export interface ReactorDefinition<E extends AnyDomainEvent = AnyDomainEvent> {
  name: string;
  handles: readonly E['type'][];
  handle(event: RecordedOf<E>, ctx: ReactorContext): Promise<void>;
  /** Errors that should not be retried (e.g. a 4xx from Google) are marked permanent. */
  maxAttempts?: number;
  /**
   * Events handled side by side, at most this many at once (default 1: one after another).
   * For a reactor whose handling mostly waits (a remote call paced by a quota). Events of one
   * stream still run one after another, in order. The checkpoint only passes an event once it
   * and every event before it are done, so a crash re-delivers the unfinished ones: handling
   * must be idempotent, as every reactor's is.
   */
  concurrency?: number;
}

export class PermanentReactorError extends Error {
  constructor(
    message: string,
    override readonly cause?: unknown,
  ) {
    super(message);
    this.name = 'PermanentReactorError';
  }
}
