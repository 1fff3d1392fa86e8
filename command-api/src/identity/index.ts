export { identityCommandRoutes, identityReactors } from './routes';
export { createSessionValidator } from './session-validator';
