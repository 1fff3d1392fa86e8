export { staffQueryRoutes } from './routes';
