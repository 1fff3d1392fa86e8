export { locationsCommandRoutes } from './routes';
export { locationsReactors } from './reactors';
export { bulkEditCommandRoutes } from './bulk-edit/routes';
export { bulkEditReactors } from './bulk-edit/bulk-edit-reactor';
