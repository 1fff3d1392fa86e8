/** Exponential backoff with a cap; `random` in [0,1) adds up to 20 % jitter so clients spread out. */
export const reconnectDelayMs = (attempt: number, random: number, opts: { baseMs?: number; maxMs?: number } = {}): number => {
  const base = opts.baseMs ?? 1000;
  const max = opts.maxMs ?? 30_000;
  const exp = Math.min(max, base * 2 ** Math.max(0, attempt));
  return Math.round(Math.min(max, exp * (1 + 0.2 * random)));
};

/** Server comments arrive every 10 s; a silent stream for this long is treated as dead. */
export const KEEP_ALIVE_INTERVAL_MS = 10_000;
export const STALE_STREAM_AFTER_MS = KEEP_ALIVE_INTERVAL_MS * 3;
