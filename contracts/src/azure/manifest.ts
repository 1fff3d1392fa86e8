import { ADMINS, type FeatureContract } from '../feature-contract';
import { azureRoutes } from './routes';
import { AZURE_DIRECTORIES_COLLECTION, AZURE_DIRECTORY_USERS_COLLECTION } from './read-models';

export const azureContract = {
  name: 'azure',
  routes: azureRoutes,
  liveCollections: {
    [AZURE_DIRECTORIES_COLLECTION]: { readers: ADMINS },
    [AZURE_DIRECTORY_USERS_COLLECTION]: { readers: ADMINS },
  },
} as const satisfies FeatureContract;
