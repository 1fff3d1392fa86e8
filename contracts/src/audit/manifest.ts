import { ADMINS, NOBODY, type FeatureContract } from '../feature-contract';
import { auditRoutes } from './routes';
import { HISTORY_ACTORS_COLLECTION, HISTORY_COLLECTION, HISTORY_ENTITIES_COLLECTION, HISTORY_FACETS_COLLECTION } from './read-models';

export const auditContract = {
  name: 'audit',
  routes: auditRoutes,
  liveCollections: {
    [HISTORY_COLLECTION]: { readers: ADMINS },
    [HISTORY_FACETS_COLLECTION]: { readers: ADMINS },
    [HISTORY_ENTITIES_COLLECTION]: { readers: NOBODY },
    [HISTORY_ACTORS_COLLECTION]: { readers: NOBODY },
  },
} as const satisfies FeatureContract;
