/**
 * Fills a route path's `:params` (contracts use Koa-router syntax), URI-encoding each value.
 * Optional params (`:filter?`) are dropped when missing; a missing required param throws.
 */
export const fillPath = (path: string, params: Record<string, string | number | boolean | null | undefined> = {}): string =>
  path
    .replace(/\/:([A-Za-z0-9_]+)(\?)?/g, (_m, name: string, optional?: string) => {
      const value = params[name];
      if (value === undefined || value === null || value === '') {
        if (optional) return '';
        throw new Error(`Missing path parameter "${name}" for ${path}`);
      }
      return `/${encodeURIComponent(String(value))}`;
    });

type RouteLike = { method: string; path: string };
type ParamValue = string | number | boolean | null | undefined;

/** RTK Query request for a contracts route definition (method and path taken from it). */
export const requestFor = (
  route: RouteLike,
  opts: { params?: Record<string, ParamValue>; query?: Record<string, ParamValue>; body?: unknown } = {},
) => {
  const query = opts.query
    ? Object.fromEntries(Object.entries(opts.query).filter(([, v]) => v !== undefined && v !== null && v !== ''))
    : undefined;
  return {
    url: fillPath(route.path, opts.params),
    method: route.method,
    ...(query && Object.keys(query).length > 0 ? { params: query } : {}),
    ...(opts.body !== undefined ? { body: opts.body } : {}),
  };
};
