export { locationGroupsProjection, projections } from './location-groups-projection';
