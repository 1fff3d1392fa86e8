export { settingsQueryRoutes } from './routes';
