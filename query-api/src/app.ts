import type Koa from 'koa';
import { liveStreamRoute, routeTable, type RouteDef } from '@locus/contracts';
import {
  createHttpApp,
  minPosition,
  mountRoutes,
  type AnyRouter,
  type Bus,
  type EventStore,
  type LocusState,
  type QueryDeps,
  type ReadinessPorts,
  type ReadStore,
  type RouteImplementation,
  type SessionValidator,
} from '@locus/platform';
import { queryFeatures, type QueryFeature } from './features';
import { liveQueries } from './live/manifest';
import { opsQueries } from './ops/manifest';
import type { OpsStatusSource } from './ops/ops-route';
import { mountDocs } from './docs/docs-routes';

export interface QueryApiOptions {
  sessionValidator?: SessionValidator;
  /** Default: the routes of the manifests in features.ts. */
  features?: QueryFeature[];
  /** Status of projections and reactors for `GET /api/ops/projections`. */
  opsStatus?: OpsStatusSource;
  /** Ports probed by `/ready` besides the bus. */
  readiness?: { eventStore?: Pick<EventStore, 'headPosition'>; readStore?: Pick<ReadStore, 'listCollections'>; readModels?: ReadinessPorts['readModels'] };
  /** SSE keep-alive (spec 10 s) and retry hint. */
  live?: { keepAliveMs?: number; retryMs?: number };
  /** How long a query with X-Min-Position may wait (default 2000 ms). */
  minPositionWaitMs?: number;
  /** Routes documented at /api/docs; default the whole route table. */
  documentedRoutes?: readonly RouteDef[];
}

export type QueryApiDeps = QueryDeps & QueryApiOptions;

/** Feature query routes plus the platform's live stream and ops status. */
export function queryApiRoutes(deps: QueryApiDeps): RouteImplementation[] {
  return [...liveQueries.routes(deps), ...opsQueries.routes(deps), ...(deps.features ?? queryFeatures).flatMap((feature) => feature(deps))];
}

/** Mounts the query routes (with X-Min-Position waits) and the docs on a router. */
export function mountQueryApi(router: AnyRouter, deps: QueryApiDeps): void {
  const waitForProjections = minPosition(deps.readModels, deps.minPositionWaitMs);
  mountRoutes(router, queryApiRoutes(deps), {
    tokens: deps.tokens,
    sessionValidator: deps.sessionValidator,
    readModels: deps.readModels,
    before: (def) => (def.kind === 'query' && def.name !== liveStreamRoute.name ? [waitForProjections] : []),
  });
  mountDocs(router, deps.documentedRoutes ?? routeTable, { publicUrl: deps.config.publicUrl });
}

/** The query API as its own Koa app, with `/health` and `/ready`. */
export function createQueryApi(deps: QueryApiDeps): Koa<LocusState> & { router: AnyRouter } {
  const bus: Pick<Bus, 'flush'> = deps.bus;
  const { app, router } = createHttpApp({
    logger: deps.logger.child({ app: 'query-api' }),
    readiness: { ...deps.readiness, bus },
    metricsStatus: deps.opsStatus,
    metricsAccess: deps.config.metrics,
    mount: (r) => mountQueryApi(r, deps),
  });
  return Object.assign(app, { router });
}
