import type { QueryDeps, RouteImplementation, SessionValidatorFactory } from '@locus/platform';
import { settingsQueryRoutes } from './settings';
import { azureQueryRoutes } from './azure';
import { staffQueryRoutes } from './staff';
import { identityQueryRoutes, createSessionValidator } from './identity';
import { companiesQueryRoutes } from './companies';
import { usersQueryRoutes } from './users';
import { connectionsQueryRoutes } from './connections';
import { bulkEditQueryRoutes, locationDefaultsQueryRoutes, locationsQueryRoutes } from './locations';
import { reviewsQueryRoutes } from './reviews';
import { reviewsAiQueryRoutes } from './reviews-ai';
import { auditQueryRoutes } from './audit';
import { templatesQueryRoutes } from './templates';
import { locationContentQueryRoutes } from './location-content';
import { localezeQueryRoutes } from './localeze';
import { insightsQueryRoutes } from './insights';
import { locationGroupsQueryRoutes } from './location-groups';
import { notificationsQueryRoutes } from './notifications';

/** One feature's query routes (`query-api/src/<feature>/`). */
export type QueryFeature = (deps: QueryDeps) => RouteImplementation[];

/** The query-side manifest: feature helpers append one line each. */
export const queryFeatures: QueryFeature[] = [
  settingsQueryRoutes,
  azureQueryRoutes,
  staffQueryRoutes,
  identityQueryRoutes,
  companiesQueryRoutes,
  (deps) => usersQueryRoutes(deps),
  connectionsQueryRoutes,
  locationsQueryRoutes,
  reviewsQueryRoutes,
  reviewsAiQueryRoutes,
  bulkEditQueryRoutes,
  locationDefaultsQueryRoutes,
  auditQueryRoutes,
  templatesQueryRoutes,
  (deps) => locationContentQueryRoutes(deps),
  (deps) => localezeQueryRoutes(deps),
  insightsQueryRoutes,
  locationGroupsQueryRoutes,
  notificationsQueryRoutes,
];

/** Same session check as command-api's manifest (set by the identity feature); null: the token alone decides. */
export const sessionValidation: SessionValidatorFactory | null = ({ readModels }) => createSessionValidator(readModels);
