export { locationsQueryRoutes } from './routes';
export { bulkEditQueryRoutes } from './bulk-edit';
export { locationDefaultsQueryRoutes } from './defaults';
