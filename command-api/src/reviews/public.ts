/** What other features may use of reviews: a review the caller may see, and the review decider. */
export { reviewForCaller } from './routes';
export { isAnswered, reviewDecider } from './review-decider';
