import { Readable } from 'node:stream';
import type Router from '@koa/router';
import type { RouteDef } from '@locus/contracts';
import { authorizer, type AuthDeps } from './auth';
import { locationGuard } from './location-access';
import type { ReadModels } from '../runtime/deps';
import { defaultBodyLimits, jsonBody, multipartBody, type BodyLimits } from './body';
import { validator } from './validate';
import type { AuthContext, RequestContext, RouteImplementation, UploadedFile } from './route-handler';
import type { LocusContext, LocusMiddleware, LocusState } from './state';
import { FLAT_ANSWER_CHARS, isJsonBody, jsonAnswer } from './json-body';

export interface MountOptions extends AuthDeps {
  limits?: Partial<BodyLimits>;
  /** Extra middleware for a route, run after auth and validation (query-api: X-Min-Position). */
  before?: (def: RouteDef) => LocusMiddleware[];
  /** Where the kit reads location assignments, to check routes that declare `location.param`. */
  readModels?: Pick<ReadModels, 'collection'>;
}

// Any router state/context: the launcher may mount both apps' routes on one router.
export type AnyRouter = Router;

const mounted = new WeakMap<object, Set<string>>();

const NO_NEXT = () => Promise.resolve();

/**
 * What the kit does for a route before its handler, in one middleware: names the route on
 * `ctx.state.route`, authorizes the caller, reads the body (koa-body as it ships: JSON, or
 * multipart, whose temp files are deleted once the rest of the chain is done) and validates
 * the declared parts. One function instead of a middleware each saves their promises and the
 * router's per-request composition of each (docs/performance.md, HTTP kit).
 */
function routeEntry(def: RouteDef, options: MountOptions, limits: BodyLimits): LocusMiddleware {
  const authorize = authorizer(def, options);
  const multipart = def.request?.multipart ? multipartBody(limits) : null;
  const json = !multipart && def.request?.body ? jsonBody(limits) : null;
  const validateInput = validator(def.request ?? {});
  return async function routeEntryMiddleware(ctx, next) {
    ctx.state.route = def;
    await authorize(ctx);
    if (multipart) {
      return multipart(ctx, async () => {
        await validateInput?.(ctx);
        await next();
      });
    }
    if (json) await json(ctx, NO_NEXT);
    const validating = validateInput?.(ctx);
    if (validating) await validating;
    await next();
  };
}

/**
 * What a handler reads of its request. The parts few handlers read (an undeclared query, ip,
 * headers, origin) are getters on the prototype, worked out when read: on every request they
 * cost Koa's header parsing and a few strings. (Getters in an object literal gave each request's
 * object a map of its own, which slowed every request.)
 */
class KoaRequestContext implements RequestContext {
  readonly auth: AuthContext | null;
  readonly params: Record<string, string>;
  readonly body: unknown;
  readonly files: UploadedFile[];
  readonly requestId: string;
  readonly correlationId: string;
  readonly #ctx: LocusContext;
  #query: unknown;

  constructor(ctx: LocusContext) {
    const input = ctx.state.input ?? {};
    this.#ctx = ctx;
    this.#query = input.query;
    this.auth = ctx.state.auth ?? null;
    this.params = (input.params ?? (ctx as unknown as { params?: Record<string, string> }).params ?? {}) as Record<string, string>;
    this.body = input.body ?? ctx.request.body;
    this.files = ctx.state.files ?? [];
    this.requestId = ctx.state.requestId;
    this.correlationId = ctx.state.correlationId ?? ctx.state.requestId;
  }

  get query(): unknown {
    return (this.#query ??= { ...this.#ctx.query });
  }

  get ip(): string {
    return this.#ctx.ip;
  }

  get headers(): RequestContext['headers'] {
    return this.#ctx.headers;
  }

  get origin(): string | undefined {
    const ctx = this.#ctx;
    return ctx.host ? `${ctx.protocol}://${ctx.host}` : undefined;
  }
}

export const requestContextOf = (ctx: LocusContext): RequestContext => new KoaRequestContext(ctx);

const handlerOf = (impl: RouteImplementation): LocusMiddleware => {
  let lastAnswerLong = false;
  return async function routeHandler(ctx) {
    const result = await impl.handle(requestContextOf(ctx));
    ctx.status = result.status ?? 200;
    if (result.body instanceof Readable) {
      // A long-lived stream (SSE): no socket timeout, no Nagle delay.
      ctx.req.socket.setTimeout(0);
      ctx.req.socket.setNoDelay(true);
      ctx.req.socket.setKeepAlive(true);
    }
    if (isJsonBody(result.body)) {
      const answer = jsonAnswer(result.body, lastAnswerLong);
      lastAnswerLong = answer.length > FLAT_ANSWER_CHARS;
      ctx.type = 'application/json';
      ctx.body = answer;
    } else ctx.body = result.body;
    if (result.headers) for (const [name, value] of Object.entries(result.headers)) ctx.set(name, value);
    if (result.position !== undefined) ctx.res.setHeader('x-position', String(result.position));
  };
};

// After `before`, so a query's X-Min-Position wait covers the assignments it reads.
function locationGuardOf(param: string, needs: NonNullable<RouteDef['location']>['needs'], options: MountOptions, def: RouteDef): LocusMiddleware[] {
  if (!options.readModels) throw new Error(`Route ${def.name} checks its location: mount it with readModels`);
  return [locationGuard(options.readModels, param, needs)];
}

/**
 * Mounts route implementations: per route authorization (`def.roles`), body parsing (JSON, or
 * multipart when `def.request.multipart`), validation of `def.request`, then the handler, whose
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
    const guard = def.location?.param ? locationGuardOf(def.location.param, def.location.needs, options, def) : [];
    const chain: LocusMiddleware[] = [routeEntry(def, options, limits), ...(options.before?.(def) ?? []), ...guard, handlerOf(impl)];
    router.register(def.path, [def.method], chain as never, { name: def.name });
  }
}

export type { LocusState };
