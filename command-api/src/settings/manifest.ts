import type { CommandManifest } from '../kit/manifest';
import { settingsCommandRoutes, settingsReactors } from '.';

export const settingsCommands: CommandManifest = {
  name: 'settings',
  routes: (deps) => settingsCommandRoutes(deps),
  reactors: (deps) => settingsReactors(deps),
};
