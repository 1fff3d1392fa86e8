import type { QueryDeps } from '@locus/platform';
import type { QueryManifest } from '../manifest';
import { opsQueryRoutes, type OpsStatusSource } from './ops-route';

/** The status of projections and reactors; every query-api serves it (app.ts). */
export const opsQueries = {
  name: 'ops',
  routes: (deps) => opsQueryRoutes({ opsStatus: deps.opsStatus }),
} satisfies QueryManifest<QueryDeps & { opsStatus?: OpsStatusSource }>;
