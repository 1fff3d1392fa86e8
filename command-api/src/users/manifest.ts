import type { CommandManifest } from '../kit/manifest';
import { usersCommandRoutes, usersReactors } from '.';

export const usersCommands: CommandManifest = {
  name: 'users',
  routes: (deps) => usersCommandRoutes(deps),
  reactors: (deps) => usersReactors(deps),
};
