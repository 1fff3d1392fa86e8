/**
 * ReadStore port: a subset of MongoDB's API. Adapters: embedded (documents in SQLite, queries
 * in SQL where SQL answers as MongoDB would, mingo on the rows it narrowed) and MongoDB. Both
 * pass read-store.contract.ts.
 */
export type Doc = { _id: string; [key: string]: unknown };
export type Filter = Record<string, unknown>;
export type SortSpec = Record<string, 1 | -1>;
export type Projection = Record<string, 0 | 1>;
export type UpdateSpec = Record<string, unknown>; // $set, $unset, $inc, $push, $pull, $addToSet

export interface CountOptions {
  limit?: number;
}

export interface FindOptions {
  sort?: SortSpec;
  skip?: number;
  limit?: number;
  projection?: Projection;
  /**
   * A one-pass read, such as an export's batches: the embedded store leaves the documents it
   * parses for it out of its document cache (they would push out what requests read and, kept a
   * while, turn into old garbage). Answers are the same either way.
   */
  scan?: boolean;
}

export type WriteOp =
  | { insertOne: { document: Doc } }
  | { replaceOne: { filter: Filter; replacement: Doc; upsert?: boolean } }
  | { updateOne: { filter: Filter; update: UpdateSpec; upsert?: boolean } }
  | { updateMany: { filter: Filter; update: UpdateSpec } }
  | { deleteOne: { filter: Filter } }
  | { deleteMany: { filter: Filter } };

export interface BulkWriteResult {
  insertedCount: number;
  matchedCount: number;
  modifiedCount: number;
  deletedCount: number;
  upsertedCount: number;
}

export interface IndexSpec {
  key: Record<string, 1 | -1 | 'text'>;
  unique?: boolean;
  name?: string;
}

export interface Collection<T extends Doc = Doc> {
  readonly name: string;
  find(filter?: Filter, options?: FindOptions): Promise<T[]>;
  findOne(filter: Filter, options?: Pick<FindOptions, 'projection'>): Promise<T | null>;
  /** With `limit`, counting stops there (as MongoDB's option): a capped count that never scans past it. */
  countDocuments(filter?: Filter, options?: CountOptions): Promise<number>;
  aggregate<R = Doc>(pipeline: Record<string, unknown>[]): Promise<R[]>;
  bulkWrite(ops: WriteOp[]): Promise<BulkWriteResult>;
  createIndexes(indexes: IndexSpec[]): Promise<void>;
  drop(): Promise<void>;
}

export interface Checkpoint {
  name: string;
  position: number;
  updatedAt: string;
  /** The lease epoch of the last holder that wrote it (see AtomicBatch). */
  fence?: number;
}

/**
 * Documents of several collections plus one checkpoint, written atomically. A checkpoint only
 * moves forward, and one written with a `fence` (the writer's lease epoch) refuses writers of
 * a lower epoch from then on: a holder that lost its lease while stalled cannot commit its late
 * batch over its successor's. With `lease`, the store also checks inside the commit, by its own
 * clock, that the lease document still names this holder at this epoch and has not expired.
 * Any refusal (CheckpointFencedError) writes nothing of the batch.
 */
export interface AtomicBatch {
  writes: { collection: string; ops: WriteOp[] }[];
  checkpoint?: { name: string; position: number; fence?: number; lease?: { name: string; holder: string } };
}

/** What one commit may hold on a store whose transactions have limits. */
export interface CommitLimits {
  /** Bytes of documents and updates (as `commitBytes` counts them). */
  maxBytes: number;
  /** Time from the start of the transaction to its commit. */
  maxMs: number;
}

export interface ReadStore {
  /**
   * Set by stores that refuse a commit over a size or a time (MongoDB), with
   * TransactionLimitError: writers of large batches (a rebuild's pages) split them to stay within.
   */
  readonly commitLimits?: CommitLimits;
  collection<T extends Doc = Doc>(name: string): Collection<T>;
  listCollections(): Promise<string[]>;
  /** All-or-nothing: documents and checkpoint (a transaction on MongoDB). */
  commit(batch: AtomicBatch): Promise<void>;
  getCheckpoint(name: string): Promise<Checkpoint | null>;
  /** The store's clock in ms since the epoch: leases expire by it, never by a process's own clock. */
  serverTime(): Promise<number>;
  deleteCheckpoint(name: string): Promise<void>;
  close(): Promise<void>;
}
