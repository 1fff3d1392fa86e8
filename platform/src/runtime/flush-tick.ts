import { everySharedTick } from './shared-tick';

/**
 * Shared ticks for the followers' deferred checkpoint writes: each projection and reactor of a
 * thread that has a checkpoint to store asks for the next tick of its interval, and one timer
 * calls them all in one turn of the event loop, so the embedded read store writes their
 * checkpoints in one transaction (a timer each made about forty commits a second under load).
 */

/**
 * Calls `fn` once, at the next tick of `intervalMs` (at most that long from now; the ticks are
 * the housekeeping's, on the clock's multiples of the interval: shared-tick.ts); returns its cancel.
 * A pending flush never keeps a process alive (a stopping runtime flushes by itself).
 */
export function atFlushTick(intervalMs: number, fn: () => void): () => void {
  const stop = everySharedTick(intervalMs, () => {
    stop();
    fn();
  });
  return stop;
}
