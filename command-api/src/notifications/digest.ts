import { LOCATION_GROUPS_COLLECTION, REVIEWS_COLLECTION, type DigestFrequency, type LocationGroupDoc, type ReviewDoc } from '@locus/contracts';
import type { ReadModels } from '@locus/platform';
import type { DigestRow } from './mails';

const DAY_MS = 86_400_000;

/** The last whole period before `now` (UTC): yesterday, or last week Monday to Sunday. */
export function lastPeriod(frequency: Exclude<DigestFrequency, 'off'>, now: Date): { start: Date; end: Date } {
  const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  if (frequency === 'daily') return { start: new Date(today - DAY_MS), end: new Date(today) };
  const monday = today - ((now.getUTCDay() + 6) % 7) * DAY_MS;
  return { start: new Date(monday - 7 * DAY_MS), end: new Date(monday) };
}

type Scoped = Pick<ReviewDoc, 'locationId' | 'starRating' | 'createTime' | 'responded'>;

const round2 = (n: number) => Math.round(n * 100) / 100;
const averageOf = (reviews: readonly Scoped[]) => (reviews.length ? round2(reviews.reduce((s, r) => s + r.starRating, 0) / reviews.length) : null);

/**
 * The digest's rows: every location in the user's scope, then each location group that holds
 * some of them. New reviews and their average are the period's; the previous average is the
 * period before's; unanswered counts every review still without a reply.
 */
export async function digestRows(
  readModels: ReadModels,
  companyId: string,
  scope: readonly string[] | null,
  period: { start: Date; end: Date },
): Promise<DigestRow[]> {
  const reviews = readModels.collection<ReviewDoc>(REVIEWS_COLLECTION);
  const inScope = scope ? { locationId: { $in: [...scope] } } : {};
  const length = period.end.getTime() - period.start.getTime();
  const projection = { _id: 1, locationId: 1, starRating: 1, createTime: 1, responded: 1 } as const;
  const [recent, unanswered] = await Promise.all([
    reviews.find(
      { companyId, removed: 0, ...inScope, createTime: { $gte: new Date(period.start.getTime() - length).toISOString(), $lt: period.end.toISOString() } },
      { projection },
    ),
    reviews.find({ companyId, responded: 0, removed: 0, ...inScope }, { projection }),
  ]);
  const from = period.start.toISOString();
  const row = (name: string, keep: (r: Scoped) => boolean): DigestRow => {
    const current = recent.filter((r) => keep(r) && r.createTime >= from);
    const before = recent.filter((r) => keep(r) && r.createTime < from);
    return {
      name,
      newReviews: current.length,
      unanswered: unanswered.filter(keep).length,
      averageRating: averageOf(current),
      previousAverageRating: averageOf(before),
    };
  };
  const rows = [row(scope ? 'Your locations' : 'All locations', () => true)];
  const groups = await readModels.collection<LocationGroupDoc>(LOCATION_GROUPS_COLLECTION).find({ companyId }, { sort: { nameLower: 1 } });
  const allowed = scope ? new Set(scope) : null;
  for (const g of groups) {
    const ids = new Set(g.locationIds.filter((id) => !allowed || allowed.has(id)));
    if (ids.size) rows.push(row(g.name, (r) => ids.has(r.locationId)));
  }
  return rows;
}
