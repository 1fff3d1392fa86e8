import type { QueryManifest } from '../manifest';
import { settingsQueryRoutes } from '.';

export const settingsQueries: QueryManifest = {
  name: 'settings',
  routes: (deps) => settingsQueryRoutes(deps),
};
