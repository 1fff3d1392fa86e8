/** What other features may use of insights on the query side: the Performance metrics reader and the reviews source it reads. */
export { createInsightsReader } from './dashboard';
export { createReviewsSource } from './reviews-source';
