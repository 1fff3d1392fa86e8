import { USERS_PAGE_SIZE, userMessages } from '@locus/contracts/users/messages';
import { azureMessages } from '@locus/contracts/azure/routes';

export { USERS_PAGE_SIZE };

/** Users screens' texts (spec part 2 §2 Users, §5, §8). */
export const userTexts = {
  title: 'Users',
  searchPlaceholder: 'Search',
  clear: 'Clear',
  addAzureUsers: 'Add Azure Users',
  newUser: 'New User',
  newCompanyAdmin: 'New Company Admin',
  columns: { name: 'Name', email: 'Email', created: 'Created Date', actions: 'Actions' },
  edit: 'Edit',
  delete: 'Delete',
  deactivate: 'Deactivate',
  activate: 'Activate',
  deactivated: 'Deactivated',
  empty: 'No users found.',
  createUserTitle: 'Create User',
  updateUserTitle: 'Update User',
  createAdminTitle: 'Create Company Admin',
  updateAdminTitle: 'Update Company Admin',
  save: 'Save',
  cancel: 'Cancel',
  confirmDelete: 'Are you sure you want to delete the selected user?',
  confirmDeactivate: 'Are you sure you want to deactivate the selected user?',
  genericFailure: 'Something went wrong. Please try again later.',
  // Azure
  azureUsersTitle: 'Azure Users',
  azureColumns: { name: 'Display Name', principal: 'User Principal Name', action: 'Action' },
  addToAgency: 'Add to Agency',
  connectAzureAccount: 'Connect Azure Account',
  noAzureUsers: 'No users found.',
  importantNotice: 'Important Notice!',
  importantNoticeText: 'To import users from your Azure directory, enter the credentials of your Azure app registration.',
  azureClientId: 'Azure Client Id',
  azureClientSecret: 'Azure Client Secret',
  azureTenantId: 'Azure Tenant Id',
  saveChanges: 'Save Changes',
  callbackWorking: 'Connecting your Azure account...',
  confirmationTitle: 'Confirmation',
  errorTitle: 'Error!',
  seeUsers: 'See Users',
  azureAccountsTitle: 'Azure Accounts',
  ...userMessages,
  ...azureMessages,
} as const;
