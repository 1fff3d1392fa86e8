export { notificationsProjection, projections } from './notifications-projection';
