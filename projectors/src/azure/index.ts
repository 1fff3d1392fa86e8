export { azureProjection, projections } from './azure-projection';
