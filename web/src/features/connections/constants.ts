import { CONNECTIONS_PAGE_SIZE, connectionMessages } from '@locus/contracts';

export { CONNECTIONS_PAGE_SIZE };

/** Connections screens' texts (spec part 2 §2 Connections, §4 Connect account, §8). */
export const connectionTexts = {
  title: 'Connections',
  subtitle: 'Google Business Profile accounts connected to your company.',
  connectAccount: 'Connect Account',
  columns: { source: 'Source', account: 'Google Account', connected: 'Connected', actions: 'Actions' },
  viewLocations: 'Locations',
  disconnect: 'Disconnect',
  empty: 'No connected accounts found.',
  locationsCount: (n: number) => `${n} location(s)`,
  // account selection
  selectTitle: 'Select Account(s)',
  selectText: (email: string) => `Choose the Google Business Profile account(s) of ${email} to connect.`,
  alreadyConnected: 'Connected',
  noAccounts: 'Google returned no Business Profile accounts for this Google user.',
  start: 'Start',
  cancel: 'Cancel',
  // company name first (new company)
  companyNameTitle: 'Company Name',
  companyNameText: 'A new company was created for you. Give it a name before connecting your accounts.',
  companyName: 'Company Name',
  companyNameRequired: 'Company name is required',
  save: 'Save',
  // progress
  progressTitle: 'Importing your locations',
  progressWaiting: 'Waiting for Google...',
  importing: 'Importing',
  processLoading: 'Loading your Google accounts...',
  processFailed: 'This connection could not be loaded.',
  backToConnections: 'Back to Connections',
  genericFailure: 'Something went wrong. Please try again later.',
  ...connectionMessages,
} as const;
