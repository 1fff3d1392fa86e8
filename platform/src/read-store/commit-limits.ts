import type { AtomicBatch } from './read-store';

/** MongoDB aborts a transaction open longer than this (`transactionLifetimeLimitSeconds`, 60 s by default). */
export const MONGO_TRANSACTION_LIFETIME_MS = 60_000;
/** MongoDB's largest BSON document (16 MB): one write command, and a transaction's oplog entry on older servers. */
export const MONGO_MAX_BSON_BYTES = 16 * 1024 * 1024;

/**
 * The size a commit's writes take, as JSON (close to their BSON size for the documents we
 * write; callers keep a margin). Counted only for stores that declare limits.
 */
export function commitBytes(writes: AtomicBatch['writes']): number {
  let bytes = 0;
  for (const w of writes) for (const op of w.ops) bytes += Buffer.byteLength(JSON.stringify(op));
  return bytes;
}
