export { reviewsCommandRoutes } from './routes';
export { reviewsReactors } from './reactors';
export { startReviewsSchedule } from './schedule';
