/** Rate limits (sign-in throttling); adapters in rate-limits.ts. */
/** A limit: at most `points` attempts per key within `durationSeconds`. */
export interface RateLimitRule {
  /** Names the rule's keys in a shared store. */
  name: string;
  points: number;
  durationSeconds: number;
}

/** Thrown when a limit is reached: 429 with Retry-After. */
export interface RateLimitRefusal {
  code: string;
  message: string;
}

export interface RateLimiter {
  /** Counts an attempt for `key`; throws 429 (Retry-After) once the rule's points are spent. */
  consume(key: string, refusal: RateLimitRefusal): Promise<void>;
  /** Gives back one attempt (one that turned out not to count, e.g. a successful sign-in). */
  refund(key: string): Promise<void>;
  /** Forgets `key`'s attempts (a successful sign-in clears its failures). */
  reset(key: string): Promise<void>;
}

export interface RateLimits {
  readonly kind: 'memory' | 'redis';
  limiter(rule: RateLimitRule): RateLimiter;
  close(): Promise<void>;
}
