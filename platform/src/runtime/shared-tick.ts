/**
 * Periodic housekeeping on shared ticks aligned to the wall clock: every callback of one period
 * runs in the same turn of the event loop, at the multiples of its period since the epoch, so
 * periods that divide each other (1 s, 5 s, 10 s) fall on the same turns as well. Forty followers
 * checking something every ten seconds then wake the process once in those ten seconds, not
 * forty times: on a virtual machine a wake-up costs a few hundred microseconds of CPU whatever
 * it does, and an idle server's CPU is mostly its wake-ups (docs/performance.md, Wake-ups).
 */
interface Tick {
  timer: NodeJS.Timeout | null;
  due: Set<() => void>;
}

const ticks = new Map<number, Tick>();

/** Milliseconds from `now` to the next multiple of `periodMs` (never 0: a full period at a boundary). */
export function untilAligned(periodMs: number, now = Date.now()): number {
  return periodMs - (now % periodMs);
}

function arm(periodMs: number, tick: Tick): void {
  tick.timer = setTimeout(() => {
    tick.timer = null;
    for (const fn of [...tick.due]) {
      // One stopped by an earlier callback of this tick is not called.
      if (!tick.due.has(fn)) continue;
      try {
        fn();
      } catch {
        // One callback's throw does not skip the others; each handles its own failures.
      }
    }
    if (tick.due.size > 0) arm(periodMs, tick);
  }, untilAligned(periodMs));
  // Housekeeping never keeps a process alive.
  tick.timer.unref?.();
}

/** Calls `fn` at every aligned tick of `periodMs` until the returned stop is called. */
export function everySharedTick(periodMs: number, fn: () => void): () => void {
  const period = Math.max(1, Math.round(periodMs));
  let tick = ticks.get(period);
  if (!tick) ticks.set(period, (tick = { timer: null, due: new Set() }));
  const entry = () => fn();
  tick.due.add(entry);
  if (!tick.timer) arm(period, tick);
  const t = tick;
  return () => {
    t.due.delete(entry);
    if (t.due.size === 0) {
      if (t.timer) clearTimeout(t.timer);
      t.timer = null;
      if (ticks.get(period) === t) ticks.delete(period);
    }
  };
}
