import { InvalidOperationError } from './read-store-errors';

/** Where checkpoints live on MongoDB; reserved on every adapter so a projection cannot take it. */
export const CHECKPOINTS_COLLECTION = '_checkpoints';
/** Where leases live: a commit fenced by a lease reads its holder and expiry from here. */
export const LEASES_COLLECTION = '_leases';

export function assertCollectionName(name: string): void {
  if (typeof name !== 'string' || name.length === 0 || name.includes('\u0000') || name.includes('$') || name.startsWith('system.')) {
    throw new InvalidOperationError(String(name), 'invalid collection name');
  }
  if (name === CHECKPOINTS_COLLECTION) {
    throw new InvalidOperationError(name, `the name ${CHECKPOINTS_COLLECTION} is reserved for checkpoints`);
  }
}

export function assertCheckpoint(checkpoint: { name: string; position: number }): void {
  if (typeof checkpoint.name !== 'string' || checkpoint.name.length === 0) {
    throw new InvalidOperationError(CHECKPOINTS_COLLECTION, 'a checkpoint needs a name');
  }
  if (typeof checkpoint.position !== 'number' || !Number.isFinite(checkpoint.position)) {
    throw new InvalidOperationError(CHECKPOINTS_COLLECTION, 'a checkpoint position must be a finite number');
  }
}
