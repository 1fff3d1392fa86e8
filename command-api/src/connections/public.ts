/** What other features may use of connections: Google access through a connected account, and the account's state and ids. */
export { createGoogleAccess, type GoogleAccess } from './google-access';
export { evolveAccount, initialAccountState } from './connection-state';
export { connectionIdOf, isUuid } from './ids';
