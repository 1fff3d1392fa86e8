export { locationsCommandRoutes } from './routes';
export { locationsReactors } from './reactors';
export { bulkEditCommandRoutes } from './bulk-edit/routes';
export { emailImportCommandRoutes } from './email-import';
export { bulkEditReactors } from './bulk-edit/bulk-edit-reactor';
