export { notificationsCommandRoutes } from './routes';
export { notificationsReactors } from './reactors';
