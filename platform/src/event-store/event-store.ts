import type { EventMetadata } from '@locus/contracts';

/**
 * EventStore port. Semantics follow EventStoreDB; both adapters (SQLite, EventStoreDB)
 * pass one contract suite (event-store.contract.ts).
 *
 * Positions are numbers: the SQLite adapter's global position is gapless (1, 2, 3, ...);
 * EventStoreDB's commit position is a log offset (ordered, not gapless).
 */
export type ExpectedRevision = 'no_stream' | 'any' | 'stream_exists' | bigint;

export interface EventToAppend<T extends string = string, D = unknown> {
  /** Unique event id (uuid). Re-appending an id already in the stream is idempotent. */
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
  maxCount?: number;
  direction?: 'forwards' | 'backwards';
}

export interface AllSubscription extends AsyncIterable<RecordedEvent> {
  /** Stop the subscription; the iterator then ends. */
  unsubscribe(): Promise<void>;
}

export interface SubscribeToAllOptions {
  /** Exclusive: deliver events with position greater than this; default: from the start. 'end' = only new events. */
  after?: number | 'end';
  /** Catch-up page size. */
  batchSize?: number;
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
