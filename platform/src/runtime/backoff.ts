/** Exponential backoff with a cap: initial, initial·factor, ... ≤ max. */
export interface BackoffPolicy {
  initialMs: number;
  maxMs: number;
  factor: number;
}

export const defaultBackoff: BackoffPolicy = { initialMs: 200, maxMs: 30_000, factor: 2 };

/** Delay before retry number `attempt` (1 = first retry). */
export function backoffDelay(policy: BackoffPolicy, attempt: number): number {
  const raw = policy.initialMs * Math.pow(policy.factor, Math.max(0, attempt - 1));
  return Math.min(policy.maxMs, Math.round(raw));
}

export type Sleep = (ms: number, signal?: AbortSignal) => Promise<void>;

/** Resolves after `ms`, or early (without error) when `signal` aborts. */
export const realSleep: Sleep = (ms, signal) =>
  new Promise<void>((resolve) => {
    if (signal?.aborted) return resolve();
    const timer = setTimeout(done, ms);
    function done() {
      clearTimeout(timer);
      signal?.removeEventListener('abort', done);
      resolve();
    }
    signal?.addEventListener('abort', done, { once: true });
  });
