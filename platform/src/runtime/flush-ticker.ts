/**
 * One timer for the deferred checkpoint writes of a runtime's followers: those due within the
 * same interval are written in the same turn, so the read store commits them together (the
 * embedded store in one transaction) instead of each follower on a timer of its own.
 */
export interface FlushTicker {
  /** Runs `flush` at most `intervalMs` from now (once, however often it is asked for meanwhile). */
  schedule(flush: () => void): void;
  /** Forgets a scheduled `flush` (its follower stops and writes its checkpoint itself). */
  cancel(flush: () => void): void;
}

export function createFlushTicker(intervalMs: number): FlushTicker {
  const due = new Set<() => void>();
  let timer: NodeJS.Timeout | null = null;
  const tick = () => {
    timer = null;
    const flushes = [...due];
    due.clear();
    for (const flush of flushes) flush();
  };
  return {
    schedule(flush) {
      due.add(flush);
      if (timer) return;
      timer = setTimeout(tick, intervalMs);
      timer.unref?.();
    },
    cancel(flush) {
      due.delete(flush);
      if (due.size === 0 && timer) {
        clearTimeout(timer);
        timer = null;
      }
    },
  };
}
