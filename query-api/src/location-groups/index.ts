export { groupAssignmentsOf, groupLocationIds, locationGroupsQueryRoutes } from './routes';
