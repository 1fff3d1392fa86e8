import type { CommandManifest } from '../kit/manifest';
import { googleWorkspaceCommandRoutes } from '.';

export const googleWorkspaceCommands: CommandManifest = {
  name: 'google-workspace',
  routes: (deps) => googleWorkspaceCommandRoutes(deps),
};
