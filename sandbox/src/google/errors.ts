/** Google's JSON error shape: `{"error":{"code","message","status","details":[...]}}`. */
export type GoogleStatus =
  | 'INVALID_ARGUMENT'
  | 'FAILED_PRECONDITION'
  | 'UNAUTHENTICATED'
  | 'PERMISSION_DENIED'
  | 'NOT_FOUND'
  | 'ALREADY_EXISTS'
  | 'RESOURCE_EXHAUSTED'
  | 'INTERNAL'
  | 'UNAVAILABLE';

export interface FieldViolation {
  field: string;
  description: string;
  /** Google's ErrorCode for the Business Information API (e.g. INVALID_PHONE_NUMBER). */
  reason?: string;
  value?: string;
}

export class GoogleApiError extends Error {
  constructor(
    readonly httpStatus: number,
    readonly status: GoogleStatus,
    message: string,
    readonly details: Record<string, unknown>[] = [],
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
  }
  toJSON() {
    return {
      error: {
        code: this.httpStatus,
        message: this.message,
        status: this.status,
        ...(this.details.length ? { details: this.details } : {}),
      },
    };
  }
}

export const BI_DOMAIN = 'mybusinessbusinessinformation.googleapis.com';

export const invalidArgument = (message: string, violations: FieldViolation[] = [], domain = BI_DOMAIN) =>
  new GoogleApiError(400, 'INVALID_ARGUMENT', message, violations.length ? validationDetails(violations, domain) : []);

/** One ErrorInfo per rule broken (as the Business Information API reports), plus a BadRequest listing fields. */
export function validationDetails(violations: FieldViolation[], domain = BI_DOMAIN): Record<string, unknown>[] {
  return [
    ...violations
      .filter((v) => v.reason)
      .map((v) => ({
        '@type': 'type.googleapis.com/google.rpc.ErrorInfo',
        reason: v.reason,
        domain,
        metadata: { field_mask: toSnakePath(v.field), ...(v.value !== undefined ? { value: v.value } : {}) },
      })),
    {
      '@type': 'type.googleapis.com/google.rpc.BadRequest',
      fieldViolations: violations.map((v) => ({ field: v.field, description: v.description })),
    },
  ];
}

export const toSnakePath = (p: string) => p.replace(/[A-Z]/g, (m) => `_${m.toLowerCase()}`);

export const notFoundError = (message = 'Requested entity was not found.') => new GoogleApiError(404, 'NOT_FOUND', message);

export const permissionDenied = (message = 'The caller does not have permission') => new GoogleApiError(403, 'PERMISSION_DENIED', message);

export const failedPrecondition = (message: string, reason?: string) =>
  new GoogleApiError(400, 'FAILED_PRECONDITION', message, reason ? [{ '@type': 'type.googleapis.com/google.rpc.ErrorInfo', reason, domain: BI_DOMAIN }] : []);

export function unauthenticated(kind: 'missing' | 'invalid'): GoogleApiError {
  const message =
    kind === 'missing'
      ? 'Request is missing required authentication credential. Expected OAuth 2 access token, login cookie or other valid authentication credential. See https://developers.google.com/identity/sign-in/web/devconsole-project.'
      : 'Request had invalid authentication credentials. Expected OAuth 2 access token, login cookie or other valid authentication credential. See https://developers.google.com/identity/sign-in/web/devconsole-project.';
  return new GoogleApiError(
    401,
    'UNAUTHENTICATED',
    message,
    [
      {
        '@type': 'type.googleapis.com/google.rpc.ErrorInfo',
        reason: kind === 'missing' ? 'CREDENTIALS_MISSING' : 'ACCESS_TOKEN_EXPIRED',
        domain: 'googleapis.com',
      },
    ],
    { 'WWW-Authenticate': `Bearer realm="https://accounts.google.com/"${kind === 'invalid' ? ', error="invalid_token"' : ''}` },
  );
}

export const insufficientScope = () =>
  new GoogleApiError(403, 'PERMISSION_DENIED', 'Request had insufficient authentication scopes.', [
    {
      '@type': 'type.googleapis.com/google.rpc.ErrorInfo',
      reason: 'ACCESS_TOKEN_SCOPE_INSUFFICIENT',
      domain: 'googleapis.com',
      metadata: { method: 'google.mybusiness', service: 'mybusiness.googleapis.com' },
    },
  ]);

export function quotaExceeded(service: string, metric: string, limitName: string, limit: number, retryAfterSeconds: number) {
  return new GoogleApiError(
    429,
    'RESOURCE_EXHAUSTED',
    `Quota exceeded for quota metric '${metric}' and limit '${limitName}' of service '${service}'.`,
    [
      {
        '@type': 'type.googleapis.com/google.rpc.ErrorInfo',
        reason: 'RATE_LIMIT_EXCEEDED',
        domain: 'googleapis.com',
        metadata: { service, quota_metric: metric, quota_limit: limitName, quota_limit_value: String(limit) },
      },
      { '@type': 'type.googleapis.com/google.rpc.RetryInfo', retryDelay: `${retryAfterSeconds}s` },
    ],
    { 'Retry-After': String(retryAfterSeconds) },
  );
}

export function transientFailure(httpStatus: 500 | 502 | 503 | 504): GoogleApiError {
  if (httpStatus === 500) return new GoogleApiError(500, 'INTERNAL', 'Internal error encountered.');
  return new GoogleApiError(httpStatus, 'UNAVAILABLE', 'The service is currently unavailable.');
}
