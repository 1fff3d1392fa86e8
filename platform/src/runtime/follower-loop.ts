import { backoffDelay, type BackoffPolicy, type Sleep } from './backoff';
import { withLease, type LeaseFence, type Leases } from './lease';

export interface FollowerLoopOptions {
  /** The lease that makes this instance the active one (`projection:<name>`, `reactor:<name>`). */
  leaseName: string;
  /** Distributed mode; without leases the follower runs here unconditionally. */
  leases?: Leases;
  signal: AbortSignal;
  sleep: Sleep;
  retry: BackoffPolicy;
  /**
   * Follows until stopped or the lease is lost; a throw is retried after a backoff pause.
   * `fence` is the lease held (leased mode): every checkpoint it writes carries it.
   */
  follow(signal: AbortSignal, fence?: LeaseFence): Promise<void>;
  /** Another instance holds the lease: this one waits. */
  onStandby(): void;
  onLeaseLost(reason: string): void;
  /** `failures` counts the failures in a row, the one reported included. */
  onFailure(err: unknown, failures: number): void;
}

/**
 * The loop shared by the projector and reactor runtimes: take the lease (or wait on standby
 * while another instance holds it), follow while it is held, and after a failure start again
 * with capped exponential backoff; it returns once the signal is aborted.
 */
export async function runFollowerLoop(options: FollowerLoopOptions): Promise<void> {
  const { leaseName, leases, signal, sleep, retry } = options;
  let failures = 0;
  while (!signal.aborted) {
    try {
      if (leases) {
        if (!(await leases.tryAcquire(leaseName))) {
          options.onStandby();
          await sleep(Math.max(50, Math.floor(leases.ttlMs / 2)), signal);
          continue;
        }
        await withLease(
          leases,
          leaseName,
          signal,
          (s, fence) => options.follow(s, fence),
          (reason) => options.onLeaseLost(reason),
        );
      } else {
        await options.follow(signal);
      }
      failures = 0;
    } catch (err) {
      if (signal.aborted) break;
      failures++;
      options.onFailure(err, failures);
      await sleep(backoffDelay(retry, failures), signal);
    }
  }
}
