export { companiesQueryRoutes } from './routes';
