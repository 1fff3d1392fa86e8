export { identityCommandRoutes, identityReactors } from './routes';
export { createSessionValidator } from '@locus/platform';
