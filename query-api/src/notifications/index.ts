export { notificationsQueryRoutes } from './routes';
