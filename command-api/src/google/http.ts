import type { GoogleEndpoints, GoogleTokens } from './oauth';
import { refreshGoogleAccessToken } from './oauth';
import { GoogleApiError, googleErrorFromResponse, networkError } from './errors';
import { defaultSleep } from './write-queue';
import { operationMetrics } from '@locus/platform/metrics/operation-metrics';
import { transportOf, type HttpAnswer } from './transport';

export interface RetryPolicy {
  /** Attempts in all, the first included. */
  maxAttempts: number;
  baseDelayMs: number;
  maxDelayMs: number;
  /** Give up once the waits would add up to more than this. */
  maxTotalDelayMs: number;
}

export const defaultRetryPolicy: RetryPolicy = { maxAttempts: 6, baseDelayMs: 500, maxDelayMs: 30_000, maxTotalDelayMs: 120_000 };

export interface GoogleHttpOptions {
  config: GoogleEndpoints;
  tokens: GoogleTokens;
  /** Called after every refresh, so the caller can store the new access token. */
  onTokensRefreshed?: (tokens: GoogleTokens) => void | Promise<void>;
  retry?: Partial<RetryPolicy>;
  /** Refresh this long before expiry (default 60 s). */
  refreshSkewMs?: number;
  /** Injected for tests; undici's `request` on a shared pool otherwise (./transport). */
  fetch?: typeof fetch;
  sleep?: (ms: number) => Promise<void>;
  now?: () => number;
  random?: () => number;
  /** Notified before each retry wait (logging, metrics). */
  onRetry?: (event: { operation: string; attempt: number; delayMs: number; error: GoogleApiError }) => void;
}

export interface GoogleRequest {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  url: string;
  query?: Record<string, string | number | boolean | string[] | undefined>;
  body?: unknown;
  /** Raw bytes instead of a JSON body (media uploads). */
  bytes?: { data: Uint8Array; contentType: string };
  /** Words for error messages: "the location", "the review reply". */
  subject: string;
  operation: string;
  /** Whether a 5xx may be retried (GET/PUT/PATCH/DELETE and POSTs carrying a requestId are safe). */
  idempotent: boolean;
}

export interface GoogleHttp {
  request<T>(req: GoogleRequest): Promise<T>;
  tokens(): GoogleTokens;
}

export function buildUrl(base: string, query: GoogleRequest['query']): string {
  const url = new URL(base);
  for (const [k, v] of Object.entries(query ?? {})) {
    if (v === undefined) continue;
    if (Array.isArray(v)) for (const item of v) url.searchParams.append(k, item);
    else url.searchParams.set(k, String(v));
  }
  return url.toString();
}

/**
 * Authorised JSON calls to Google: refreshes the access token before it expires and once
 * on a 401; retries 429 and 5xx with exponential backoff and jitter, honouring Google's
 * RetryInfo or Retry-After, within a bounded number of attempts and total wait.
 */
export function createGoogleHttp(options: GoogleHttpOptions): GoogleHttp {
  const policy: RetryPolicy = { ...defaultRetryPolicy, ...options.retry };
  const send = transportOf(options.fetch);
  const sleep = options.sleep ?? defaultSleep;
  const now = options.now ?? Date.now;
  const random = options.random ?? Math.random;
  const skew = options.refreshSkewMs ?? 60_000;
  let tokens = { ...options.tokens };
  let refreshing: Promise<void> | undefined;

  const refresh = (operation: string) => {
    if (!refreshing) {
      refreshing = (async () => {
        if (!tokens.refreshToken) {
          throw new GoogleApiError('GOOGLE.REAUTH_REQUIRED', 'The Google access token expired and no refresh token is stored; reconnect the Google account.', {
            fieldViolations: [],
            reasons: [],
            attempts: 1,
            operation,
          });
        }
        tokens = await refreshGoogleAccessToken(options.config, tokens.refreshToken, { ...(options.fetch ? { fetch: options.fetch } : {}), now });
        await options.onTokensRefreshed?.({ ...tokens });
      })().finally(() => {
        refreshing = undefined;
      });
    }
    return refreshing;
  };

  const backoff = (attempt: number, hintMs: number | undefined) => {
    const exp = Math.min(policy.maxDelayMs, policy.baseDelayMs * 2 ** (attempt - 1));
    const jittered = exp / 2 + (random() * exp) / 2;
    return Math.max(hintMs ?? 0, Math.round(jittered));
  };

  return {
    tokens: () => ({ ...tokens }),
    async request<T>(req: GoogleRequest): Promise<T> {
      const url = buildUrl(req.url, req.query);
      let refreshedFor401 = false;
      let waited = 0;
      for (let attempt = 1; ; attempt++) {
        if (!tokens.accessToken || tokens.expiresAt - skew <= now()) await refresh(req.operation);
        const ctx = { subject: req.subject, operation: req.operation, attempts: attempt };
        let res: HttpAnswer | undefined;
        let failure: GoogleApiError;
        const started = performance.now();
        try {
          res = await send(url, {
            method: req.method,
            headers: {
              authorization: `Bearer ${tokens.accessToken}`,
              accept: 'application/json',
              ...(req.body !== undefined ? { 'content-type': 'application/json; charset=utf-8' } : {}),
              ...(req.bytes ? { 'content-type': req.bytes.contentType } : {}),
            },
            ...(req.body !== undefined ? { body: JSON.stringify(req.body) } : {}),
            ...(req.bytes ? { body: req.bytes.data } : {}),
          });
        } catch (e) {
          res = undefined;
          failure = networkError(e, ctx);
        }
        operationMetrics.googleCall({ url: req.url, method: req.operation, status: res?.status ?? 'network', ms: performance.now() - started });
        if (res) {
          const text = await res.text();
          let json: unknown;
          try {
            json = text ? JSON.parse(text) : {};
          } catch {
            json = text;
          }
          if (res.ok) return json as T;
          failure = googleErrorFromResponse(res.status, json, res.headers, ctx);
          if (res.status === 401 && !refreshedFor401) {
            refreshedFor401 = true;
            await refresh(req.operation);
            attempt--; // a refresh is not a retry
            continue;
          }
        }
        const retryable =
          failure!.code === 'GOOGLE.RATE_LIMITED' || ((failure!.code === 'GOOGLE.UNAVAILABLE' || failure!.code === 'GOOGLE.NETWORK') && req.idempotent);
        if (!retryable || attempt >= policy.maxAttempts) throw failure!;
        const delay = backoff(attempt, failure!.info.retryAfterMs);
        if (waited + delay > policy.maxTotalDelayMs) throw failure!;
        options.onRetry?.({ operation: req.operation, attempt, delayMs: delay, error: failure! });
        operationMetrics.googleQuotaWait({ url: req.url, reason: failure!.code === 'GOOGLE.RATE_LIMITED' ? 'rate_limited' : 'unavailable', ms: delay });
        waited += delay;
        await sleep(delay);
      }
    },
  };
}
