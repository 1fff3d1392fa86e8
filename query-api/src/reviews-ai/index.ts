export { reviewsAiQueryRoutes } from './routes';
