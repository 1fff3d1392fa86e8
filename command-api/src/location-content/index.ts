export { locationContentCommandRoutes } from './routes';
export { locationContentReactors } from './reactors';
export { requestLocalPost, localPostIdFor, type LocalPostRequest } from './local-posts';
export { followPostsInReview, locationContentSchedules } from './review-schedule';
