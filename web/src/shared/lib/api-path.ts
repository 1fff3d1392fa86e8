import { fillPath, type RequestInput, type RequestOptions, type RouteDef, type RouteResponse } from '@locus/contracts';

/** Shared with the test kit's `stack.send`: one typing of a request from its route. */
export { fillPath, type RequestOptions };

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
