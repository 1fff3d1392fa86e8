export { sessionBlocksProjection, projections } from './session-blocks-projection';
