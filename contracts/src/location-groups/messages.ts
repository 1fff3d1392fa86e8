/** Location groups' texts (the Location Groups page and its answers). */
export const locationGroupMessages = {
  created: 'Location group has been created successfully',
  renamed: 'Location group has been renamed successfully',
  deleted: 'Location group has been deleted successfully',
  locationsRemoved: 'Locations have been removed from the group',
  userAssigned: 'User has been assigned to the group',
  userUnassigned: 'User has been removed from the group',
  confirmDelete: 'Are you sure you want to delete this group? Its users lose the locations they have through it.',
  notFound: 'The location group was not found',
  nameRequired: 'Group name is required',
  nameTaken: 'A group with this name already exists',
  locationNotFound: 'The location was not found',
  userNotFound: 'The user was not found',
  notCompanyUser: 'Only company users can be assigned to a group',
  userNotAssigned: 'The user is not assigned to this group',
  selectLocations: 'Select one or more locations.',
} as const;

export const LOCATION_GROUP_NAME_MAX = 100;
/** How many ids one add or remove may name (the directory filter adds any number). */
export const LOCATION_GROUP_MAX_IDS = 5000;

export const locationsAddedMessage = (added: number) =>
  added === 0 ? 'No new locations were added to the group' : `${added} location${added === 1 ? '' : 's'} added to the group`;
