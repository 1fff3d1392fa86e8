export { connectionsCommandRoutes } from './routes';
export { connectionsReactors } from './reactors';
export { createGoogleAccess, type GoogleAccess } from './google-access';
