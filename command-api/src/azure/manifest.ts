import type { CommandManifest } from '../kit/manifest';
import { azureCommandRoutes } from '.';

export const azureCommands: CommandManifest = {
  name: 'azure',
  routes: (deps) => azureCommandRoutes(deps),
};
