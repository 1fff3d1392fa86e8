import { isLiveCollection, type LiveCollection } from '@locus/contracts';
import type { TagType } from '../tag-types';
import { LIST } from '../tag-types';

/**
 * Which tags a change in each read-model collection touches, keyed by the contracts'
 * collection names (the compiler asks for a row when a collection is added). The first tag is
 * the collection's own type: its documents and lists; the others are views derived from it,
 * refreshed whole.
 */
export const COLLECTION_TAGS: Readonly<Record<LiveCollection, readonly TagType[]>> = {
  'session-blocks': [],
  companies: ['Company', 'CompanyDropdown', 'CompanyName', 'CompanyAdmin'],
  'company-directory': ['Company', 'CompanyDropdown', 'CompanyName', 'CompanyAdmin'],
  users: ['User', 'CompanyAdmin', 'Profile', 'Staff'],
  locations: ['Location', 'Dashboard'],
  'location-users': ['UserLocation', 'Location'],
  // the location-users projection's own copy of each location: no screen reads it
  'location-link-sources': [],
  'gmb-accounts': ['Connection'],
  // an import's progress comes from its live notifications; the process is read again only after
  // a reconnect or resync (which refresh every tag), not on each of its many changes
  'gmb-connection-processes': [],
  'gmb-categories': ['Category'],
  'company-variables': ['CompanyVariable', 'AdminLevelVariable'],
  'admin-variables': ['AdminVariable', 'AdminLevelVariable', 'CompanyVariable'],
  'company-admin-variable-values': ['AdminLevelVariable', 'CompanyVariable'],
  staff: ['Staff'],
  'azure-directories': ['AzureCredentials', 'AzureUser'],
  'azure-directory-users': ['AzureUser'],
  reviews: ['Review'],
  'review-location-stats': ['ReviewSummary', 'Location'],
  'review-company-stats': ['ReviewSummary', 'Dashboard'],
  'review-growth': ['ReviewGrowth'],
  'reviews-ai-settings': ['AiSettings'],
  'brand-settings': ['BrandSettings'],
  'review-automation': ['ReviewAutomation'],
  'bulk-edit-jobs': ['BulkEditJob'],
  'bulk-edit-outcomes': ['BulkEditJob'],
  'location-defaults': ['LocationDefault'],
  'ops-status': ['OpsStatus'],
  history: ['History'],
  'history-facets': ['History'],
  'history-entities': [],
  'history-actors': [],
  'post-templates': ['PostTemplate'],
  'post-template-logs': ['PostTemplateLog'],
  'location-posts': ['Post'],
  'location-media': ['Media'],
  'location-questions': ['Question'],
  'location-metrics': ['Dashboard'],
  'company-metrics': ['Dashboard'],
  'location-keywords': ['Location'],
  'dashboard-locations': ['Dashboard'],
  'dashboard-companies': ['Dashboard'],
  // a group's locations filter the directory, dashboard and reviews
  'location-groups': ['LocationGroup', 'Location', 'Dashboard', 'Review', 'ReviewSummary'],
  'location-group-access': ['LocationGroup', 'Location', 'Dashboard', 'Review', 'ReviewSummary'],
};

export const tagTypesForCollection = (collection: string): readonly TagType[] => (isLiveCollection(collection) ? COLLECTION_TAGS[collection] : []);

export type TagToInvalidate = TagType | { type: TagType; id: string };

/**
 * Tags to invalidate for one changed-message: for the collection's own type each document
 * and, once, the lists of its kind; views derived from it are refreshed whole. A message that
 * says `many` (too many ids to list) refreshes the collection's tags whole.
 */
export const tagsForChange = (collection: string, ids: readonly string[], many = false): TagToInvalidate[] => {
  const [primary, ...derived] = tagTypesForCollection(collection);
  if (!primary) return [];
  if (many) return [primary, ...derived];
  const own: TagToInvalidate[] = [...ids.map((id) => ({ type: primary, id })), { type: primary, id: LIST }];
  return [...own, ...derived];
};
