import { EVERYONE, type FeatureContract } from '../feature-contract';
import { locationContentRoutes } from './routes';
import { LOCATION_MEDIA_COLLECTION, LOCATION_POSTS_COLLECTION, LOCATION_QUESTIONS_COLLECTION } from './read-models';
import { localezeRoutes } from '../localeze/routes';

export const locationContentContract = {
  name: 'location-content',
  routes: [...locationContentRoutes, ...localezeRoutes],
  liveCollections: {
    [LOCATION_POSTS_COLLECTION]: { readers: EVERYONE },
    [LOCATION_MEDIA_COLLECTION]: { readers: EVERYONE },
    [LOCATION_QUESTIONS_COLLECTION]: { readers: EVERYONE },
  },
} as const satisfies FeatureContract;
