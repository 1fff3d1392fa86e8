import { ADMINS, EVERYONE, type FeatureContract } from '../feature-contract';
import { reviewsAiRoutes } from './routes';
import { BRAND_SETTINGS_COLLECTION, REVIEW_AUTOMATION_COLLECTION, REVIEWS_AI_SETTINGS_COLLECTION } from './read-models';

export const reviewsAiContract = {
  name: 'reviews-ai',
  routes: reviewsAiRoutes,
  liveCollections: {
    [REVIEWS_AI_SETTINGS_COLLECTION]: { readers: EVERYONE },
    [BRAND_SETTINGS_COLLECTION]: { readers: EVERYONE },
    [REVIEW_AUTOMATION_COLLECTION]: { readers: ADMINS },
  },
} as const satisfies FeatureContract;
