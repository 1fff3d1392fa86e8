import type Koa from 'koa';

export type RouteParams = Record<string, string>;
export type RouteHandler = (ctx: Koa.Context, params: RouteParams) => unknown | Promise<unknown>;

interface Route {
  method: string;
  regex: RegExp;
  keys: string[];
  handler: RouteHandler;
}

/**
 * A minimal path table. Google's paths carry custom verbs after a colon
 * (`locations/123:fetchMultiDailyMetricsTimeSeries`), which Express-style routers
 * read as parameters, so patterns here use `{name}` placeholders that stop at `/` and `:`.
 */
export interface RouteTable {
  add(method: string, pattern: string, handler: RouteHandler): RouteTable;
  /** Finds the handler for a request; `pathMatched` tells a 405 from a 404. */
  match(method: string, path: string): { handler: RouteHandler; params: RouteParams } | { pathMatched: boolean };
}

export function createRouteTable(): RouteTable {
  const routes: Route[] = [];
  const table: RouteTable = {
    add(method, pattern, handler) {
      const keys: string[] = [];
      const source = pattern
        .split(/(\{[a-zA-Z0-9_]+\*?\})/)
        .map((part) => {
          const m = /^\{([a-zA-Z0-9_]+)(\*?)\}$/.exec(part);
          if (!m) return part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
          keys.push(m[1]!);
          return m[2] ? '(.+)' : '([^/:]+)';
        })
        .join('');
      routes.push({ method: method.toUpperCase(), regex: new RegExp(`^${source}/?$`), keys, handler });
      return table;
    },
    match(method, path) {
      let pathMatched = false;
      for (const route of routes) {
        const m = route.regex.exec(path);
        if (!m) continue;
        pathMatched = true;
        if (route.method !== method.toUpperCase() && !(route.method === 'GET' && method.toUpperCase() === 'HEAD')) continue;
        const params: RouteParams = {};
        route.keys.forEach((k, i) => (params[k] = decodeURIComponent(m[i + 1]!)));
        return { handler: route.handler, params };
      }
      return { pathMatched };
    },
  };
  return table;
}
