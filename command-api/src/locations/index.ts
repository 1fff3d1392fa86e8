export { locationsCommandRoutes } from './routes';
export { locationsReactors } from './reactors';
