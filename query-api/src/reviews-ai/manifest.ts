import type { QueryManifest } from '../manifest';
import { reviewsAiQueryRoutes } from '.';

export const reviewsAiQueries: QueryManifest = {
  name: 'reviews-ai',
  routes: (deps) => reviewsAiQueryRoutes(deps),
};
