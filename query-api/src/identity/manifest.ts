import type { QueryManifest } from '../manifest';
import { createSessionValidator, identityQueryRoutes } from '.';

export const identityQueries: QueryManifest = {
  name: 'identity',
  routes: (deps) => identityQueryRoutes(deps),
  sessionValidation: ({ readModels }) => createSessionValidator(readModels),
};
