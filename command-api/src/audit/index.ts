export { auditCommandRoutes } from './routes';
