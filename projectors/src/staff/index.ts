export { staffProjection, projections } from './staff-projection';
