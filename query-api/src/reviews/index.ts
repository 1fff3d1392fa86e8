export { reviewsQueryRoutes } from './routes';
