export { locationsProjection, projections, searchTextOf } from './locations-projection';
export { locationUsersProjection } from './location-users-projection';
export { bulkEditProjection } from './bulk-edit-projection';
export { locationDefaultsProjection } from './location-defaults-projection';
