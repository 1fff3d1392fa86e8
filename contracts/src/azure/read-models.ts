/** Read models of the Azure directory slice. They never hold the client secret or tokens. */
export const AZURE_DIRECTORIES_COLLECTION = 'azure-directories';
export const AZURE_DIRECTORY_USERS_COLLECTION = 'azure-directory-users';

export interface AzureDirectoryDoc {
  _id: string;
  companyId: string;
  clientId: string | null;
  tenantId: string | null;
  hasClientSecret: boolean;
  isConnected: boolean;
  connectedAt: string | null;
  connectedByUserId: string | null;
  credentialsUpdatedAt: string | null;
  connectedUsers: number;
  [key: string]: unknown;
}

/** A directory user added to the agency; _id `<companyId>:<directoryUserId>`. */
export interface AzureDirectoryUserDoc {
  _id: string;
  companyId: string;
  directoryUserId: string;
  displayName: string;
  userPrincipalName: string;
  userId: string;
  connectedAt: string;
  [key: string]: unknown;
}
