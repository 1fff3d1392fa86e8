import { ADMINS, type FeatureContract } from '../feature-contract';
import { templatesRoutes } from './routes';
import { POST_TEMPLATES_COLLECTION, POST_TEMPLATE_LOGS_COLLECTION } from './read-models';

export const templatesContract = {
  name: 'templates',
  routes: templatesRoutes,
  liveCollections: {
    [POST_TEMPLATES_COLLECTION]: { readers: ADMINS },
    [POST_TEMPLATE_LOGS_COLLECTION]: { readers: ADMINS },
  },
} as const satisfies FeatureContract;
