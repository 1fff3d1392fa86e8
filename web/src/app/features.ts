import type { WebManifest } from './feature-manifest';
import { identityWeb } from '@web/features/identity/manifest';
import { companiesWeb } from '@web/features/companies/manifest';
import { usersWeb } from '@web/features/users/manifest';
import { staffWeb } from '@web/features/staff/manifest';
import { settingsWeb } from '@web/features/settings/manifest';
import { profileWeb } from '@web/features/profile/manifest';
import { reviewsAiWeb } from '@web/features/reviews-ai/manifest';
import { opsWeb } from '@web/features/ops/manifest';
import { auditWeb } from '@web/features/audit/manifest';
import { insightsWeb } from '@web/features/insights/manifest';
import { locationsWeb } from '@web/features/locations/manifest';
import { locationGroupsWeb } from '@web/features/location-groups/manifest';
import { reviewsWeb } from '@web/features/reviews/manifest';
import { templatesWeb } from '@web/features/templates/manifest';
import { connectionsWeb } from '@web/features/connections/manifest';

/** The features of the web app, one line each: routes, tag types, live tags and slots are read from these. */
export const webManifests = [
  identityWeb,
  companiesWeb,
  usersWeb,
  staffWeb,
  settingsWeb,
  profileWeb,
  reviewsAiWeb,
  opsWeb,
  auditWeb,
  insightsWeb,
  locationsWeb,
  locationGroupsWeb,
  reviewsWeb,
  templatesWeb,
  connectionsWeb,
] as const satisfies readonly WebManifest[];
