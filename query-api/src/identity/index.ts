export { identityQueryRoutes } from './routes';
export { createSessionValidator } from './session-validator';
