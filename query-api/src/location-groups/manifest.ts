import type { QueryManifest } from '../manifest';
import { locationGroupsQueryRoutes } from '.';

export const locationGroupsQueries: QueryManifest = {
  name: 'location-groups',
  routes: (deps) => locationGroupsQueryRoutes(deps),
};
