/**
 * Errors with a stable code, mapped to an HTTP status in one place (error middleware).
 * Create them with the factories below; never throw raw status codes from features.
 */
import { requestErrors, type ErrorEntry, type ErrorKind, type ErrorTemplate } from '@locus/contracts';

export type { ErrorKind };

export const statusOfKind: Record<ErrorKind, number> = {
  validation: 400,
  unauthenticated: 401,
  forbidden: 403,
  not_found: 404,
  conflict: 409,
  rule: 422,
  rate_limited: 429,
  unavailable: 503,
};

export interface FieldError {
  field: string;
  message: string;
}

export class AppError extends Error {
  constructor(
    readonly kind: ErrorKind,
    /** Stable code: the feature, a dot, the reason, in capitals (catalogued in contracts/src/<feature>/errors.ts). */
    readonly code: string,
    message: string,
    readonly fields: FieldError[] = [],
    readonly retryAfterSeconds?: number,
  ) {
    super(message);
    this.name = 'AppError';
  }
  get status(): number {
    return statusOfKind[this.kind];
  }
}

/** The error a catalogue entry names (contracts/src/<feature>/errors.ts). */
export const fail = (entry: ErrorEntry, fields: FieldError[] = [], retryAfterSeconds?: number) =>
  new AppError(entry.kind, entry.code, entry.message, fields, retryAfterSeconds);
/** A template entry's error, its message made from `args`. */
export const failWith = <A extends readonly unknown[]>(entry: ErrorTemplate<A>, ...args: A) => new AppError(entry.kind, entry.code, entry.message(...args));
/** Invalid input: the catalogue's VALIDATION.FAILED, led by `lead` (a failing field's own message) when given. */
export const invalidInput = (fields: FieldError[], lead?: string) =>
  new AppError('validation', requestErrors.validationFailed.code, requestErrors.validationFailed.message(lead), fields);
/** The entry's error, naming the one field it is about (with the entry's message). */
export const failOn = (entry: ErrorEntry, field: string) => fail(entry, [{ field, message: entry.message }]);

export const validationError = (code: string, message: string, fields: FieldError[] = []) => new AppError('validation', code, message, fields);
export const notFound = (code: string, message: string) => new AppError('not_found', code, message);
export const conflict = (code: string, message: string) => new AppError('conflict', code, message);
export const ruleViolation = (code: string, message: string, fields: FieldError[] = []) => new AppError('rule', code, message, fields);
export const rateLimited = (code: string, message: string, retryAfterSeconds?: number) => new AppError('rate_limited', code, message, [], retryAfterSeconds);
export const unavailable = (code: string, message: string, retryAfterSeconds?: number) => new AppError('unavailable', code, message, [], retryAfterSeconds);
