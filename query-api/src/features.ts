import type { SessionValidatorFactory } from '@locus/platform';
import type { QueryFeature, QueryManifest } from './manifest';
import { settingsQueries } from './settings/manifest';
import { azureQueries } from './azure/manifest';
import { staffQueries } from './staff/manifest';
import { identityQueries } from './identity/manifest';
import { companiesQueries } from './companies/manifest';
import { usersQueries } from './users/manifest';
import { connectionsQueries } from './connections/manifest';
import { locationsQueries } from './locations/manifest';
import { reviewsQueries } from './reviews/manifest';
import { reviewsAiQueries } from './reviews-ai/manifest';
import { auditQueries } from './audit/manifest';
import { templatesQueries } from './templates/manifest';
import { locationContentQueries } from './location-content/manifest';
import { insightsQueries } from './insights/manifest';
import { locationGroupsQueries } from './location-groups/manifest';
import { notificationsQueries } from './notifications/manifest';

/** The features query-api serves, one line each (the live stream and ops status are the app's own: app.ts). */
export const queryManifests: readonly QueryManifest[] = [
  settingsQueries,
  azureQueries,
  staffQueries,
  identityQueries,
  companiesQueries,
  usersQueries,
  connectionsQueries,
  locationsQueries,
  reviewsQueries,
  reviewsAiQueries,
  auditQueries,
  templatesQueries,
  locationContentQueries,
  insightsQueries,
  locationGroupsQueries,
  notificationsQueries,
];

export const queryFeatures: QueryFeature[] = queryManifests.map((feature) => feature.routes);

/** Same session check as command-api's (set by the identity feature); null: the token alone decides. */
export const sessionValidation: SessionValidatorFactory | null = queryManifests.find((feature) => feature.sessionValidation)?.sessionValidation ?? null;

export type { QueryFeature } from './manifest';
