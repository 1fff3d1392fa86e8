import type { QueryManifest } from '../manifest';
import { staffQueryRoutes } from '.';

export const staffQueries: QueryManifest = {
  name: 'staff',
  routes: (deps) => staffQueryRoutes(deps),
};
