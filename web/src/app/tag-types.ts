/** Every RTK Query tag type of the app; features provide and invalidate these. */
export const TAG_TYPES = [
  'Company',
  'CompanyDropdown',
  'CompanyName',
  'CompanyAdmin',
  'User',
  'UserLocation',
  'CompanyVariable',
  'AdminVariable',
  'AdminLevelVariable',
  'Profile',
  'Staff',
  'AzureUser',
  'AzureCredentials',
  'Location',
  'LocationDefault',
  'Review',
  'AiSettings',
  'Connection',
  'PostTemplate',
  'Dashboard',
  'Media',
  'Post',
  'Question',
  'Publisher',
  'Category',
  'BulkEditJob',
] as const;

export type TagType = (typeof TAG_TYPES)[number];
export const LIST = 'LIST';
