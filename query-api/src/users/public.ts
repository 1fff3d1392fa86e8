/** What other features may use of users on the query side: a user's row as the users list shows it. */
export { userRowOf } from './rows';
