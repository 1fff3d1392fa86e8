import type { FeatureContract } from '../feature-contract';
import { notificationRoutes } from './routes';

export const notificationsContract = {
  name: 'notifications',
  routes: notificationRoutes,
  liveCollections: {},
} as const satisfies FeatureContract;
