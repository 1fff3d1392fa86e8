/**
 * Errors every ReadStore adapter throws in the same situations, so callers (and the
 * contract suite) can tell them apart without knowing which adapter runs.
 */

/** A write would give two documents the same key in a unique index (incl. `_id`). Nothing of the batch was written. */
export class DuplicateKeyError extends Error {
  readonly code = 'READ_STORE.DUPLICATE_KEY';
  constructor(
    readonly collection: string,
    /** Index name, `_id_` for the primary key. */
    readonly index: string,
    /** The duplicated key, field by field (as far as the adapter knows it). */
    readonly keyValue: Record<string, unknown>,
  ) {
    super(`Duplicate key in ${collection} index ${index}: ${safeJson(keyValue)}`);
    this.name = 'DuplicateKeyError';
  }
}

/** The operation itself is invalid (update without operators, changing `_id`, conflicting index spec ...). */
export class InvalidOperationError extends Error {
  readonly code = 'READ_STORE.INVALID_OPERATION';
  constructor(
    readonly collection: string,
    message: string,
  ) {
    super(`${collection}: ${message}`);
    this.name = 'InvalidOperationError';
  }
}

function safeJson(value: unknown): string {
  try {
    return JSON.stringify(value);
  } catch {
    return String(value);
  }
}
