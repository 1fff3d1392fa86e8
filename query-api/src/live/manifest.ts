import type { QueryDeps } from '@locus/platform';
import type { QueryManifest } from '../manifest';
import { liveQueryRoutes, type LiveDeps } from './live-route';

/** `GET /api/live`: every query-api serves it, whatever features it runs (app.ts). */
export const liveQueries = {
  name: 'live',
  routes: (deps) => liveQueryRoutes({ bus: deps.bus, logger: deps.logger, readModels: deps.readModels, ...deps.live }),
} satisfies QueryManifest<QueryDeps & { live?: Pick<LiveDeps, 'keepAliveMs' | 'retryMs'> }>;
