import { COMPLETENESS_FIELDS, VERIFICATION_NEEDS_ACTION, type HealthLocation, type ListingHealth, type LocationDoc } from '@locus/contracts';
import type { Collection, Filter } from '@locus/platform';
import { healthOf } from './rows';

const LIST_SIZE = 10;
/** Every score a location can have: a whole share of the weighed fields. */
const SCORES = Array.from({ length: COMPLETENESS_FIELDS.length + 1 }, (_, i) => Math.round((i * 100) / COMPLETENESS_FIELDS.length));

const toHealthLocation = (doc: LocationDoc): HealthLocation => ({ Id: doc._id, Title: doc.profile.Title, StoreCode: doc.profile.StoreCode, ...healthOf(doc) });

/**
 * The listing-health tile over the locations `scope` selects. The average comes from one indexed
 * count per possible score (companyId, completeness), so no document is read for it; the two
 * short lists read ten documents each through their own indexes.
 */
export async function listingHealth(locations: Collection<LocationDoc>, scope: Filter): Promise<ListingHealth> {
  const needsAction: Filter = { ...scope, verification: { $in: [...VERIFICATION_NEEDS_ACTION] } };
  const incomplete: Filter = { ...scope, completeness: { $lt: 100 } };
  const [perScore, needsActionCount, incompleteCount, needsActionDocs, leastComplete] = await Promise.all([
    Promise.all(SCORES.map((score) => locations.countDocuments({ ...scope, completeness: score }))),
    locations.countDocuments(needsAction),
    locations.countDocuments(incomplete),
    locations.find(needsAction, { sort: { storeCodeSort: 1, _id: 1 }, limit: LIST_SIZE }),
    locations.find(incomplete, { sort: { completeness: 1, storeCodeSort: 1, _id: 1 }, limit: LIST_SIZE }),
  ]);
  const total = perScore.reduce((a, b) => a + b, 0);
  const sum = perScore.reduce((a, n, i) => a + n * SCORES[i]!, 0);
  return {
    TotalLocations: total,
    AverageCompleteness: total ? Math.round((sum / total) * 10) / 10 : null,
    IncompleteCount: incompleteCount,
    NeedsActionCount: needsActionCount,
    NeedsAction: needsActionDocs.map(toHealthLocation),
    LeastComplete: leastComplete.map(toHealthLocation),
  };
}
