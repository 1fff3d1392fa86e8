import { NOBODY, type FeatureContract } from '../feature-contract';
import { identityRoutes } from './routes';
import { SESSION_BLOCKS_COLLECTION } from './read-models';

export const identityContract = {
  name: 'identity',
  routes: identityRoutes,
  liveCollections: {
    [SESSION_BLOCKS_COLLECTION]: { readers: NOBODY },
  },
} as const satisfies FeatureContract;
