export { reviewsCommandRoutes } from './routes';
export { reviewsReactors } from './reactors';
export { reviewsSchedules } from './schedule';
