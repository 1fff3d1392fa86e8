import type { FeatureContract } from './feature-contract';
import { liveContract } from './routes/live-manifest';
import { opsContract } from './ops/manifest';
import { settingsContract } from './settings/manifest';
import { azureContract } from './azure/manifest';
import { staffContract } from './staff/manifest';
import { connectionsContract } from './connections/manifest';
import { locationsContract } from './locations/manifest';
import { identityContract } from './identity/manifest';
import { companiesContract } from './companies/manifest';
import { usersContract } from './users/manifest';
import { googleWorkspaceContract } from './google-workspace/manifest';
import { reviewsContract } from './reviews/manifest';
import { reviewsAiContract } from './reviews-ai/manifest';
import { auditContract } from './audit/manifest';
import { templatesContract } from './templates/manifest';
import { locationContentContract } from './location-content/manifest';
import { insightsContract } from './insights/manifest';
import { locationGroupsContract } from './location-groups/manifest';
import { notificationsContract } from './notifications/manifest';

/**
 * Every feature's contract, one line each: the route table (OpenAPI, the role matrix, both APIs)
 * and the live collections are the union of these.
 */
export const featureContracts = [
  liveContract,
  opsContract,
  settingsContract,
  azureContract,
  staffContract,
  connectionsContract,
  locationsContract,
  identityContract,
  companiesContract,
  usersContract,
  googleWorkspaceContract,
  reviewsContract,
  reviewsAiContract,
  auditContract,
  templatesContract,
  locationContentContract,
  insightsContract,
  locationGroupsContract,
  notificationsContract,
] as const satisfies readonly FeatureContract[];
