export { locationContentProjection, projections } from './location-content-projection';
