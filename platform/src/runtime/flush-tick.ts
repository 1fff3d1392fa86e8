import { untilAligned } from './shared-tick';

/**
 * Shared ticks for the followers' deferred checkpoint writes: each projection and reactor of a
 * thread that has a checkpoint to store asks for the next tick of its interval, and one timer
 * calls them all in one turn of the event loop, so the embedded read store writes their
 * checkpoints in one transaction (a timer each made about forty commits a second under load).
 */
interface Tick {
  timer: NodeJS.Timeout;
  due: Set<() => void>;
}

const ticks = new Map<number, Tick>();

/**
 * Calls `fn` at the next tick of `intervalMs` (at most that long from now; ticks fall on the
 * multiples of the interval on the clock, with the other housekeeping: shared-tick.ts); returns its cancel.
 */
export function atFlushTick(intervalMs: number, fn: () => void): () => void {
  let tick = ticks.get(intervalMs);
  if (!tick) {
    const due = new Set<() => void>();
    const timer = setTimeout(() => {
      ticks.delete(intervalMs);
      for (const f of due) f();
    }, untilAligned(intervalMs));
    // A pending flush never keeps a process alive (a stopping runtime flushes by itself).
    timer.unref?.();
    ticks.set(intervalMs, (tick = { timer, due }));
  }
  const entry = () => fn();
  tick.due.add(entry);
  const { due, timer } = tick;
  return () => {
    due.delete(entry);
    if (due.size === 0 && ticks.get(intervalMs)?.timer === timer) {
      clearTimeout(timer);
      ticks.delete(intervalMs);
    }
  };
}
