import type { RouteDef } from './route-def';
import { liveRoutes } from './live-routes';
import { opsRoutes } from '../ops/routes';
import { settingsRoutes } from '../settings/routes';
import { azureRoutes } from '../azure/routes';
import { staffRoutes } from '../staff/routes';
import { connectionsRoutes } from '../connections/routes';
import { locationsRoutes } from '../locations/routes';
import { identityRoutes } from '../identity/routes';
import { companiesRoutes } from '../companies/routes';
import { usersRoutes } from '../users/routes';
import { googleWorkspaceRoutes } from '../google-workspace/routes';
import { reviewsRoutes } from '../reviews/routes';
import { reviewsAiRoutes } from '../reviews-ai/routes';
import { bulkEditRoutes } from '../bulk-edit/routes';
import { importEmailRoute } from '../locations/email-import';
import { locationDefaultsRoutes } from '../locations/defaults';
import { auditRoutes } from '../audit/routes';
import { templatesRoutes } from '../templates/routes';
import { locationContentRoutes } from '../location-content/routes';
import { localezeRoutes } from '../localeze/routes';
import { insightsRoutes } from '../insights/routes';
import { locationGroupsRoutes } from '../location-groups/routes';
import { googleChangesRoutes } from '../locations/google-changes';
import { notificationRoutes } from '../notifications/routes';

/**
 * The route table: every HTTP route of command-api and query-api. Feature helpers append
 * their `contracts/src/<feature>/routes.ts` list here (one line each). OpenAPI and the
 * role/tenancy matrix are generated from it.
 */
export const routeTable: readonly RouteDef[] = [
  ...liveRoutes,
  ...opsRoutes,
  ...settingsRoutes,
  ...azureRoutes,
  ...staffRoutes,
  ...connectionsRoutes,
  ...locationsRoutes,
  ...identityRoutes,
  ...companiesRoutes,
  ...usersRoutes,
  ...googleWorkspaceRoutes,
  ...reviewsRoutes,
  ...reviewsAiRoutes,
  ...bulkEditRoutes,
  importEmailRoute,
  ...locationDefaultsRoutes,
  ...auditRoutes,
  ...templatesRoutes,
  ...locationContentRoutes,
  ...localezeRoutes,
  ...insightsRoutes,
  ...locationGroupsRoutes,
  ...googleChangesRoutes,
  ...notificationRoutes,
];
