import type { EventMetadata } from '@locus/contracts';

/**
 * EventStore port. Semantics follow EventStoreDB; both adapters (SQLite, EventStoreDB)
 * pass one contract suite (event-store.contract.ts).
 *
 * Positions are opaque numbers: ordered, but not gapless (EventStoreDB's commit position is a
 * log offset in bytes). A caller compares positions and passes back only ones the store handed
 * out (or 0, the start); it never adds to or subtracts from one, and counts events with
 * `countAfter`, not by position difference.
 */
export type ExpectedRevision = 'no_stream' | 'any' | 'stream_exists' | bigint;

export interface EventToAppend<T extends string = string, D = unknown> {
  /**
   * Unique event id (uuid). Re-appending a batch already in the stream is idempotent with
   * no_stream or an exact revision; under 'any' only while EventStoreDB still caches it.
   */
  id: string;
  type: T;
  data: D;
  metadata: EventMetadata;
}

export interface RecordedEvent<T extends string = string, D = unknown> {
  id: string;
  type: T;
  streamName: string;
  /** 0-based revision inside its stream. */
  revision: bigint;
  /** Global commit position in $all. */
  position: number;
  data: D;
  metadata: EventMetadata;
  created: Date;
}

export interface AppendResult {
  /** Revision of the last event now in the stream. */
  nextExpectedRevision: bigint;
  /** Global position of the last event written (or of the existing one when idempotent). */
  position: number;
}

export interface ReadStreamOptions {
  direction?: 'forwards' | 'backwards';
  /** Inclusive start revision; default start (forwards) or end (backwards). */
  fromRevision?: bigint | 'start' | 'end';
  maxCount?: number;
}

export interface ReadAllOptions {
  /** Exclusive: read events whose position is greater than this. Default: from the start. */
  after?: number;
  /** With `eventTypes`, counts the events returned (of those types). */
  maxCount?: number;
  direction?: 'forwards' | 'backwards';
  /** Optional: only events of these types (the others are skipped where they are stored). */
  eventTypes?: readonly string[];
}

export interface AllSubscription extends AsyncIterable<RecordedEvent> {
  /** Stop the subscription; the iterator then ends. */
  unsubscribe(): Promise<void>;
  /**
   * Optional: report the position reached through filtered-out events now (`onCheckpoint`)
   * rather than when the adapter would have (the SQLite store gathers such reports): a reader
   * waits for this follower's position.
   */
  reportProgress?(): void;
}

export interface SubscribeToAllOptions {
  /** Exclusive: deliver events with position greater than this; default: from the start. 'end' = only new events. */
  after?: number | 'end';
  /** Catch-up page size. */
  batchSize?: number;
  /**
   * Optional: deliver only events of these types (SQLite: skipped in the query and in the
   * shared tail; EventStoreDB: a server-side event-type filter). A consumer must still look
   * at each event's type: an adapter may ignore the filter.
   */
  eventTypes?: readonly string[];
  /**
   * Optional, with `eventTypes`: called with a position P once every event up to P has been
   * either taken from the iterator or filtered out, so that a follower can store P as its
   * checkpoint although the events before it were not its own. Every event taken after the
   * call has a position greater than P. Called from inside the iterator's `next()`.
   */
  onCheckpoint?: (position: number) => void;
}

export interface EventStore {
  append(streamName: string, events: EventToAppend[], options?: { expectedRevision?: ExpectedRevision }): Promise<AppendResult>;
  /** Throws StreamNotFoundError when the stream does not exist. */
  readStream(streamName: string, options?: ReadStreamOptions): Promise<RecordedEvent[]>;
  readAll(options?: ReadAllOptions): Promise<RecordedEvent[]>;
  /** Catches up from `after`, then follows live appends without gap or duplicate. */
  subscribeToAll(options?: SubscribeToAllOptions): AllSubscription;
  /** Position of the newest event in $all (0 when empty). */
  headPosition(): Promise<number>;
  /** The event at exactly this position (one the store handed out), or null when there is none. */
  eventAt(position: number): Promise<RecordedEvent | null>;
  /**
   * How many events lie after `after` (0 or a position the store handed out), up to `upTo`
   * inclusive (default: the head), counting at most `max` (default: all).
   */
  countAfter(after: number, options?: { upTo?: number; max?: number }): Promise<number>;
  close(): Promise<void>;
}

export class WrongExpectedVersionError extends Error {
  readonly code = 'EVENTSTORE.WRONG_EXPECTED_VERSION';
  constructor(
    readonly streamName: string,
    readonly expected: ExpectedRevision,
    readonly actual: bigint | 'no_stream',
  ) {
    super(`Stream ${streamName}: expected revision ${String(expected)}, actual ${String(actual)}`);
    this.name = 'WrongExpectedVersionError';
  }
}

export class StreamNotFoundError extends Error {
  readonly code = 'EVENTSTORE.STREAM_NOT_FOUND';
  constructor(readonly streamName: string) {
    // An expected outcome (every command on a new stream meets it), not a fault: capturing a
    // stack trace would be most of its cost, and nobody reads it.
    const limit = Error.stackTraceLimit;
    Error.stackTraceLimit = 0;
    super(`Stream ${streamName} not found`);
    Error.stackTraceLimit = limit;
    this.name = 'StreamNotFoundError';
  }
}
