import { EVERYONE, type FeatureContract } from '../feature-contract';
import { staffRoutes } from './routes';
import { STAFF_COLLECTION } from './read-models';

export const staffContract = {
  name: 'staff',
  routes: staffRoutes,
  liveCollections: {
    [STAFF_COLLECTION]: { readers: EVERYONE },
  },
} as const satisfies FeatureContract;
