export { locationsProjection, projections, searchTextOf } from './locations-projection';
export { bulkEditProjection } from './bulk-edit-projection';
export { locationDefaultsProjection } from './location-defaults-projection';
