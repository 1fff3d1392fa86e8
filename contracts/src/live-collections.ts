import type { Role } from './event-envelope';
import { AZURE_DIRECTORIES_COLLECTION, AZURE_DIRECTORY_USERS_COLLECTION } from './azure/read-models';
import { COMPANIES_COLLECTION, COMPANY_DIRECTORY_COLLECTION } from './companies/read-models';
import { GMB_ACCOUNTS_COLLECTION, GMB_CATEGORIES_COLLECTION, GMB_CONNECTION_PROCESSES_COLLECTION } from './connections/read-models';
import { SESSION_BLOCKS_COLLECTION } from './identity/read-models';
import { LOCATIONS_COLLECTION, LOCATION_LINK_SOURCES_COLLECTION, LOCATION_USERS_COLLECTION } from './locations/read-models';
import { ADMIN_VARIABLES_COLLECTION, COMPANY_ADMIN_VARIABLE_VALUES_COLLECTION, COMPANY_VARIABLES_COLLECTION } from './settings/read-models';
import { STAFF_COLLECTION } from './staff/read-models';
import { USERS_COLLECTION } from './users/read-models';
import { REVIEWS_COLLECTION, REVIEW_COMPANY_STATS_COLLECTION, REVIEW_GROWTH_COLLECTION, REVIEW_LOCATION_STATS_COLLECTION } from './reviews/read-models';
import { BRAND_SETTINGS_COLLECTION, REVIEW_AUTOMATION_COLLECTION, REVIEWS_AI_SETTINGS_COLLECTION } from './reviews-ai/read-models';
import { BULK_EDIT_JOBS_COLLECTION, BULK_EDIT_OUTCOMES_COLLECTION } from './bulk-edit/read-models';
import { LOCATION_DEFAULTS_COLLECTION } from './locations/defaults';
import { OPS_STATUS_COLLECTION } from './ops/routes';
import { HISTORY_ACTORS_COLLECTION, HISTORY_COLLECTION, HISTORY_ENTITIES_COLLECTION, HISTORY_FACETS_COLLECTION } from './audit/read-models';
import { POST_TEMPLATES_COLLECTION, POST_TEMPLATE_LOGS_COLLECTION } from './templates/read-models';
import { LOCATION_MEDIA_COLLECTION, LOCATION_POSTS_COLLECTION, LOCATION_QUESTIONS_COLLECTION } from './location-content/read-models';
import {
  COMPANY_METRICS_COLLECTION,
  DASHBOARD_COMPANIES_COLLECTION,
  DASHBOARD_LOCATIONS_COLLECTION,
  LOCATION_KEYWORDS_COLLECTION,
  LOCATION_METRICS_COLLECTION,
} from './insights/read-models';
import { LOCATION_GROUP_ACCESS_COLLECTION, LOCATION_GROUPS_COLLECTION } from './location-groups/read-models';

const EVERYONE: readonly Role[] = ['Administrator', 'CompanyAdmin', 'CompanyUser'];
const ADMINS: readonly Role[] = ['Administrator', 'CompanyAdmin'];
const ADMINISTRATOR: readonly Role[] = ['Administrator'];

/**
 * Every read-model collection the projectors publish live changes for, with the roles whose
 * queries read it: a live ping goes only to callers who could query what changed (an
 * Administrator viewing a company holds a CompanyAdmin token). The web app's tag table is
 * keyed by the same names, so a collection added here must be mapped there.
 */
export const LIVE_COLLECTIONS = {
  [SESSION_BLOCKS_COLLECTION]: { readers: [] as readonly Role[] },
  [COMPANIES_COLLECTION]: { readers: EVERYONE },
  [COMPANY_DIRECTORY_COLLECTION]: { readers: ADMINISTRATOR },
  [USERS_COLLECTION]: { readers: EVERYONE },
  [LOCATIONS_COLLECTION]: { readers: EVERYONE },
  [LOCATION_USERS_COLLECTION]: { readers: EVERYONE },
  [LOCATION_LINK_SOURCES_COLLECTION]: { readers: [] as readonly Role[] },
  [GMB_ACCOUNTS_COLLECTION]: { readers: EVERYONE },
  [GMB_CONNECTION_PROCESSES_COLLECTION]: { readers: ADMINS },
  [GMB_CATEGORIES_COLLECTION]: { readers: EVERYONE },
  [COMPANY_VARIABLES_COLLECTION]: { readers: ADMINS },
  [ADMIN_VARIABLES_COLLECTION]: { readers: ADMINISTRATOR },
  [COMPANY_ADMIN_VARIABLE_VALUES_COLLECTION]: { readers: ADMINS },
  [STAFF_COLLECTION]: { readers: EVERYONE },
  [AZURE_DIRECTORIES_COLLECTION]: { readers: ADMINS },
  [AZURE_DIRECTORY_USERS_COLLECTION]: { readers: ADMINS },
  [REVIEWS_COLLECTION]: { readers: EVERYONE },
  [REVIEW_LOCATION_STATS_COLLECTION]: { readers: EVERYONE },
  [REVIEW_COMPANY_STATS_COLLECTION]: { readers: EVERYONE },
  [REVIEW_GROWTH_COLLECTION]: { readers: EVERYONE },
  [REVIEWS_AI_SETTINGS_COLLECTION]: { readers: EVERYONE },
  [BRAND_SETTINGS_COLLECTION]: { readers: EVERYONE },
  [REVIEW_AUTOMATION_COLLECTION]: { readers: ADMINS },
  [BULK_EDIT_JOBS_COLLECTION]: { readers: ADMINS },
  [BULK_EDIT_OUTCOMES_COLLECTION]: { readers: ADMINS },
  [LOCATION_DEFAULTS_COLLECTION]: { readers: ADMINS },
  [OPS_STATUS_COLLECTION]: { readers: ADMINISTRATOR },
  [HISTORY_COLLECTION]: { readers: ADMINS },
  [HISTORY_FACETS_COLLECTION]: { readers: ADMINS },
  [HISTORY_ENTITIES_COLLECTION]: { readers: [] as readonly Role[] },
  [HISTORY_ACTORS_COLLECTION]: { readers: [] as readonly Role[] },
  [POST_TEMPLATES_COLLECTION]: { readers: ADMINS },
  [POST_TEMPLATE_LOGS_COLLECTION]: { readers: ADMINS },
  [LOCATION_POSTS_COLLECTION]: { readers: EVERYONE },
  [LOCATION_MEDIA_COLLECTION]: { readers: EVERYONE },
  [LOCATION_QUESTIONS_COLLECTION]: { readers: EVERYONE },
  [LOCATION_METRICS_COLLECTION]: { readers: EVERYONE },
  [COMPANY_METRICS_COLLECTION]: { readers: EVERYONE },
  [LOCATION_KEYWORDS_COLLECTION]: { readers: EVERYONE },
  [DASHBOARD_LOCATIONS_COLLECTION]: { readers: EVERYONE },
  [DASHBOARD_COMPANIES_COLLECTION]: { readers: EVERYONE },
  [LOCATION_GROUPS_COLLECTION]: { readers: ADMINS },
  // a company user's own screens refresh when a group gives or takes a location
  [LOCATION_GROUP_ACCESS_COLLECTION]: { readers: EVERYONE },
} as const satisfies Record<string, { readers: readonly Role[] }>;

export type LiveCollection = keyof typeof LIVE_COLLECTIONS;

export const isLiveCollection = (name: string): name is LiveCollection => Object.hasOwn(LIVE_COLLECTIONS, name);

/**
 * May a caller of this role hear about changes in this collection? Collections outside the
 * table (test projections) are heard by everyone in scope. A CompanyAuditor hears what company
 * members hear (it reads their screens: `mayCall`).
 */
export const mayHearCollection = (role: Role, collection: string): boolean => {
  if (!isLiveCollection(collection)) return true;
  const readers: readonly Role[] = LIVE_COLLECTIONS[collection].readers;
  return role === 'CompanyAuditor' ? readers.includes('CompanyAdmin') || readers.includes('CompanyUser') || readers.includes(role) : readers.includes(role);
};
