import type { Middleware } from 'koa';

/**
 * The app's Content-Security-Policy: its own scripts only (no inline script, no eval), styles
 * from itself plus inline ones (Blueprint and React set style attributes), images from
 * anywhere over http(s) (Google's photos, a company's media URLs, the sandbox), calls and
 * live streams to itself, and no framing (clickjacking).
 */
export const APP_CSP = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob: http: https:",
  "media-src 'self' blob: http: https:",
  "font-src 'self' data:",
  "connect-src 'self'",
  "worker-src 'self' blob:",
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join('; ');

export const HSTS = 'max-age=31536000; includeSubDomains';

/** Served over TLS: by this socket, or by the proxy in front of it (its X-Forwarded-Proto). */
function overTls(ctx: Parameters<Middleware>[0]): boolean {
  if ((ctx.req.socket as { encrypted?: boolean }).encrypted) return true;
  const header = ctx.req.headers['x-forwarded-proto'];
  if (typeof header !== 'string') return false;
  const forwarded = header.split(',')[0]?.trim().toLowerCase();
  return forwarded === 'https';
}

/**
 * Security headers on every answer (pages, assets, API, errors, 404s): the CSP above unless a
 * route set its own (the API reference), `X-Content-Type-Options: nosniff`,
 * `Referrer-Policy: same-origin`, `X-Frame-Options: DENY` for browsers without frame-ancestors,
 * and HSTS when served over TLS. Set before the rest of the chain so thrown errors keep them.
 */
export function securityHeaders(): Middleware {
  // Straight on Node's response, names in lower case: Koa's delegated `ctx.set` and Node's
  // lower-casing of each name allocated on every request (docs/performance.md, Commands).
  return async function securityHeadersMiddleware(ctx, next) {
    const res = ctx.res;
    res.setHeader('content-security-policy', APP_CSP);
    res.setHeader('x-content-type-options', 'nosniff');
    res.setHeader('referrer-policy', 'same-origin');
    res.setHeader('x-frame-options', 'DENY');
    if (overTls(ctx)) res.setHeader('strict-transport-security', HSTS);
    await next();
  };
}
