export { staffCommandRoutes } from './routes';
