import Koa from 'koa';
import Router from '@koa/router';
import type { Logger } from 'pino';
import { requestId } from './request-id';
import { requestLogger } from './logging';
import { errorEnvelope } from './error-middleware';
import { mountHealth, type ReadinessPorts } from './health';
import type { AnyRouter } from './mount-routes';
import type { LocusState } from './state';

export interface HttpAppOptions {
  logger: Logger;
  readiness: ReadinessPorts;
  /** Adds the app's routes to the router. */
  mount: (router: AnyRouter) => void;
  /** Trust X-Forwarded-* (behind a proxy). */
  proxy?: boolean;
}

/**
 * A Koa app with the kit's chain: request id, request log, the one error middleware, then
 * `/health`, `/ready` and the routes. Middleware added later with `app.use` runs after the
 * router (e.g. static files); an unmatched request still ends as the 404 envelope.
 */
export function createHttpApp(options: HttpAppOptions): { app: Koa<LocusState>; router: AnyRouter } {
  const app = new Koa<LocusState>({ proxy: options.proxy ?? false });
  // Errors are answered and logged by errorEnvelope; keep Koa's default stderr printer quiet.
  app.silent = true;
  app.on('error', (err: NodeJS.ErrnoException) => {
    // A client leaving an event stream or download is not a server fault.
    if (err?.code === 'ERR_STREAM_PREMATURE_CLOSE' || err?.code === 'ECONNRESET' || err?.code === 'EPIPE') return;
    options.logger.error({ err }, 'koa error');
  });
  const router: AnyRouter = new Router();
  mountHealth(router, options.readiness);
  options.mount(router);
  app.use(requestId());
  app.use(requestLogger(options.logger));
  app.use(errorEnvelope({ logger: options.logger }));
  app.use(router.routes());
  app.use(router.allowedMethods({ throw: true }));
  return { app, router };
}
