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
  const router: AnyRouter = withLiteralPrefixMatch(new Router());
  mountHealth(router, options.readiness);
  options.mount(router);
  app.use(requestId());
  app.use(requestLogger(options.logger));
  app.use(errorEnvelope({ logger: options.logger }));
  app.use(router.routes());
  app.use(router.allowedMethods({ throw: true }));
  return { app, router };
}

type RouterLayer = AnyRouter['stack'][number];

/** The literal start of a route path (before any parameter or pattern), lowercased; null when unknown. */
function literalPrefixOf(layer: RouterLayer): string | null {
  const path = layer.path as unknown;
  if (typeof path !== 'string' || (layer.opts as { pathAsRegExp?: boolean }).pathAsRegExp === true) return null;
  const end = path.search(/[:{*(\\?+]/);
  const prefix = (end < 0 ? path : path.slice(0, end)).toLowerCase();
  return /^[\x00-\x7f]*$/.test(prefix) ? prefix : null;
}

/**
 * The router tests every route's regular expression against every request path (about a
 * hundred routes). This match gives the same answer, in the same order, but tests a route's
 * expression only when the path starts with the route's literal beginning (compared without
 * case, as the routes match), which rules out nearly all of them at the cost of a string
 * comparison.
 */
function withLiteralPrefixMatch(router: AnyRouter): AnyRouter {
  // Prefixes by position in the stack, with the path each was computed from (a router's
  // prefix() rewrites paths in place; routes are added after this runs).
  let layers: RouterLayer[] = [];
  let paths: unknown[] = [];
  let prefixes: (string | null)[] = [];
  const prefixOf = (i: number, layer: RouterLayer): string | null => {
    if (layers[i] !== layer || paths[i] !== layer.path) {
      layers[i] = layer;
      paths[i] = layer.path;
      prefixes[i] = literalPrefixOf(layer);
    }
    return prefixes[i]!;
  };
  const original = router.match.bind(router);
  router.match = function literalPrefixMatch(path: string, method: string) {
    const lower = path.toLowerCase();
    if (lower.length !== path.length) return original(path, method);
    const stack = router.stack;
    if (layers.length > stack.length) {
      layers = layers.slice(0, stack.length);
      paths = paths.slice(0, stack.length);
      prefixes = prefixes.slice(0, stack.length);
    }
    const result: ReturnType<AnyRouter['match']> = { path: [], pathAndMethod: [], route: false };
    const normalizedMethod = method.toUpperCase();
    for (let i = 0; i < stack.length; i++) {
      const layer = stack[i]!;
      const prefix = prefixOf(i, layer);
      if (prefix !== null && !lower.startsWith(prefix)) continue;
      if (!layer.match(path)) continue;
      result.path.push(layer);
      if (layer.methods.length === 0 || layer.methods.includes(normalizedMethod)) {
        result.pathAndMethod.push(layer);
        if (layer.methods.length > 0) result.route = true;
      }
    }
    return result;
  };
  return router;
}
