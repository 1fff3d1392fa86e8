export { locationContentQueryRoutes } from './routes';
