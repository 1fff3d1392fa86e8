export { reviewsAiCommandRoutes } from './routes';
export { reviewsAiReactors } from './reactors';
