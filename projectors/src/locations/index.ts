export { locationsProjection, projections, searchTextOf } from './locations-projection';
