import { ADMINS, EVERYONE, type FeatureContract } from '../feature-contract';
import { connectionsRoutes } from './routes';
import { GMB_ACCOUNTS_COLLECTION, GMB_CATEGORIES_COLLECTION, GMB_CONNECTION_PROCESSES_COLLECTION } from './read-models';

export const connectionsContract = {
  name: 'connections',
  routes: connectionsRoutes,
  liveCollections: {
    [GMB_ACCOUNTS_COLLECTION]: { readers: EVERYONE },
    [GMB_CONNECTION_PROCESSES_COLLECTION]: { readers: ADMINS },
    [GMB_CATEGORIES_COLLECTION]: { readers: EVERYONE },
  },
} as const satisfies FeatureContract;
