export { insightsProjection, projections } from './insights-projection';
