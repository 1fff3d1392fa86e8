/**
 * Error catalogues: each feature declares its error codes once (contracts/src/<feature>/errors.ts),
 * with the one message and the kind of answer (HTTP status) that go with each code. Handlers throw
 * catalogue entries (`fail(entry)` in @locus/platform), never a literal code.
 */
export type ErrorKind =
  | 'validation' // 400
  | 'unauthenticated' // 401
  | 'forbidden' // 403
  | 'not_found' // 404
  | 'conflict' // 409
  | 'rule' // 422
  | 'rate_limited' // 429
  | 'unavailable'; // 503

export interface ErrorEntry {
  /** Stable code: the feature, a dot, the reason, in capitals. */
  readonly code: string;
  readonly kind: ErrorKind;
  readonly message: string;
}

/** An entry whose message names what failed (a variable's name, Microsoft's reason): one code, one wording. */
export interface ErrorTemplate<A extends readonly unknown[]> {
  readonly code: string;
  readonly kind: ErrorKind;
  readonly message: (...args: A) => string;
}

/** A feature's catalogue: names for its entries, checked to be error entries or templates. */
export const defineErrors = <const T extends Record<string, ErrorEntry | ErrorTemplate<never>>>(entries: T): T => entries;
