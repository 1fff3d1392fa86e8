export { templatesQueryRoutes } from './routes';
