export { locationsQueryRoutes } from './routes';
