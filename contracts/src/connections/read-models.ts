import type { CurrentImportLocation, GoogleAccountSummary } from './events';

/**
 * Read-model collections of the connections slice (projectors/src/connections).
 * - `gmb-accounts`: one document per connected Google account of a company (connected or not).
 * - `gmb-connection-processes`: one per OAuth round trip of a connect: the accounts to choose
 *   from and the import progress.
 * - `gmb-categories`: Google's categories (companyId null: the same for every company).
 */
export const GMB_ACCOUNTS_COLLECTION = 'gmb-accounts';
export const GMB_CONNECTION_PROCESSES_COLLECTION = 'gmb-connection-processes';
export const GMB_CATEGORIES_COLLECTION = 'gmb-categories';

export interface GmbAccountDoc {
  _id: string;
  companyId: string;
  /** `accounts/<id>` */
  name: string;
  accountName: string;
  accountType: string;
  googleUserEmail: string;
  googleUserFullName: string;
  googleUserProfileImage: string | null;
  connected: boolean;
  connectedAt: string;
  disconnectedAt: string | null;
  processId: string;
  [key: string]: unknown;
}

export interface GmbConnectionProcessDoc {
  _id: string;
  companyId: string;
  userId: string;
  googleUserEmail: string;
  googleUserFullName: string;
  accounts: GoogleAccountSummary[];
  isNewCompany: boolean;
  expiresAt: string;
  status: 'awaiting-selection' | 'importing' | 'completed' | 'failed';
  selectedAccountNames: string[];
  progressPercentage: number;
  processed: number;
  total: number;
  currentLocation: CurrentImportLocation | null;
  errorMessage: string | null;
  createdAt: string;
  [key: string]: unknown;
}

export interface GmbCategoryDoc {
  _id: string;
  companyId: null;
  name: string;
  displayName: string;
  displayNameLower: string;
  [key: string]: unknown;
}
