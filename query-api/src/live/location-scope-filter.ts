import {
  DASHBOARD_LOCATIONS_COLLECTION,
  LOCATION_KEYWORDS_COLLECTION,
  LOCATION_MEDIA_COLLECTION,
  LOCATION_METRICS_COLLECTION,
  LOCATION_POSTS_COLLECTION,
  LOCATION_QUESTIONS_COLLECTION,
  LOCATION_GROUP_ACCESS_COLLECTION,
  LOCATION_USERS_COLLECTION,
  LOCATIONS_COLLECTION,
  REVIEW_GROWTH_COLLECTION,
  REVIEW_LOCATION_STATS_COLLECTION,
  REVIEWS_COLLECTION,
  type ChangedMessage,
} from '@locus/contracts';
import { locationsInScope, type AuthContext, type ReadModels } from '@locus/platform';
import type { LiveFilter } from './live-hub';

/** Collections whose document ids lead with the location's id (`<locationId>` or `<locationId>:…`). */
const LOCATION_KEYED = new Set<string>([
  LOCATIONS_COLLECTION,
  LOCATION_USERS_COLLECTION,
  LOCATION_POSTS_COLLECTION,
  LOCATION_MEDIA_COLLECTION,
  LOCATION_QUESTIONS_COLLECTION,
  LOCATION_METRICS_COLLECTION,
  LOCATION_KEYWORDS_COLLECTION,
  DASHBOARD_LOCATIONS_COLLECTION,
  REVIEW_LOCATION_STATS_COLLECTION,
  REVIEW_GROWTH_COLLECTION,
]);

/**
 * Collections whose documents each belong to one location but are keyed otherwise (a review's
 * id): a scoped caller hears that the collection changed, without the ids, and its query scopes
 * what it reads again.
 */
const LOCATION_OWNED_UNKEYED = new Set<string>([REVIEWS_COLLECTION]);

/**
 * The live filter of a caller who sees only some locations (a company user): changes of those
 * collections keep the ids of the caller's locations, and a change of none of them is not sent.
 * The caller's own assignment changes pass and read the scope again. Undefined: the caller sees
 * the whole company and hears it unfiltered.
 */
export async function locationScopeFilter(
  readModels: Pick<ReadModels, 'collection'>,
  auth: Pick<AuthContext, 'role' | 'userId' | 'companyId'>,
): Promise<LiveFilter | undefined> {
  const first = await locationsInScope(readModels, auth);
  if (first === null) return undefined;
  let inScope = new Set(first);
  const ownLink = `:${auth.userId}`;
  const reread = () =>
    void locationsInScope(readModels, auth)
      .then((ids) => (inScope = new Set(ids ?? [])))
      .catch(() => undefined);
  const ownGroupAccess = `${auth.userId}:`;
  return (message) => {
    const change = message as Partial<ChangedMessage> | null;
    // Access through a group is keyed `<userId>:<locationId>`: the caller hears its own, which change its scope.
    if (change?.kind === 'changed' && change.collection === LOCATION_GROUP_ACCESS_COLLECTION) {
      if (change.many || !change.ids) {
        reread();
        return message;
      }
      const ids = change.ids.filter((id) => id.startsWith(ownGroupAccess));
      if (ids.length) reread();
      return ids.length ? { ...change, ids } : null;
    }
    if (change?.kind === 'changed' && change.collection && LOCATION_OWNED_UNKEYED.has(change.collection)) return { ...change, ids: [], many: true };
    if (change?.kind !== 'changed' || !change.collection || !LOCATION_KEYED.has(change.collection) || change.many || !change.ids) return message;
    const own = change.collection === LOCATION_USERS_COLLECTION && change.ids.some((id) => id.endsWith(ownLink));
    if (own) reread();
    const ids = change.ids.filter((id) => inScope.has(id.split(':')[0]!) || (own && id.endsWith(ownLink)));
    return ids.length ? { ...change, ids } : null;
  };
}
