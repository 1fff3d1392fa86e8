import { AppError, notFound, rateLimited, ruleViolation, validationError } from '@locus/platform/http/errors';

export interface GoogleFieldViolation {
  field: string;
  description: string;
  reason?: string;
}

export type GoogleErrorCode =
  | 'GOOGLE.INVALID_ARGUMENT'
  | 'GOOGLE.FAILED_PRECONDITION'
  | 'GOOGLE.REAUTH_REQUIRED'
  | 'GOOGLE.PERMISSION_DENIED'
  | 'GOOGLE.NOT_FOUND'
  | 'GOOGLE.ALREADY_EXISTS'
  | 'GOOGLE.RATE_LIMITED'
  | 'GOOGLE.UNAVAILABLE'
  | 'GOOGLE.NETWORK'
  | 'GOOGLE.UNEXPECTED';

/** A failed Google call, with Google's own status and details kept and a message a person can read. */
export class GoogleApiError extends Error {
  constructor(
    readonly code: GoogleErrorCode,
    message: string,
    readonly info: {
      httpStatus?: number;
      googleStatus?: string;
      googleMessage?: string;
      fieldViolations: GoogleFieldViolation[];
      reasons: string[];
      retryAfterMs?: number;
      attempts: number;
      operation: string;
    },
  ) {
    super(message);
    this.name = 'GoogleApiError';
  }
  get retryable(): boolean {
    return this.code === 'GOOGLE.RATE_LIMITED' || this.code === 'GOOGLE.UNAVAILABLE' || this.code === 'GOOGLE.NETWORK';
  }
}

interface ErrorDetail {
  '@type'?: string;
  reason?: string;
  metadata?: Record<string, string>;
  fieldViolations?: { field?: string; description?: string }[];
  retryDelay?: string;
}

/** Google's Duration JSON ("1.5s") in milliseconds. */
export function parseDuration(value: string | undefined): number | undefined {
  const m = value ? /^(\d+(?:\.\d+)?)s$/.exec(value.trim()) : null;
  return m ? Math.round(Number(m[1]) * 1000) : undefined;
}

/** Retry-After as seconds or an HTTP date, in milliseconds from now. */
export function parseRetryAfter(header: string | null | undefined, now = Date.now()): number | undefined {
  if (!header) return undefined;
  if (/^\d+(\.\d+)?$/.test(header.trim())) return Math.round(Number(header) * 1000);
  const at = Date.parse(header);
  return Number.isNaN(at) ? undefined : Math.max(0, at - now);
}

const snakeToCamelPath = (p: string) => p.replace(/_([a-z])/g, (_, c: string) => c.toUpperCase());

/** Pulls field violations out of BadRequest details, or out of ErrorInfo `field_mask` metadata. */
export function fieldViolationsOf(details: ErrorDetail[]): GoogleFieldViolation[] {
  const fromBadRequest = details
    .filter((d) => d['@type']?.endsWith('google.rpc.BadRequest'))
    .flatMap((d) => d.fieldViolations ?? [])
    .map((v) => ({ field: v.field ?? '', description: v.description ?? 'is invalid' }));
  const infos = details.filter((d) => d['@type']?.endsWith('google.rpc.ErrorInfo'));
  if (fromBadRequest.length) {
    return fromBadRequest.map((v) => {
      const info = infos.find((i) => i.metadata?.field_mask && snakeToCamelPath(i.metadata.field_mask) === v.field);
      return info?.reason ? { ...v, reason: info.reason } : v;
    });
  }
  return infos
    .filter((i) => i.metadata?.field_mask)
    .map((i) => ({
      field: snakeToCamelPath(i.metadata!.field_mask!),
      description: `is invalid (${i.reason ?? 'INVALID'})`,
      ...(i.reason ? { reason: i.reason } : {}),
    }));
}

export interface ErrorContext {
  /** What was being sent or read, in words: "the location", "the review reply". */
  subject: string;
  operation: string;
  attempts: number;
}

export function googleErrorFromResponse(httpStatus: number, body: unknown, headers: { get(name: string): string | null }, ctx: ErrorContext): GoogleApiError {
  const err = (body && typeof body === 'object' ? (body as { error?: unknown }).error : undefined) as
    { code?: number; message?: string; status?: string; details?: ErrorDetail[] } | string | undefined;
  // OAuth endpoints answer `{"error":"invalid_grant","error_description":"..."}`.
  const oauth = typeof err === 'string' ? { status: err, message: (body as { error_description?: string }).error_description ?? err } : undefined;
  const googleStatus = oauth?.status ?? (typeof err === 'object' ? err?.status : undefined);
  const googleMessage = oauth?.message ?? (typeof err === 'object' ? err?.message : undefined) ?? (typeof body === 'string' ? body.slice(0, 200) : undefined);
  const details = typeof err === 'object' && Array.isArray(err?.details) ? err.details : [];
  const fieldViolations = fieldViolationsOf(details);
  const reasons = details.map((d) => d.reason).filter((r): r is string => !!r);
  const retryInfo = details.find((d) => d['@type']?.endsWith('google.rpc.RetryInfo'));
  const retryAfterMs = parseDuration(retryInfo?.retryDelay) ?? parseRetryAfter(headers.get('retry-after'));
  const info = {
    httpStatus,
    ...(googleStatus ? { googleStatus } : {}),
    ...(googleMessage ? { googleMessage } : {}),
    fieldViolations,
    reasons,
    ...(retryAfterMs !== undefined ? { retryAfterMs } : {}),
    attempts: ctx.attempts,
    operation: ctx.operation,
  };
  const tries = ctx.attempts > 1 ? ` after ${ctx.attempts} attempts` : '';

  if (httpStatus === 400 && googleStatus === 'FAILED_PRECONDITION') {
    return new GoogleApiError('GOOGLE.FAILED_PRECONDITION', `Google refused ${ctx.subject}: ${googleMessage ?? 'precondition failed'}`, info);
  }
  if (httpStatus === 400 || httpStatus === 413) {
    const what = fieldViolations.length ? fieldViolations.map((v) => `${v.field}: ${v.description}`).join('; ') : (googleMessage ?? 'the request was invalid');
    return new GoogleApiError('GOOGLE.INVALID_ARGUMENT', `Google rejected ${ctx.subject}: ${what}`, info);
  }
  if (httpStatus === 401) {
    return new GoogleApiError(
      'GOOGLE.REAUTH_REQUIRED',
      "Google no longer accepts this account's sign-in (revoked or expired); reconnect the Google account.",
      info,
    );
  }
  if (httpStatus === 403)
    return new GoogleApiError('GOOGLE.PERMISSION_DENIED', `Google denied access to ${ctx.subject}: ${googleMessage ?? 'permission denied'}`, info);
  if (httpStatus === 404) return new GoogleApiError('GOOGLE.NOT_FOUND', `Google could not find ${ctx.subject}.`, info);
  if (httpStatus === 409)
    return new GoogleApiError('GOOGLE.ALREADY_EXISTS', `Google reports ${ctx.subject} already exists: ${googleMessage ?? ''}`.trim(), info);
  if (httpStatus === 429)
    return new GoogleApiError('GOOGLE.RATE_LIMITED', `Google's rate limit was exceeded for ${ctx.subject}${tries}; try again in a minute.`, info);
  if (httpStatus >= 500) {
    return new GoogleApiError(
      'GOOGLE.UNAVAILABLE',
      `Google is temporarily unavailable (${httpStatus}${googleStatus ? ` ${googleStatus}` : ''}) for ${ctx.subject}${tries}.`,
      info,
    );
  }
  return new GoogleApiError('GOOGLE.UNEXPECTED', `Google answered ${httpStatus} for ${ctx.subject}: ${googleMessage ?? 'unexpected response'}`, info);
}

/**
 * A write Locus does not send because it is over one of Google's documented limits (the
 * description, a post's summary, a reply): answered as Google's own refusal of that field
 * would be, with the length in the message, so every path records or shows it alike.
 */
export function overGoogleLimit(operation: string, field: string, message: string): GoogleApiError {
  return new GoogleApiError('GOOGLE.INVALID_ARGUMENT', `Not sent to Google: ${message}`, {
    fieldViolations: [{ field, description: message }],
    reasons: ['LOCUS_CHECKED_LIMIT'],
    attempts: 0,
    operation,
  });
}

/** fetch throws TypeError('fetch failed') with the socket's error as its cause; undici's `request` throws that error itself. */
export function networkError(cause: unknown, ctx: ErrorContext): GoogleApiError {
  const why = cause instanceof Error ? (cause.cause instanceof Error ? cause.cause.message : cause.message) : String(cause);
  return new GoogleApiError(
    'GOOGLE.NETWORK',
    `Could not reach Google for ${ctx.subject}${ctx.attempts > 1 ? ` after ${ctx.attempts} attempts` : ''} (${why}).`,
    {
      fieldViolations: [],
      reasons: [],
      attempts: ctx.attempts,
      operation: ctx.operation,
    },
  );
}

/**
 * Maps a Google failure to the API's error envelope. Google's 401/403 become 422 so that
 * the browser does not mistake them for the Locus session ending.
 */
export function googleErrorToAppError(err: GoogleApiError): AppError {
  switch (err.code) {
    case 'GOOGLE.INVALID_ARGUMENT':
      return validationError(
        err.code,
        err.message,
        err.info.fieldViolations.map((v) => ({ field: v.field, message: v.description })),
      );
    case 'GOOGLE.NOT_FOUND':
      return notFound(err.code, err.message);
    case 'GOOGLE.RATE_LIMITED':
      return rateLimited(err.code, err.message, err.info.retryAfterMs !== undefined ? Math.ceil(err.info.retryAfterMs / 1000) : 60);
    case 'GOOGLE.UNAVAILABLE':
    case 'GOOGLE.NETWORK':
      return new AppError('unavailable', err.code, err.message);
    default:
      return ruleViolation(err.code, err.message);
  }
}
