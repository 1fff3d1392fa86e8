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

/**
 * A budget of `limit` tokens per `windowMs` and key, shared by every process that uses the same
 * store (Google's quotas: 10 edits a minute per location, 300 requests a minute per project).
 * A token returns one window after it was settled, so no window ever holds more than `limit`.
 */
export interface WindowBudget {
  /** Spends a token when one is free (its id), or answers how long until the oldest returns. */
  take(key: string, limit: number, windowMs: number): Promise<{ token: string } | { waitMs: number }>;
  /** The request the token paid for has ended: the token returns a window from now. */
  settle(key: string, token: string): Promise<void>;
}

export interface RateLimits {
  readonly kind: 'memory' | 'redis';
  limiter(rule: RateLimitRule): RateLimiter;
  /** Shared window budgets (Redis); none in memory, where each process keeps its own. */
  readonly windowBudget?: WindowBudget;
  close(): Promise<void>;
}
