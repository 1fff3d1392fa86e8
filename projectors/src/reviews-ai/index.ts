export { reviewsAiProjection, projections } from './reviews-ai-projection';
