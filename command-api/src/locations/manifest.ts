import type { CommandManifest } from '../kit/manifest';
import { bulkEditCommandRoutes, bulkEditReactors, emailImportCommandRoutes, locationDefaultsCommandRoutes, locationsCommandRoutes, locationsReactors } from '.';
import { googleChangesCommandRoutes } from './google-changes-routes';
import { googleChangesReactors } from './google-changes-reactors';

export const locationsCommands: CommandManifest = {
  name: 'locations',
  routes: (deps) => [
    ...locationsCommandRoutes(deps),
    ...googleChangesCommandRoutes(deps),
    ...bulkEditCommandRoutes(deps),
    ...emailImportCommandRoutes(deps),
    ...locationDefaultsCommandRoutes(deps),
  ],
  reactors: (deps) => [...locationsReactors(deps), ...bulkEditReactors(deps), ...googleChangesReactors(deps)],
};
