import { ADMINISTRATOR, type FeatureContract } from '../feature-contract';
import { opsRoutes, OPS_STATUS_COLLECTION } from './routes';

export const opsContract = {
  name: 'ops',
  routes: opsRoutes,
  liveCollections: {
    [OPS_STATUS_COLLECTION]: { readers: ADMINISTRATOR },
  },
} as const satisfies FeatureContract;
