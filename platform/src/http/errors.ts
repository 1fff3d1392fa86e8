/**
 * Errors with a stable code, mapped to an HTTP status in one place (error middleware).
 * Create them with the factories below; never throw raw status codes from features.
 */
import type { ErrorEntry, ErrorKind } from '@locus/contracts';

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
export const fail = (entry: ErrorEntry, fields: FieldError[] = []) => new AppError(entry.kind, entry.code, entry.message, fields);

export const validationError = (code: string, message: string, fields: FieldError[] = []) => new AppError('validation', code, message, fields);
export const unauthenticated = (code = 'AUTH.UNAUTHENTICATED', message = 'Authentication required') => new AppError('unauthenticated', code, message);
export const forbidden = (code = 'AUTH.FORBIDDEN', message = 'You are not allowed to do this') => new AppError('forbidden', code, message);
export const notFound = (code: string, message: string) => new AppError('not_found', code, message);
export const conflict = (code: string, message: string) => new AppError('conflict', code, message);
export const ruleViolation = (code: string, message: string, fields: FieldError[] = []) => new AppError('rule', code, message, fields);
export const rateLimited = (code: string, message: string, retryAfterSeconds?: number) => new AppError('rate_limited', code, message, [], retryAfterSeconds);
export const unavailable = (code: string, message: string, retryAfterSeconds?: number) => new AppError('unavailable', code, message, [], retryAfterSeconds);
