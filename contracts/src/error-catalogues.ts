import type { ErrorEntry, ErrorTemplate } from './errors';
import { companyErrors } from './companies/errors';
import { emailImportErrors, googleChangesErrors, locationDefaultsErrors, locationErrors, uploadErrors } from './locations/errors';
import { bulkEditErrors } from './bulk-edit/errors';
import { staffErrors } from './staff/errors';
import { userErrors } from './users/errors';
import { authErrors } from './identity/errors';
import { settingErrors } from './settings/errors';
import { connectionErrors } from './connections/errors';
import { azureErrors } from './azure/errors';
import { googleWorkspaceErrors } from './google-workspace/errors';
import { requestErrors } from './requests/errors';
import { opsErrors } from './ops/errors';
import { auditErrors } from './audit/errors';
import { templateErrors } from './templates/errors';
import { reviewErrors } from './reviews/errors';
import { locationContentErrors } from './location-content/errors';
import { localezeErrors } from './localeze/errors';
import { reviewsAiErrors } from './reviews-ai/errors';
import { locationGroupErrors } from './location-groups/errors';
import { notificationErrors } from './notifications/errors';

/** Every feature's catalogue, for the check that one code carries one message and one kind. */
export const errorCatalogues: Record<string, Record<string, ErrorEntry | ErrorTemplate<never>>> = {
  companies: companyErrors,
  staff: staffErrors,
  locations: locationErrors,
  googleChanges: googleChangesErrors,
  users: userErrors,
  auth: authErrors,
  settings: settingErrors,
  connections: connectionErrors,
  azure: azureErrors,
  googleWorkspace: googleWorkspaceErrors,
  requests: requestErrors,
  ops: opsErrors,
  audit: auditErrors,
  templates: templateErrors,
  locationContent: locationContentErrors,
  localeze: localezeErrors,
  reviews: reviewErrors,
  reviewsAi: reviewsAiErrors,
  bulkEdit: bulkEditErrors,
  emailImport: emailImportErrors,
  locationDefaults: locationDefaultsErrors,
  uploads: uploadErrors,
  locationGroups: locationGroupErrors,
  notifications: notificationErrors,
};
