/** Locations texts (spec part 1 §8, part 2 §8) and limits (part 1 §9, part 2 §9). */
export const LOCATIONS_PAGE_SIZE = 25;
export const USER_LOCATIONS_PAGE_SIZE = 15;
export const DESCRIPTION_MAX_LENGTH = 750;
export const MAX_ADDITIONAL_PHONES = 2;
export const MAX_ADDITIONAL_CATEGORIES = 9;
export const COUNTRY_CODE = 'US';
/** Sortable directory fields (initial: StoreCode ascending). */
export const DIRECTORY_SORT_FIELDS = ['StoreCode', 'Title', 'TotalRatingsCount', 'OpenStatus', 'LastSyncDate', 'Completeness'] as const;
/** Fields the directory's global search looks in (case-insensitive, substring). */
export const DIRECTORY_SEARCH_FIELDS = ['StoreCode', 'Title', 'PrimaryPhoneNumber', 'PrimaryOwnerName', 'StreetAddressLine1', 'StreetAddressLine2'] as const;

export const locationMessages = {
  created: 'Your location has been created successfully.',
  updated: 'Your location has been updated',
  hoursUpdated: 'Your location regular hours have been updated successfully',
  hoursReviewNote: 'Edits may be reviewed and can take up to 3 days to show.',
  attributesUpdated: 'Your changes have been saved successfully',
  published: 'Your location has been published successfully.',
  publishPending: 'Your location is being published; the list will update when Google answers.',
  alreadyPublished: 'This location is already published on Google.',
  synchronized: 'Your location has been synchronized',
  syncPending: 'Your location is being synchronized; it will update when Google answers.',
  notPublished: 'This location is not published on Google yet; publish it first.',
  deleted: 'Location Deleted Successfully',
  deletePending: 'Your location is being deleted from Google.',
  deleteConfirmation:
    'Are you sure you want to permanently delete this location "{title}"? It\'s Reviews, Statistics and Business Information cannot be recovered.',
  deleteFromGoogleOption: 'Delete from Google My Business?',
  notFound: 'Location not found',
  noConnectedAccount: 'Go to "Connections -> Connect Account" in order to connect your account.',
  accountNotConnected: 'The selected Google account is not connected to this company',
  storeCodeTaken: 'A location with this store code already exists in your company.',
  titleRequired: 'Title is required',
  primaryCategoryRequired: 'Primary category is required',
  primaryPhoneRequired: 'Primary phone number is required',
  latitudeRequired: 'Latitude is required',
  longitudeRequired: 'Longitude is required',
  countryRequired: 'Country is required',
  countryUsOnly: 'Country must be US',
  accountRequired: 'Account is required',
  descriptionTooLong: `Description must be at most ${DESCRIPTION_MAX_LENGTH} characters`,
  openingDateRequired: 'Opening Date is required',
  addressLineRequired: 'Address Line 1 is required',
  stateRequired: 'State is required',
  cityRequired: 'City is required',
  postCodeRequired: 'Postal Code is required',
  unknownCategory: 'Unknown category',
  unknownState: 'Unknown US state code',
  googleEditFailed: 'Google rejected the last change',
  // Assignment
  assigned: 'The location has been assigned to the user successfully',
  unassigned: 'The user location has been deleted successfully',
  associationsSaved: 'Your changes have been saved successfully',
  noPrimaryOwner: 'This location has no primary owner yet.',
  primaryOwnerIs: '{name} is currently the primary owner of this location.',
  overwriteQuestion: 'Do you want to overwrite?',
  deleteAssociationConfirmation: 'Are you sure you want to delete this user location?',
  userNotFound: 'User not found',
  userNotAssigned: 'This user is not assigned to this location',
  staffCannotBePrimary: 'A Location User (staff member) cannot be the primary owner',
  primaryAndCoOwnerExclusive: 'Primary Owner and Co-Owner are mutually exclusive',
  locationRequired: 'Please choose a location',
  stateNotFound: 'State not found',
  categoriesUnavailable: 'Categories are not available until a Google account is connected.',
} as const;

/** Badge of a user-location link (Associated Locations panel). */
export const associationBadge = (link: { IsPrimaryOwner: boolean; IsStaffMember: boolean }) =>
  link.IsPrimaryOwner ? 'Primary' : link.IsStaffMember ? 'Staff Member' : 'Co-owner';
