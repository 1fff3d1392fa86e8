import { randomUUID } from 'node:crypto';
import type { LocusMiddleware } from './state';

const SAFE_ID = /^[A-Za-z0-9._:-]{1,128}$/;

const acceptable = (value: string | string[] | undefined): string | undefined => (typeof value === 'string' && SAFE_ID.test(value) ? value : undefined);

/**
 * `X-Request-Id` in (when well-formed) or a new uuid; echoed on the response.
 * `X-Correlation-Id` in, else the request id; it becomes the events' correlationId.
 */
export function requestId(options: { newId?: () => string } = {}): LocusMiddleware {
  const newId = options.newId ?? randomUUID;
  return async function requestIdMiddleware(ctx, next) {
    const headers = ctx.req.headers;
    const id = acceptable(headers['x-request-id']) ?? newId();
    const correlation = acceptable(headers['x-correlation-id']) ?? id;
    ctx.state.requestId = id;
    ctx.state.correlationId = correlation;
    // On Node's response directly, as the security headers (security-headers.ts).
    ctx.res.setHeader('x-request-id', id);
    ctx.res.setHeader('x-correlation-id', correlation);
    await next();
  };
}
