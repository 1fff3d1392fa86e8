import type { QueryManifest } from '../manifest';
import { connectionsQueryRoutes } from '.';

export const connectionsQueries: QueryManifest = {
  name: 'connections',
  routes: (deps) => connectionsQueryRoutes(deps),
};
