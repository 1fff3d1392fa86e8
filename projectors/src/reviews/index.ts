export { reviewsProjection, projections, REVIEW_SORTS } from './reviews-projection';
