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

/** A checkpoint would move backwards, or its writer's lease epoch is behind the one stored. Nothing of the batch was written. */
export class CheckpointFencedError extends Error {
  readonly code = 'READ_STORE.CHECKPOINT_FENCED';
  constructor(
    readonly checkpoint: string,
    reason: string,
  ) {
    super(`Checkpoint ${checkpoint} not written: ${reason}`);
    this.name = 'CheckpointFencedError';
  }
}

/**
 * A commit too large or too long for the store's transactions (MongoDB: 16 MB, 60 s; see
 * `ReadStore.commitLimits`). Nothing of the batch was written; a smaller one may pass.
 */
export class TransactionLimitError extends Error {
  readonly code = 'READ_STORE.TRANSACTION_LIMIT';
  constructor(
    readonly limit: 'bytes' | 'time',
    message: string,
  ) {
    super(message);
    this.name = 'TransactionLimitError';
  }
}

/** Refuses a checkpoint write that moves back or comes from an older lease epoch than the stored one. */
export function assertCheckpointMovesOn(
  stored: { position: number; fence?: number } | null | undefined,
  next: { name: string; position: number; fence?: number },
): void {
  if (!stored) return;
  if (next.fence !== undefined && stored.fence !== undefined && next.fence < stored.fence) {
    throw new CheckpointFencedError(next.name, `lease epoch ${next.fence} is behind ${stored.fence} (the lease was taken over)`);
  }
  if (next.position < stored.position) throw new CheckpointFencedError(next.name, `position ${next.position} is behind ${stored.position}`);
}

/**
 * Refuses a fenced checkpoint write whose writer no longer holds its lease by the store's own
 * clock: another holder, another epoch, or a lease past its expiry, even when nobody took it yet.
 */
export function assertLeaseHeld(
  lease: Readonly<Record<string, unknown>> | null | undefined,
  next: { name: string; fence?: number; lease?: { name: string; holder: string } },
  storeNow: number,
): void {
  if (!next.lease) return;
  const where = `lease ${next.lease.name}`;
  if (!lease || lease.holder !== next.lease.holder) throw new CheckpointFencedError(next.name, `${where} is not held by ${next.lease.holder}`);
  if (next.fence !== undefined && lease.epoch !== next.fence)
    throw new CheckpointFencedError(next.name, `${where} is at epoch ${String(lease.epoch)}, not ${next.fence}`);
  if (typeof lease.expiresAt !== 'number' || lease.expiresAt <= storeNow) throw new CheckpointFencedError(next.name, `${where} expired by the store's clock`);
}

function safeJson(value: unknown): string {
  try {
    return JSON.stringify(value);
  } catch {
    return String(value);
  }
}
