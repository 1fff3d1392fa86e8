import type { RouteDef } from './route-def';
import { featureContracts } from '../features';

/**
 * The route table: every HTTP route of command-api and query-api, the union of the features'
 * contracts (contracts/src/features.ts). OpenAPI and the role/tenancy matrix are generated from it.
 */
export const routeTable: readonly RouteDef[] = featureContracts.flatMap((feature): readonly RouteDef[] => feature.routes);
