import type Koa from 'koa';
import { koaBody } from 'koa-body';
import type { RouteTable } from './routes';

/** An error as a simulator answers it: status, its own JSON error body, extra headers. */
export interface ApiErrorAnswer {
  status: number;
  body: unknown;
  headers?: Record<string, string>;
}

export interface JsonApiOptions {
  /** URL prefix the simulator owns, e.g. `/openai`. */
  prefix: string;
  routes: RouteTable;
  /** The answer for an unknown path (`pathMatched` false) or a wrong method on a known one. */
  noRoute(method: string, path: string, pathMatched: boolean): ApiErrorAnswer;
  /** Maps a thrown error to the simulator's error shape; undefined for unexpected errors (answered by `internal`). */
  known(err: unknown): ApiErrorAnswer | undefined;
  /** The answer for a body that does not parse (koa-body's 400/413/415). */
  badBody(status: number, message: string): ApiErrorAnswer;
  internal: ApiErrorAnswer;
  log(message: string): void;
  jsonLimit?: string;
}

/**
 * The request loop of a JSON simulator under one prefix: reads a JSON body, runs the matching
 * route, and answers every failure in the simulator's own error shape (never the host's 500).
 */
export function jsonApiMiddleware(o: JsonApiOptions): Koa.Middleware {
  const parseBody = koaBody({ json: true, jsonLimit: o.jsonLimit ?? '2mb', text: false, urlencoded: false, multipart: false });
  return async function jsonApi(ctx, next) {
    if (ctx.path !== o.prefix && !ctx.path.startsWith(`${o.prefix}/`)) return next();
    let answer: ApiErrorAnswer | undefined;
    try {
      await parseBody(ctx, async () => {});
      const hit = o.routes.match(ctx.method, ctx.path);
      if ('handler' in hit) await hit.handler(ctx, hit.params);
      else answer = o.noRoute(ctx.method, ctx.path, hit.pathMatched);
    } catch (err) {
      const status = (err as { status?: unknown }).status;
      answer =
        o.known(err) ??
        (typeof status === 'number' && [400, 413, 415].includes(status) ? o.badBody(status, (err as Error).message) : undefined) ??
        (o.log(`${o.prefix} sandbox error on ${ctx.method} ${ctx.path}: ${(err as Error).stack ?? String(err)}`), o.internal);
    }
    if (!answer) return;
    ctx.status = answer.status;
    for (const [k, v] of Object.entries(answer.headers ?? {})) ctx.set(k, v);
    ctx.body = answer.body;
  };
}
