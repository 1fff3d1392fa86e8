export { connectionsQueryRoutes } from './routes';
