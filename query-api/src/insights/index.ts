export { insightsQueryRoutes } from './routes';
export { createInsightsReader, type InsightsReader } from './dashboard';
export { createReviewsSource } from './reviews-source';
