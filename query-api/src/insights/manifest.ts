import type { QueryManifest } from '../manifest';
import { insightsQueryRoutes } from '.';

export const insightsQueries: QueryManifest = {
  name: 'insights',
  routes: (deps) => insightsQueryRoutes(deps),
};
