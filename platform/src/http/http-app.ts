import Koa from 'koa';
import Router from '@koa/router';
import type { Logger } from 'pino';
import { requestId } from './request-id';
import { requestLogger } from './logging';
import { errorEnvelope } from './error-middleware';
import { mountHealth, type ReadinessPorts } from './health';
import { createDrain, registerDrain, type Drain } from './graceful-shutdown';
import { createHttpMetrics, type HttpMetrics, type MetricsAccess, type MetricsStatusSource } from './metrics';
import type { AnyRouter } from './mount-routes';
import type { LocusState } from './state';
import { routesByPrefix } from './prefix-routes';
import { securityHeaders } from './security-headers';

export interface HttpAppOptions {
  logger: Logger;
  readiness: ReadinessPorts;
  /** Adds the app's routes to the router. */
  mount: (router: AnyRouter) => void;
  /** Trust X-Forwarded-* (behind a proxy). */
  proxy?: boolean;
  /** Projection and reactor status for the lag and parked gauges of `GET /metrics`. */
  metricsStatus?: MetricsStatusSource;
  /** Who may read `/metrics` (LocusConfig.metrics); open on the app's port when unset. */
  metricsAccess?: MetricsAccess;
}

const appMetrics = new WeakMap<object, { metrics: HttpMetrics; access: MetricsAccess }>();
/** The metrics of an app made by createHttpApp and who may read them (entry points that serve them on their own port). */
export const metricsOf = (app: object) => appMetrics.get(app);

/**
 * A Koa app with the kit's chain: security headers, request id, request log, the drain (graceful shutdown),
 * request metrics, the one error middleware, then `/health`, `/ready`, `/metrics` and the routes. Middleware added later with `app.use` runs after the
 * router (e.g. static files); an unmatched request still ends as the 404 envelope.
 */
export function createHttpApp(options: HttpAppOptions): { app: Koa<LocusState>; router: AnyRouter; drain: Drain } {
  // Behind a proxy only its own entry (the last) is trusted: a client can write the others.
  const app = new Koa<LocusState>(options.proxy ? { proxy: true, maxIpsCount: 1 } : { proxy: false });
  // Errors are answered and logged by errorEnvelope; keep Koa's default stderr printer quiet.
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
  metrics.mount(router, options.metricsAccess);
  options.mount(router);
  app.use(securityHeaders());
  app.use(requestId());
  app.use(requestLogger(options.logger));
  app.use(drain.middleware);
  app.use(metrics.middleware);
  app.use(errorEnvelope({ logger: options.logger }));
  app.use(routesByPrefix(router));
  // Not `throw: true`: thrown, the router's 405/501 would lose their `Allow` header.
  app.use(router.allowedMethods());
  appMetrics.set(app, { metrics, access: options.metricsAccess ?? {} });
  return { app, router, drain };
}
