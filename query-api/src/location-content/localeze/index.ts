export { localezeQueryRoutes } from './routes';
