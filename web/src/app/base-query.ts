import { fetchBaseQuery, type BaseQueryFn, type FetchArgs, type FetchBaseQueryError, type FetchBaseQueryMeta } from '@reduxjs/toolkit/query/react';
import { isEnvelope } from '@web/shared/lib/envelope';
import { clearStoredToken, readStoredToken, takeValidToken } from '@web/shared/session/token-storage';
import { parsePositionHeader, type PositionTracker } from './position-tracker';

export interface BaseQueryDeps {
  positions: PositionTracker;
  /** The session is over (expired token, or 401 on an authenticated call). */
  onSessionEnded: () => void;
  now?: () => number;
  fetchFn?: typeof fetch;
  /** '' in the browser (same origin); tests give an absolute origin. */
  baseUrl?: string;
  /** Pause before asking again for a read the query side answered before reaching X-Min-Position. */
  sleep?: (ms: number) => Promise<void>;
}

/** How often a read answered with `X-Position-Reached: false` is asked again, and how long apart. */
export const STALE_READ_RETRIES = 3;
export const STALE_READ_PAUSE_MS = 400;

const isRead = (request: FetchArgs) => (request.method ?? 'GET').toUpperCase() === 'GET';

export type LocusBaseQuery = BaseQueryFn<string | FetchArgs, unknown, FetchBaseQueryError, object, FetchBaseQueryMeta>;

/**
 * fetchBaseQuery plus the session rules: the token is checked for expiry before each use,
 * a 401 clears it, commands' `X-Position` is remembered and sent back as `X-Min-Position`,
 * and a 2xx envelope with `Success: false` is reported as an error.
 */
export const createLocusBaseQuery = (deps: BaseQueryDeps): LocusBaseQuery => {
  const now = deps.now ?? Date.now;
  const sleep = deps.sleep ?? ((ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms)));
  const raw = fetchBaseQuery({ baseUrl: deps.baseUrl ?? '', fetchFn: deps.fetchFn });

  return async (args, api, extraOptions) => {
    const request: FetchArgs = typeof args === 'string' ? { url: args } : { ...args };
    const headers = new Headers(request.headers as HeadersInit | undefined);

    const hadStoredToken = readStoredToken() !== null;
    const token = takeValidToken(now());
    if (hadStoredToken && !token) deps.onSessionEnded();
    const sentToken = Boolean(token) && !headers.has('Authorization');
    if (token && !headers.has('Authorization')) headers.set('Authorization', `Bearer ${token}`);
    const position = deps.positions.current();
    if (position > 0) headers.set('X-Min-Position', String(position));
    request.headers = headers;

    let result = await raw(request, api, extraOptions);
    // Read-your-writes: the query side waited its limit and answered before the projections
    // reached this session's last write. Ask again (each try waits on the server again), so a
    // busy machine delays the fresh answer instead of leaving a stale one on screen.
    for (let tries = 0; tries < STALE_READ_RETRIES && isRead(request) && !api.signal.aborted; tries++) {
      if (result.meta?.response?.headers.get('X-Position-Reached') !== 'false') break;
      await sleep(STALE_READ_PAUSE_MS);
      result = await raw(request, api, extraOptions);
    }

    const written = parsePositionHeader(result.meta?.response?.headers.get('X-Position'));
    if (written !== null) deps.positions.record(written);

    if (result.error) {
      if (result.error.status === 401) {
        clearStoredToken();
        if (sentToken) deps.onSessionEnded();
      }
      return result;
    }
    if (isEnvelope(result.data) && result.data.Success === false) {
      const status = result.meta?.response?.status ?? 200;
      return { error: { status, data: result.data }, meta: result.meta };
    }
    return result;
  };
};
