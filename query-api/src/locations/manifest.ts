import type { QueryManifest } from '../manifest';
import { bulkEditQueryRoutes, locationDefaultsQueryRoutes, locationsQueryRoutes } from '.';

export const locationsQueries: QueryManifest = {
  name: 'locations',
  routes: (deps) => [...locationsQueryRoutes(deps), ...bulkEditQueryRoutes(deps), ...locationDefaultsQueryRoutes(deps)],
};
