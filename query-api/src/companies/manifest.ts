import type { QueryManifest } from '../manifest';
import { companiesQueryRoutes } from '.';

export const companiesQueries: QueryManifest = {
  name: 'companies',
  routes: (deps) => companiesQueryRoutes(deps),
};
