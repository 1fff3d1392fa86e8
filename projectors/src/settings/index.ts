export { settingsProjection, projections } from './settings-projection';
