import { EVERYONE, type FeatureContract } from '../feature-contract';
import { usersRoutes } from './routes';
import { USERS_COLLECTION } from './read-models';

export const usersContract = {
  name: 'users',
  routes: usersRoutes,
  liveCollections: {
    [USERS_COLLECTION]: { readers: EVERYONE },
  },
} as const satisfies FeatureContract;
