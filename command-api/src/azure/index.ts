export { azureCommandRoutes } from './routes';
