import type { QueryManifest } from '../manifest';
import { templatesQueryRoutes } from '.';

export const templatesQueries: QueryManifest = {
  name: 'templates',
  routes: (deps) => templatesQueryRoutes(deps),
};
