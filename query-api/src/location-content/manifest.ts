import type { QueryManifest } from '../manifest';
import { locationContentQueryRoutes } from '.';
import { localezeQueryRoutes } from './localeze';

export const locationContentQueries: QueryManifest = {
  name: 'location-content',
  routes: (deps) => [...locationContentQueryRoutes(deps), ...localezeQueryRoutes(deps)],
};
