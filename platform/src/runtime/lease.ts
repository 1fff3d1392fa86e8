import type { Doc, ReadStore } from '../read-store/read-store';
import { DuplicateKeyError } from '../read-store/read-store-errors';
import { LEASES_COLLECTION } from './generations';
import { everySharedTick } from './shared-tick';

/**
 * Leases give one active instance per projector/reactor in distributed mode: a `_leases`
 * document {_id: name, holder, expiresAt} renewed by its holder. Acquiring is a conditional
 * upsert — "mine or expired" — so when someone else holds a live lease the filter matches
 * nothing and the upsert collides on `_id` (DuplicateKeyError): not acquired. Expiry is in the
 * store's time (`ReadStore.serverTime`): processes whose clocks drift still agree on who holds
 * a lease, and a fenced commit checks holder, epoch and expiry by that same clock.
 */
export interface LeaseDoc extends Doc {
  _id: string;
  companyId: null;
  holder: string;
  expiresAt: number;
  acquiredAt: string;
  /** Raised by every acquisition (not by renewals): the fence its holder writes checkpoints with. */
  epoch: number;
}

/** What a holder's checkpoints carry: the store refuses them once this holding is over. */
export interface LeaseFence {
  lease: string;
  holder: string;
  epoch: number;
}

/** A checkpoint written under `fence` (leased mode) or unfenced (embedded mode). */
export function fencedCheckpoint(name: string, position: number, fence: LeaseFence | undefined) {
  return { name, position, ...(fence ? { fence: fence.epoch, lease: { name: fence.lease, holder: fence.holder } } : {}) };
}

export interface Leases {
  readonly holder: string;
  readonly ttlMs: number;
  tryAcquire(name: string): Promise<boolean>;
  /** False when the lease was lost (expired and taken by another holder). */
  renew(name: string): Promise<boolean>;
  /** The epoch of this holder's lease, null when it does not hold it. */
  epoch(name: string): Promise<number | null>;
  release(name: string): Promise<void>;
  current(name: string): Promise<LeaseDoc | null>;
}

export interface LeasesOptions {
  readStore: ReadStore;
  /** Unique per process, e.g. `${hostname}:${pid}:projectors`. */
  holder: string;
  ttlMs?: number;
}

export function isDuplicateKeyError(err: unknown): boolean {
  if (err instanceof DuplicateKeyError) return true;
  const e = err as { code?: unknown; name?: unknown } | null;
  return !!e && (e.code === 11000 || e.code === 'READ_STORE.DUPLICATE_KEY' || e.name === 'DuplicateKeyError');
}

export function createLeases(options: LeasesOptions): Leases {
  const { readStore, holder } = options;
  const ttlMs = options.ttlMs ?? 15_000;
  const now = async () => new Date(await readStore.serverTime());
  const leases = () => readStore.collection<LeaseDoc>(LEASES_COLLECTION);

  return {
    holder,
    ttlMs,
    async tryAcquire(name) {
      const t = await now();
      // Still held by us: a renewal, the epoch stays.
      const live = await leases().bulkWrite([
        { updateOne: { filter: { _id: name, holder, expiresAt: { $gt: t.getTime() } }, update: { $set: { expiresAt: t.getTime() + ttlMs } } } },
      ]);
      if (live.matchedCount === 1) return true;
      try {
        await leases().bulkWrite([
          {
            updateOne: {
              filter: { _id: name, $or: [{ holder }, { expiresAt: { $lte: t.getTime() } }] },
              update: { $set: { holder, expiresAt: t.getTime() + ttlMs, acquiredAt: t.toISOString(), companyId: null }, $inc: { epoch: 1 } },
              upsert: true,
            },
          },
        ]);
        return true;
      } catch (err) {
        if (isDuplicateKeyError(err)) return false;
        throw err;
      }
    },
    async renew(name) {
      const t = (await now()).getTime();
      const r = await leases().bulkWrite([{ updateOne: { filter: { _id: name, holder, expiresAt: { $gt: t } }, update: { $set: { expiresAt: t + ttlMs } } } }]);
      return r.matchedCount === 1;
    },
    async epoch(name) {
      const doc = await leases().findOne({ _id: name, holder });
      return doc?.epoch ?? null;
    },
    async release(name) {
      await leases().bulkWrite([{ deleteOne: { filter: { _id: name, holder } } }]);
    },
    async current(name) {
      return leases().findOne({ _id: name });
    },
  };
}

/**
 * Holds a lease while `run` works: renews it every ttl/3 and aborts the given signal when
 * the lease is lost or renewal keeps failing. Resolves with run's result; releases at the end.
 */
export async function withLease<T>(
  leases: Leases,
  name: string,
  parent: AbortSignal,
  run: (signal: AbortSignal, fence: LeaseFence | undefined) => Promise<T>,
  onLost?: (reason: string) => void,
): Promise<T> {
  const ac = new AbortController();
  const abort = () => ac.abort();
  parent.addEventListener('abort', abort, { once: true });
  // On the shared tick: every lease this process holds is renewed in one wake-up.
  const stopRenewing = everySharedTick(Math.max(50, Math.floor(leases.ttlMs / 3)), () => {
    leases.renew(name).then(
      (ok) => {
        if (!ok && !ac.signal.aborted) {
          onLost?.('lease taken over');
          ac.abort();
        }
      },
      (err) => {
        if (!ac.signal.aborted) {
          onLost?.(`lease renewal failed: ${(err as Error).message}`);
          ac.abort();
        }
      },
    );
  });
  try {
    const epoch = await leases.epoch(name);
    return await run(ac.signal, epoch === null ? undefined : { lease: name, holder: leases.holder, epoch });
  } finally {
    stopRenewing();
    parent.removeEventListener('abort', abort);
    await leases.release(name).catch(() => undefined);
  }
}
