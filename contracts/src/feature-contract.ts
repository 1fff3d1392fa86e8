import type { Role } from './event-envelope';
import type { RouteDef } from './routes/route-def';

/** Who hears live changes of a collection: the roles whose queries read it. */
export interface LiveCollectionRule {
  readers: readonly Role[];
}

/**
 * The part of a feature its server and its web app share: the routes it serves (the route table
 * is the list of every feature's) and the read-model collections it publishes live changes for.
 * Each app has its own manifest of the feature under the same name (command-api/src/kit/README.md).
 */
export interface FeatureContract {
  name: string;
  routes: readonly RouteDef[];
  liveCollections: Readonly<Record<string, LiveCollectionRule>>;
}

export const EVERYONE: readonly Role[] = ['Administrator', 'CompanyAdmin', 'CompanyUser'];
export const ADMINS: readonly Role[] = ['Administrator', 'CompanyAdmin'];
export const ADMINISTRATOR: readonly Role[] = ['Administrator'];
/** Published for the servers' own caches: no screen reads it. */
export const NOBODY: readonly Role[] = [];
