import type { CommandDeps, RouteImplementation } from '@locus/platform';
import { adminSettingsRoutes } from './admin-routes';
import { companySettingsRoutes } from './company-routes';

/** The settings commands: the company variables' and the system administrator's. */
export function settingsCommandRoutes(deps: CommandDeps): RouteImplementation[] {
  return [...companySettingsRoutes(deps), ...adminSettingsRoutes(deps)];
}
