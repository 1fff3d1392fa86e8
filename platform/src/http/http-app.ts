import Koa from 'koa';
import Router from '@koa/router';
import type { Logger } from 'pino';
import { assignRequestIds } from './request-id';
import { beginRequestLog, endRequestLog } from './logging';
import { answerError, answerUnanswered } from './error-middleware';
import { mountHealth, type ReadinessPorts } from './health';
import { createDrain, registerDrain, type Drain } from './graceful-shutdown';
import { createHttpMetrics, type HttpMetrics, type MetricsStatusSource } from './metrics';
import type { AnyRouter } from './mount-routes';
import type { LocusMiddleware, LocusState } from './state';
import { routesByPrefix } from './prefix-routes';

export interface HttpAppOptions {
  logger: Logger;
  readiness: ReadinessPorts;
  /** Adds the app's routes to the router. */
  mount: (router: AnyRouter) => void;
  /** Trust X-Forwarded-* (behind a proxy). */
  proxy?: boolean;
  /** Projection and reactor status for the lag and parked gauges of `GET /metrics`. */
  metricsStatus?: MetricsStatusSource;
}

/**
 * What the kit does around every request, from the outside in: request and correlation ids,
 * the request log, the drain (graceful shutdown), request metrics, the one error handler (the
 * envelope; an unmatched request is its 404). One middleware calling each module's step, in
 * that nesting, instead of five async middlewares (A/B figure: ARCHITECTURE.md, Kit).
 */
function aroundRequests(logger: Logger, drain: Drain, metrics: HttpMetrics): LocusMiddleware {
  return async function kitRequest(ctx, next) {
    assignRequestIds(ctx);
    const started = process.hrtime.bigint();
    beginRequestLog(ctx, logger);
    try {
      try {
        try {
          await next();
          answerUnanswered(ctx);
        } catch (err) {
          answerError(ctx, err, logger);
        }
      } finally {
        metrics.observe(ctx, started);
      }
      drain.afterResponse(ctx);
    } finally {
      endRequestLog(ctx, logger, started);
    }
  };
}

/**
 * A Koa app with the kit's chain around each request (ids, log, drain, metrics, error
 * envelope), then `/health`, `/ready`, `/metrics` and the routes. Middleware added later with
 * `app.use` runs after the router (e.g. static files); an unmatched request still ends as the 404 envelope.
 */
export function createHttpApp(options: HttpAppOptions): { app: Koa<LocusState>; router: AnyRouter; drain: Drain } {
  // Behind a proxy only its own entry (the last) is trusted: a client can write the others.
  const app = new Koa<LocusState>(options.proxy ? { proxy: true, maxIpsCount: 1 } : { proxy: false });
  // Errors are answered and logged by answerError; keep Koa's default stderr printer quiet.
  app.silent = true;
  app.on('error', (err: NodeJS.ErrnoException) => {
    // A client leaving an event stream or download is not a server fault.
    if (err?.code === 'ERR_STREAM_PREMATURE_CLOSE' || err?.code === 'ECONNRESET' || err?.code === 'EPIPE') return;
    options.logger.error({ err }, 'koa error');
  });
  const router: AnyRouter = new Router();
  const drain = createDrain();
  registerDrain(app, drain);
  mountHealth(router, { ...options.readiness, draining: () => drain.draining });
  const metrics = createHttpMetrics({ status: options.metricsStatus });
  metrics.mount(router);
  options.mount(router);
  app.use(aroundRequests(options.logger, drain, metrics));
  app.use(routesByPrefix(router));
  // Not `throw: true`: thrown, the router's 405/501 would lose their `Allow` header.
  app.use(router.allowedMethods());
  return { app, router, drain };
}
