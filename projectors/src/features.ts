import type { ProjectionDefinition } from '@locus/platform';
import { projections as settingsProjections } from './settings';
import { projections as azureProjections } from './azure';
import { projections as staffProjections } from './staff';
import { projections as identityProjections } from './identity';
import { projections as companiesProjections } from './companies';
import { projections as usersProjections } from './users';
import { projections as connectionsProjections } from './connections';
import { projections as locationsProjections } from './locations';
import { projections as reviewsProjections } from './reviews';
import { projections as auditProjections } from './audit';
import { projections as templatesProjections } from './templates';
import { projections as locationContentProjections } from './location-content';
import { projections as insightsProjections } from './insights';
import { projections as reviewsAiProjections } from './reviews-ai';
import { projections as locationGroupsProjections } from './location-groups';
import { projections as notificationsProjections } from './notifications';

/** The read-model projections of every feature; each feature adds its own line. */
export const projections: ProjectionDefinition[] = [
  ...settingsProjections,
  ...azureProjections,
  ...staffProjections,
  ...identityProjections,
  ...companiesProjections,
  ...usersProjections,
  ...connectionsProjections,
  ...locationsProjections,
  ...reviewsProjections,
  ...auditProjections,
  ...templatesProjections,
  ...locationContentProjections,
  ...insightsProjections,
  ...reviewsAiProjections,
  ...locationGroupsProjections,
  ...notificationsProjections,
];
