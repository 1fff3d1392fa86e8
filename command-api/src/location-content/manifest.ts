import type { CommandManifest } from '../kit/manifest';
import { locationContentCommandRoutes, locationContentReactors, locationContentSchedules } from '.';

export const locationContentCommands: CommandManifest = {
  name: 'location-content',
  routes: (deps) => locationContentCommandRoutes(deps),
  reactors: (deps) => locationContentReactors(deps),
  schedules: (deps) => locationContentSchedules(deps),
};
