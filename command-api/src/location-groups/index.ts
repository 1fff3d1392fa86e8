export { locationGroupsCommandRoutes } from './routes';
