import type { Clock } from '@locus/platform';

/**
 * Sliding-window attempt counter, in the memory of one API process. With several API replicas
 * each keeps its own window (the limit per replica); the OTP itself is also capped per
 * challenge in its event stream, which holds across replicas.
 */
export interface RateLimiter {
  /** Records an attempt; returns the seconds to wait when over the limit, else 0. */
  hit(key: string): number;
}

export function createRateLimiter(options: { limit: number; windowMs: number; clock: Clock; maxKeys?: number }): RateLimiter {
  const attempts = new Map<string, number[]>();
  const maxKeys = options.maxKeys ?? 50_000;
  return {
    hit(key) {
      const now = options.clock.now().getTime();
      const since = now - options.windowMs;
      const recent = (attempts.get(key) ?? []).filter((t) => t > since);
      if (recent.length >= options.limit) {
        attempts.set(key, recent);
        return Math.max(1, Math.ceil((recent[0]! + options.windowMs - now) / 1000));
      }
      recent.push(now);
      attempts.delete(key);
      attempts.set(key, recent);
      // Bounded memory: forget the least recently used keys.
      while (attempts.size > maxKeys) attempts.delete(attempts.keys().next().value!);
      return 0;
    },
  };
}
