import type { FeatureContract } from '../feature-contract';
import { googleWorkspaceRoutes } from './routes';

export const googleWorkspaceContract = {
  name: 'google-workspace',
  routes: googleWorkspaceRoutes,
  liveCollections: {},
} as const satisfies FeatureContract;
