import type { RequestInput, RouteDef, RouteResponse } from '@locus/contracts';

/**
 * Fills a route path's `:params` (contracts use Koa-router syntax), URI-encoding each value.
 * Optional params (`:filter?`) are dropped when missing; a missing required param throws.
 */
export const fillPath = (path: string, params: Record<string, string | number | boolean | null | undefined> = {}): string =>
  path.replace(/\/:([A-Za-z0-9_]+)(\?)?/g, (_m, name: string, optional?: string) => {
    const value = params[name];
    if (value === undefined || value === null || value === '') {
      if (optional) return '';
      throw new Error(`Missing path parameter "${name}" for ${path}`);
    }
    return `/${encodeURIComponent(String(value))}`;
  });

type ParamValue = string | number | boolean | null | undefined;

/*
 * The client's request and answer types come from the route's zod schemas in the contracts:
 * what the client sends is the schemas' input, what it reads is the response schema's type.
 */
/** A route's success answer. */
export type AnswerOf<R extends RouteDef> = RouteResponse<R>;
/** The `Data` of a route's success answer. */
export type DataOf<R extends RouteDef> = AnswerOf<R> extends { Data: infer D } ? D : never;
/** A route's path params, body and query string as the client sends them. */
export type ParamsOf<R extends RouteDef> = RequestInput<R, 'params'>;
export type BodyOf<R extends RouteDef> = RequestInput<R, 'body'>;
export type QueryOf<R extends RouteDef> = RequestInput<R, 'query'>;

/** The parts a route declares are required (unless every field is optional); the others cannot be passed. */
type Part<R extends RouteDef, K extends 'params' | 'query' | 'body'> = [RequestInput<R, K>] extends [never]
  ? { [P in K]?: never }
  : RouteDef extends R
    ? { [P in K]?: unknown }
    : object extends RequestInput<R, K>
      ? { [P in K]?: RequestInput<R, K> }
      : { [P in K]: RequestInput<R, K> };
/** A multipart route's body is the form the browser sends; its fields are checked by the server. */
type BodyPart<R extends RouteDef> = R extends { request: { multipart: true } } ? { body: FormData } : Part<R, 'body'>;
export type RequestOptions<R extends RouteDef> = Part<R, 'params'> & Part<R, 'query'> & BodyPart<R>;

/** RTK Query request for a contracts route (method and path taken from it; params, query and body typed by its schemas). */
export const requestFor = <R extends RouteDef>(route: R, ...[opts]: object extends RequestOptions<R> ? [RequestOptions<R>?] : [RequestOptions<R>]) => {
  const { params, query: rawQuery, body } = (opts ?? {}) as { params?: Record<string, ParamValue>; query?: Record<string, ParamValue>; body?: unknown };
  const query = rawQuery ? Object.fromEntries(Object.entries(rawQuery).filter(([, v]) => v !== undefined && v !== null && v !== '')) : undefined;
  return {
    url: fillPath(route.path, params),
    method: route.method,
    ...(query && Object.keys(query).length > 0 ? { params: query } : {}),
    ...(body !== undefined ? { body } : {}),
  };
};
