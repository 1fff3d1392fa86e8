import type { QueryManifest } from '../manifest';
import { usersQueryRoutes } from '.';

export const usersQueries: QueryManifest = {
  name: 'users',
  routes: (deps) => usersQueryRoutes(deps),
};
