export { identityQueryRoutes } from './routes';
export { createSessionValidator } from '@locus/platform';
