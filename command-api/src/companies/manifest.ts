import type { CommandManifest } from '../kit/manifest';
import { companiesCommandRoutes, companiesReactors } from '.';

export const companiesCommands: CommandManifest = {
  name: 'companies',
  routes: (deps) => companiesCommandRoutes(deps),
  reactors: (deps) => companiesReactors(deps),
};
