import Router from '@koa/router';
import type { Middleware } from 'koa';

type AnyLayer = Router['stack'][number];

/** Characters of path-to-regexp's syntax: a segment holding one is not a literal. */
const PATTERN = /[:*{}()[\]?+!\\]/;

interface Node {
  /** Layers whose leading literal segments end at this node, by their index in the router's stack. */
  own: number[];
  children: Map<string, Node>;
  /** A router of the layers that may match a path reaching this node (its own and its ancestors'), in stack order. */
  routes?: Middleware;
}

/**
 * The leading literal segments of a layer's path, lower-cased. Nothing for a layer that may
 * match more than its own path (middleware of `router.use`, `end: false`, a regular expression):
 * such a layer is tried on every request.
 */
function literalPrefix(layer: AnyLayer): string[] {
  if (typeof layer.path !== 'string' || layer.methods.length === 0 || layer.opts.end === false) return [];
  const segments: string[] = [];
  for (const segment of layer.path.split('/').slice(1)) {
    if (segment === '' || PATTERN.test(segment)) break;
    segments.push(segment.toLowerCase());
  }
  return segments;
}

/** A router holding `layers` as the one they come from holds them (same path, methods, middleware, options). */
function routerOf(source: Router, layers: readonly AnyLayer[]): Router {
  const router = new Router({ ...source.opts, prefix: undefined });
  for (const layer of layers) {
    // Layer adds HEAD for GET itself.
    const methods = layer.methods.includes('GET') ? layer.methods.filter((m) => m !== 'HEAD') : layer.methods;
    router.register(layer.path, methods, layer.stack as never, { ...layer.opts, prefix: '' });
  }
  return router;
}

function build(source: Router): Node {
  const root: Node = { own: [], children: new Map() };
  source.stack.forEach((layer, index) => {
    let node = root;
    for (const segment of literalPrefix(layer)) {
      let child = node.children.get(segment);
      if (!child) node.children.set(segment, (child = { own: [], children: new Map() }));
      node = child;
    }
    node.own.push(index);
  });
  const visit = (node: Node, inherited: number[]) => {
    const indexes = [...inherited, ...node.own].sort((a, b) => a - b);
    node.routes = routerOf(
      source,
      indexes.map((i) => source.stack[i]!),
    ).routes() as Middleware;
    for (const child of node.children.values()) visit(child, indexes);
  };
  visit(root, []);
  return root;
}

/**
 * `router.routes()`, dispatched by the path's leading literal segments. @koa/router tries every
 * layer's regular expression on every request (with the apps' 170 routes, a large share of one);
 * here each request goes to a router (@koa/router as it ships) holding only the layers whose
 * literal segments the path has, in the original order: the same layer answers, with the same
 * params, and `ctx.matched` holds the same layers, so the source router's `allowedMethods()`
 * answers 405/501 with the same `Allow`. A layer that may match beyond its literal prefix
 * (`router.use`, `end: false`, a RegExp path) is kept in every router. Built from `source.stack`
 * on first use and again whenever routes were added since.
 *
 * Measured in docs/performance.md (HTTP kit).
 */
export function routesByPrefix(source: Router): Middleware {
  if (source.opts.prefix || source.opts.routerPath || source.opts.host)
    throw new Error('routesByPrefix: a router with prefix, routerPath or host is not supported');
  let root: Node | undefined;
  let builtFrom = -1;
  return function prefixRoutes(ctx, next) {
    if (builtFrom !== source.stack.length) {
      root = build(source);
      builtFrom = source.stack.length;
    }
    let node = root!;
    const path: string = ctx.path || '';
    let start = 1;
    while (start < path.length) {
      const end = path.indexOf('/', start);
      const segment = path.slice(start, end < 0 ? path.length : end);
      const child = segment === '' ? undefined : node.children.get(segment.toLowerCase());
      if (!child) break;
      node = child;
      if (end < 0) break;
      start = end + 1;
    }
    return node.routes!(ctx, next);
  };
}
