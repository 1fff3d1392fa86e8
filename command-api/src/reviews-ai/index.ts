export { reviewsAiCommandRoutes } from './routes';
export { reviewsAiReactors, reviewsAiSchedules } from './reactors';
