import type { CommandManifest } from '../kit/manifest';
import { staffCommandRoutes } from '.';

export const staffCommands: CommandManifest = {
  name: 'staff',
  routes: (deps) => staffCommandRoutes(deps),
};
