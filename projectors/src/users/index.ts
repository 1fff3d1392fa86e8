export { usersProjection, projections } from './users-projection';
