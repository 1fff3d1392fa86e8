import { staffMessages } from '@locus/contracts';

export const STAFF_PAGE_SIZE = 15;

/** Company Staff texts (spec part 2 §2 Users: Company Staff page; §8). */
export const staffTexts = {
  title: 'Company Staff',
  newStaff: 'New Staff',
  createTitle: 'Create Staff',
  updateTitle: 'Update Staff',
  columns: { name: 'Name', email: 'Email', phone: 'Phone Number', created: 'Created Date', actions: 'Actions' },
  firstName: 'First Name',
  lastName: 'Last Name',
  email: 'Email',
  phone: 'Phone Number',
  edit: 'Edit',
  delete: 'Deactivate',
  save: 'Save',
  cancel: 'Cancel',
  search: 'Search',
  clear: 'Clear',
  empty: 'No staff found.',
  genericFailure: 'Something went wrong. Please try again later.',
  ...staffMessages,
} as const;
