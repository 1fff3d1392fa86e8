import type { QueryManifest } from '../manifest';
import { auditQueryRoutes } from '.';

export const auditQueries: QueryManifest = {
  name: 'audit',
  routes: (deps) => auditQueryRoutes(deps),
};
