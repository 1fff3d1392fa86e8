import type { QueryManifest } from '../manifest';
import { notificationsQueryRoutes } from '.';

export const notificationsQueries: QueryManifest = {
  name: 'notifications',
  routes: (deps) => notificationsQueryRoutes(deps),
};
