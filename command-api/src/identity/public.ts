/** What other features may use of identity: the token claims of a user, issued again after a change. */
export { claimsFor, loadCompanyState } from './claims';
