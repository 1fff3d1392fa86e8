import type { QueryManifest } from '../manifest';
import { reviewsQueryRoutes } from '.';

export const reviewsQueries: QueryManifest = {
  name: 'reviews',
  routes: (deps) => reviewsQueryRoutes(deps),
};
