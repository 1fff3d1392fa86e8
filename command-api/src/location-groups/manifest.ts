import type { CommandManifest } from '../kit/manifest';
import { locationGroupsCommandRoutes } from '.';

export const locationGroupsCommands: CommandManifest = {
  name: 'location-groups',
  routes: (deps) => locationGroupsCommandRoutes(deps),
};
