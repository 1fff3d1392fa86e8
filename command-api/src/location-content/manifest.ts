import type { CommandManifest } from '../kit/manifest';
import { locationContentCommandRoutes, locationContentReactors } from '.';

export const locationContentCommands: CommandManifest = {
  name: 'location-content',
  routes: (deps) => locationContentCommandRoutes(deps),
  reactors: (deps) => locationContentReactors(deps),
};
