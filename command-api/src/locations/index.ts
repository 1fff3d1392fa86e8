export { locationsCommandRoutes } from './routes';
export { locationsReactors } from './reactors';
export { bulkEditCommandRoutes } from './bulk-edit/routes';
export { emailImportCommandRoutes } from './email-import';
export { locationDefaultsCommandRoutes } from './defaults';
export { bulkEditReactors } from './bulk-edit/bulk-edit-reactor';
