export { azureQueryRoutes } from './routes';
