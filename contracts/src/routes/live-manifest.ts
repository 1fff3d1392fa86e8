import type { FeatureContract } from '../feature-contract';
import { liveRoutes } from './live-routes';

export const liveContract = {
  name: 'live',
  routes: liveRoutes,
  liveCollections: {},
} as const satisfies FeatureContract;
