import { commitBytes } from '../commit-limits';
import type { CommitLimits, ReadStore } from '../read-store';
import { TransactionLimitError } from '../read-store-errors';

export interface SimulatedTransactionLimits extends CommitLimits {
  /** A server's write rate: a commit takes its bytes / this many ms (default: no time). */
  bytesPerMs?: number;
}

export interface LimitedReadStore extends ReadStore {
  /** Commits let through: their size and simulated duration. */
  readonly commits: { bytes: number; ms: number }[];
}

/**
 * A read store that refuses commits as MongoDB does, for tests: one over `maxBytes`, or one
 * whose simulated duration passes `maxMs` (aborted at the limit, like a transaction past its
 * lifetime), throws TransactionLimitError and writes nothing. It declares the limits as
 * MongoDB's adapter does, so writers can keep within them.
 */
export function withTransactionLimits(store: ReadStore, limits: SimulatedTransactionLimits): LimitedReadStore {
  const commits: { bytes: number; ms: number }[] = [];
  const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
  return {
    commits,
    commitLimits: { maxBytes: limits.maxBytes, maxMs: limits.maxMs },
    async commit(batch) {
      const bytes = commitBytes(batch.writes);
      if (bytes > limits.maxBytes) throw new TransactionLimitError('bytes', `commit of ${bytes} bytes is over ${limits.maxBytes}`);
      const ms = limits.bytesPerMs ? bytes / limits.bytesPerMs : 0;
      if (ms > limits.maxMs) {
        await wait(limits.maxMs);
        throw new TransactionLimitError('time', `transaction of ${Math.round(ms)} ms aborted at ${limits.maxMs} ms`);
      }
      if (ms >= 1) await wait(ms);
      await store.commit(batch);
      commits.push({ bytes, ms });
    },
    collection: (name) => store.collection(name),
    listCollections: () => store.listCollections(),
    getCheckpoint: (name) => store.getCheckpoint(name),
    serverTime: () => store.serverTime(),
    deleteCheckpoint: (name) => store.deleteCheckpoint(name),
    close: () => store.close(),
  };
}
