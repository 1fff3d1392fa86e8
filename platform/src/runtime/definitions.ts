import type { RecordedEvent, EventToAppend } from '../event-store/event-store';
import type { Doc, Filter, IndexSpec } from '../read-store/read-store';

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
}

/** A pure, replayable read-model projection. Never calls the outside world. */
export interface ProjectionDefinition {
  name: string;
  /** Bump to force a rebuild into a new generation at the next start. */
  version: number;
  collections: ProjectionCollection[];
  /** Event types handled; others only advance the checkpoint. */
  handles: readonly string[];
  evolve(event: RecordedEvent, docs: ProjectionDocs): Promise<void> | void;
}

export interface ReactorContext {
  /**
   * Append outcome events. Ids are derived from the source event id, the reactor name
   * and `key`, so a retried or repeated handling appends nothing new (idempotent).
   */
  append(streamName: string, events: Omit<EventToAppend, 'id' | 'metadata'>[] , options?: { key?: string; companyId?: string | null }): Promise<void>;
  attempt: number;
}

/** A side-effect follower of $all. Never run by a rebuild. */
export interface ReactorDefinition {
  name: string;
  handles: readonly string[];
  handle(event: RecordedEvent, ctx: ReactorContext): Promise<void>;
  /** Errors that should not be retried (e.g. a 4xx from Google) are marked permanent. */
  maxAttempts?: number;
}

export class PermanentReactorError extends Error {
  constructor(message: string, override readonly cause?: unknown) {
    super(message);
    this.name = 'PermanentReactorError';
  }
}
