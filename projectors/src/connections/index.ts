export { connectionsProjection, projections } from './connections-projection';
