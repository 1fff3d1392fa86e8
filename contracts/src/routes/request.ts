import type { RequestInput, RouteDef } from './route-def';

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

/** The parts a route declares are required (unless every field is optional); the others cannot be passed. */
type Part<R extends RouteDef, K extends 'params' | 'query' | 'body'> = [RequestInput<R, K>] extends [never]
  ? { [P in K]?: never }
  : RouteDef extends R
    ? { [P in K]?: unknown }
    : object extends RequestInput<R, K>
      ? { [P in K]?: RequestInput<R, K> }
      : { [P in K]: RequestInput<R, K> };
/** A multipart route's body is the form a client sends; its fields are checked by the server. */
type BodyPart<R extends RouteDef> = R extends { request: { multipart: true } } ? { body: FormData } : Part<R, 'body'>;
/** A request to a route as a client sends it: params, query and body typed by the route's schemas. */
export type RequestOptions<R extends RouteDef> = Part<R, 'params'> & Part<R, 'query'> & BodyPart<R>;
