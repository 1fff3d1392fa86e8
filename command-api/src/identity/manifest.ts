import type { CommandManifest } from '../kit/manifest';
import { createSessionValidator, identityCommandRoutes, identityReactors } from '.';

export const identityCommands: CommandManifest = {
  name: 'identity',
  routes: (deps) => identityCommandRoutes(deps),
  reactors: (deps) => identityReactors(deps),
  sessionValidation: ({ readModels }) => createSessionValidator(readModels),
};
