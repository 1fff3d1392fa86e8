import type { ProjectionDefinition } from '@locus/platform';
import type { ProjectorManifest } from './manifest';
import { settingsProjections } from './settings/manifest';
import { azureProjections } from './azure/manifest';
import { staffProjections } from './staff/manifest';
import { identityProjections } from './identity/manifest';
import { companiesProjections } from './companies/manifest';
import { usersProjections } from './users/manifest';
import { connectionsProjections } from './connections/manifest';
import { locationsProjections } from './locations/manifest';
import { reviewsProjections } from './reviews/manifest';
import { auditProjections } from './audit/manifest';
import { templatesProjections } from './templates/manifest';
import { locationContentProjections } from './location-content/manifest';
import { insightsProjections } from './insights/manifest';
import { reviewsAiProjections } from './reviews-ai/manifest';
import { locationGroupsProjections } from './location-groups/manifest';
import { notificationsProjections } from './notifications/manifest';

/** The features whose read models the projectors keep, one line each. */
export const projectorManifests: readonly ProjectorManifest[] = [
  settingsProjections,
  azureProjections,
  staffProjections,
  identityProjections,
  companiesProjections,
  usersProjections,
  connectionsProjections,
  locationsProjections,
  reviewsProjections,
  auditProjections,
  templatesProjections,
  locationContentProjections,
  insightsProjections,
  reviewsAiProjections,
  locationGroupsProjections,
  notificationsProjections,
];

/** Every projection of every feature. */
export const projections: ProjectionDefinition[] = projectorManifests.flatMap((feature) => feature.projections);
