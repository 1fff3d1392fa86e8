export { opsCommandRoutes } from './routes';
