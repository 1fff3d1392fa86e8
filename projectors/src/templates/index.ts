export { templatesProjection, projections } from './templates-projection';
