import { USER_LOCATIONS_PAGE_SIZE, associationBadge, locationMessages } from '@locus/contracts';

export { USER_LOCATIONS_PAGE_SIZE, associationBadge };

/** Assignment texts (spec part 2 §2 Users, §5 Assign Location, §8). */
export const assignmentTexts = {
  panelTitle: 'Associated Locations',
  searchPlaceholder: 'Search locations',
  assignLocations: 'Assign Locations',
  associatedOn: (date: string) => `Associated on ${date}`,
  empty: 'No location(s) found.',
  delete: 'Delete',
  columns: { location: 'Location', associated: 'Associated on', actions: 'Actions' },
  // Assign Locations dialog
  assignTitle: 'Assign Locations',
  location: 'Location',
  locationPlaceholder: '- Select Location -',
  filterLocations: 'Filter locations...',
  role: 'Role',
  roles: { LocationOwner: 'Location Owner', LocationUser: 'Location User' },
  primaryOwner: 'Primary Owner',
  coOwner: 'Co-Owner',
  assignLocation: 'Assign Location',
  cancel: 'Cancel',
  checkingOwner: 'Checking the current primary owner...',
  // Location users dialog
  usersTitle: 'Assign Users | Locations',
  primaryOwnerPicker: 'Primary Owner',
  coOwnersPicker: 'Co-Owners',
  staffPicker: 'Staff Members',
  noPrimaryOwnerChoice: '- No Primary Owner -',
  selectUsers: 'Select users...',
  currentUsers: 'Current users',
  noUsers: 'No users assigned yet.',
  save: 'Save',
  genericFailure: 'Something went wrong. Please try again later.',
  ...locationMessages,
} as const;
