import { Readable } from 'node:stream';
import type Router from '@koa/router';
import type { RouteDef } from '@locus/contracts';
import { auth, type AuthDeps } from './auth';
import { defaultBodyLimits, jsonBody, multipartBody, type BodyLimits } from './body';
import { validate } from './validate';
import type { RequestContext, RouteImplementation } from './route-handler';
import type { LocusContext, LocusMiddleware, LocusState } from './state';

export interface MountOptions extends AuthDeps {
  limits?: Partial<BodyLimits>;
  /** Extra middleware for a route, run after auth and validation (query-api: X-Min-Position). */
  before?: (def: RouteDef) => LocusMiddleware[];
}

// Any router state/context: the launcher may mount both apps' routes on one router.
export type AnyRouter = Router;

const mounted = new WeakMap<object, Set<string>>();

const routeInfo = (def: RouteDef): LocusMiddleware =>
  async function routeInfoMiddleware(ctx, next) {
    ctx.state.route = def;
    await next();
  };

export function requestContextOf(ctx: LocusContext): RequestContext {
  const input = ctx.state.input ?? {};
  return {
    auth: ctx.state.auth ?? null,
    params: (input.params ?? (ctx as unknown as { params?: Record<string, string> }).params ?? {}) as Record<string, string>,
    query: input.query ?? { ...ctx.query },
    body: input.body ?? ctx.request.body,
    files: ctx.state.files ?? [],
    requestId: ctx.state.requestId,
    correlationId: ctx.state.correlationId ?? ctx.state.requestId,
    ip: ctx.ip,
    headers: ctx.headers,
  };
}

const handlerOf = (impl: RouteImplementation): LocusMiddleware =>
  async function routeHandler(ctx) {
    const result = await impl.handle(requestContextOf(ctx));
    ctx.status = result.status ?? 200;
    if (result.body instanceof Readable) {
      // A long-lived stream (SSE): no socket timeout, no Nagle delay.
      ctx.req.socket.setTimeout(0);
      ctx.req.socket.setNoDelay(true);
      ctx.req.socket.setKeepAlive(true);
    }
    ctx.body = result.body;
    for (const [name, value] of Object.entries(result.headers ?? {})) ctx.set(name, value);
    if (result.position !== undefined) ctx.set('X-Position', String(result.position));
  };

/**
 * Mounts route implementations: per route `auth(def.roles)`, body parsing (JSON, or
 * multipart when `def.request.multipart`), `validate(def.request)`, then the handler, whose
 * HandlerResult becomes status, body and the `X-Position` header.
 */
export function mountRoutes(router: AnyRouter, impls: readonly RouteImplementation[], options: MountOptions): void {
  const limits: BodyLimits = { ...defaultBodyLimits, ...options.limits };
  const seen = mounted.get(router) ?? new Set<string>();
  mounted.set(router, seen);
  for (const impl of impls) {
    const { def } = impl;
    const key = `${def.method} ${def.path}`;
    if (seen.has(key)) throw new Error(`Route ${key} (${def.name}) is mounted twice`);
    seen.add(key);
    const chain: LocusMiddleware[] = [routeInfo(def), auth(def, options)];
    if (def.request?.multipart) chain.push(multipartBody(limits));
    else if (def.request?.body) chain.push(jsonBody(limits));
    chain.push(...validate(def.request ?? {}), ...(options.before?.(def) ?? []), handlerOf(impl));
    router.register(def.path, [def.method], chain as never, { name: def.name });
  }
}

export type { LocusState };
