import type { QueryManifest } from '../manifest';
import { azureQueryRoutes } from '.';

export const azureQueries: QueryManifest = {
  name: 'azure',
  routes: (deps) => azureQueryRoutes(deps),
};
