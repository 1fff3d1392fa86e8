export { notificationsCommandRoutes } from './routes';
export { notificationsReactors } from './reactors';
export { notificationsSchedules } from './digest-schedule';
