import type { CommandManifest } from '../kit/manifest';
import { connectionsCommandRoutes, connectionsReactors } from '.';

export const connectionsCommands: CommandManifest = {
  name: 'connections',
  routes: (deps) => connectionsCommandRoutes(deps),
  reactors: (deps) => connectionsReactors(deps),
};
