export { usersQueryRoutes } from './routes';
