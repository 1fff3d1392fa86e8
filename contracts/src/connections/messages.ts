/** Connections texts (spec part 2 §8) and limits. */
export const CONNECTIONS_PAGE_SIZE = 15;
/** Google's OAuth scope for Business Profile. */
export const GOOGLE_BUSINESS_SCOPE = 'https://www.googleapis.com/auth/business.manage';
/** A connection process (callback → account selection) must be finished within this time. */
export const CONNECTION_PROCESS_TTL_SECONDS = 60 * 60;
/** The signed OAuth `state` expires after this many seconds. */
export const OAUTH_STATE_TTL_SECONDS = 15 * 60;

export const connectionMessages = {
  accountConnected: 'Your account has been connected successfully',
  accountsConnected: 'Your account has been successfully connected',
  signedIn: 'You are signed in with Google',
  disconnected: 'The selected account has been disconnected',
  disconnectFailed: 'An error occured while disconnecting your account. Please try again later',
  disconnectConfirmation: 'Disconnecting your account will result in losing all the data under this account. Do you want to continue with it?',
  callbackFailedPrefix: 'An error has occured while trying to connect your account. Error details: ',
  noCredentials: 'Google is not configured for this server (no OAuth client id).',
  noCompany: 'Select a company before connecting a Google account.',
  stateInvalid: 'The Google sign-in link is invalid or has expired; start again.',
  stateWrongUser: 'This Google connection was started by another user.',
  googleRefused: 'Google refused the authorization',
  noRefreshToken: 'Google did not grant offline access; remove Locus from your Google account permissions and connect again.',
  processNotFound: 'This connection process was not found or has expired; connect your account again.',
  selectionRequired: 'Select at least one account',
  accountNotInProcess: 'This account is not one of the accounts Google returned for this connection',
  accountNotFound: 'Connected account not found',
  noUserForGoogleEmail: 'No Locus user is registered with this Google account email. Sign up first, then sign in with Google.',
  userCannotLogin: 'This user is not allowed to sign in.',
  importStarted: 'Your locations are being imported',
} as const;

/** Live notification names (SSE / bus). */
export const CONNECT_ACCOUNTS_PROGRESS_NOTIFICATION = 'ConnectAccountsProgressNotification';
