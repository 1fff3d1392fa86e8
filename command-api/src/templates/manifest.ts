import type { CommandManifest } from '../kit/manifest';
import { templatesCommandRoutes, templatesReactors, templatesSchedules } from '.';

export const templatesCommands: CommandManifest = {
  name: 'templates',
  routes: (deps) => templatesCommandRoutes(deps),
  reactors: (deps) => templatesReactors(deps),
  schedules: (deps) => templatesSchedules(deps),
};
