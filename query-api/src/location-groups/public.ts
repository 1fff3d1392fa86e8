/** What other features may use of location-groups on the query side: the locations of a group, for group filters. */
export { groupLocationIds } from './routes';
