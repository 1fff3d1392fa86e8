import { EVERYONE, type FeatureContract } from '../feature-contract';
import { reviewsRoutes } from './routes';
import { REVIEWS_COLLECTION, REVIEW_COMPANY_STATS_COLLECTION, REVIEW_GROWTH_COLLECTION, REVIEW_LOCATION_STATS_COLLECTION } from './read-models';

export const reviewsContract = {
  name: 'reviews',
  routes: reviewsRoutes,
  liveCollections: {
    [REVIEWS_COLLECTION]: { readers: EVERYONE },
    [REVIEW_LOCATION_STATS_COLLECTION]: { readers: EVERYONE },
    [REVIEW_COMPANY_STATS_COLLECTION]: { readers: EVERYONE },
    [REVIEW_GROWTH_COLLECTION]: { readers: EVERYONE },
  },
} as const satisfies FeatureContract;
