import type { CommandDeps, RouteImplementation, SessionValidatorFactory } from '@locus/platform';
import { settingsCommandRoutes } from './settings';
import { azureCommandRoutes } from './azure';
import { staffCommandRoutes } from './staff';
import { identityCommandRoutes, createSessionValidator } from './identity';
import { companiesCommandRoutes } from './companies';
import { usersCommandRoutes } from './users';
import { connectionsCommandRoutes } from './connections';
import { bulkEditCommandRoutes, emailImportCommandRoutes, locationDefaultsCommandRoutes, locationsCommandRoutes } from './locations';
import { googleChangesCommandRoutes } from './locations/google-changes-routes';
import { googleWorkspaceCommandRoutes } from './google-workspace';
import { reviewsCommandRoutes } from './reviews';
import { reviewsAiCommandRoutes } from './reviews-ai';
import { auditCommandRoutes } from './audit';
import { templatesCommandRoutes } from './templates';
import { locationContentCommandRoutes } from './location-content';
import { locationGroupsCommandRoutes } from './location-groups';
import { notificationsCommandRoutes } from './notifications';

/** One feature's command routes (`command-api/src/<feature>/`). */
export type CommandFeature = (deps: CommandDeps) => RouteImplementation[];

/** The command-side manifest: feature helpers append one line each. */
export const commandFeatures: CommandFeature[] = [
  settingsCommandRoutes,
  (deps) => azureCommandRoutes(deps),
  staffCommandRoutes,
  identityCommandRoutes,
  companiesCommandRoutes,
  (deps) => usersCommandRoutes(deps),
  (deps) => connectionsCommandRoutes(deps),
  (deps) => locationsCommandRoutes(deps),
  (deps) => googleChangesCommandRoutes(deps),
  googleWorkspaceCommandRoutes,
  (deps) => reviewsCommandRoutes(deps),
  reviewsAiCommandRoutes,
  bulkEditCommandRoutes,
  emailImportCommandRoutes,
  (deps) => locationDefaultsCommandRoutes(deps),
  auditCommandRoutes,
  templatesCommandRoutes,
  (deps) => locationContentCommandRoutes(deps),
  locationGroupsCommandRoutes,
  notificationsCommandRoutes,
];

/**
 * The server-side session check run after token verification (deleted or deactivated
 * users, revoked sessions). The identity feature sets it here and in query-api's manifest;
 * null means the token alone decides.
 */
export const sessionValidation: SessionValidatorFactory | null = ({ readModels }) => createSessionValidator(readModels);
