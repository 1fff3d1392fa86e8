import type { Role } from './event-envelope';
import type { LiveCollectionRule } from './feature-contract';
import { featureContracts } from './features';

type CollectionsOf<F> = F extends { liveCollections: infer L } ? keyof L & string : never;

/** A read-model collection the projectors publish live changes for (declared in a feature's contract). */
export type LiveCollection = CollectionsOf<(typeof featureContracts)[number]>;

/**
 * Every live collection with the roles whose queries read it: a live ping goes only to callers
 * who could query what changed (an Administrator viewing a company holds a CompanyAdmin token).
 * The web app's tag table is keyed by the same names.
 */
export const LIVE_COLLECTIONS: Readonly<Record<LiveCollection, LiveCollectionRule>> = Object.fromEntries(
  featureContracts.flatMap((feature) => Object.entries(feature.liveCollections)),
) as Record<LiveCollection, LiveCollectionRule>;

export const isLiveCollection = (name: string): name is LiveCollection => Object.hasOwn(LIVE_COLLECTIONS, name);

/**
 * May a caller of this role hear about changes in this collection? Collections outside the
 * table (test projections) are heard by everyone in scope. A CompanyAuditor hears what company
 * members hear (it reads their screens: `mayCall`).
 */
export const mayHearCollection = (role: Role, collection: string): boolean => {
  if (!isLiveCollection(collection)) return true;
  const readers: readonly Role[] = LIVE_COLLECTIONS[collection].readers;
  return role === 'CompanyAuditor' ? readers.includes('CompanyAdmin') || readers.includes('CompanyUser') || readers.includes(role) : readers.includes(role);
};
