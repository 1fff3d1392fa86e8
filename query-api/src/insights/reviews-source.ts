import {
  REVIEW_COMPANY_STATS_COLLECTION,
  REVIEW_GROWTH_COLLECTION,
  REVIEW_LOCATION_STATS_COLLECTION,
  type ReviewCompanyStatsDoc,
  type ReviewGrowthDoc,
  type ReviewLocationStatsDoc,
} from '@locus/contracts';
import type { ReadModels } from '@locus/platform';
import type { InsightsScope } from './scope';

/**
 * The one place the dashboard reads reviews: the reviews read model (projectors/src/reviews). The
 * unresponded count comes from the company's review stats (or, for a CompanyUser, the stats of
 * the locations assigned to them) and the growth from `review-growth`, the company's documents
 * or each assigned location's, one per day. The total and average tiles keep Google's own
 * per-location figures (`totalReviewCount`, `averageRating`), as the spec's tile says.
 */
export function createReviewsSource(readModels: ReadModels) {
  const companyStats = () => readModels.collection<ReviewCompanyStatsDoc>(REVIEW_COMPANY_STATS_COLLECTION);
  const locationStats = () => readModels.collection<ReviewLocationStatsDoc>(REVIEW_LOCATION_STATS_COLLECTION);
  const growth = () => readModels.collection<ReviewGrowthDoc>(REVIEW_GROWTH_COLLECTION);
  return {
    /** Reviews not replied to yet (and still on Google), over the scope. */
    async unresponded(scope: InsightsScope): Promise<number> {
      if (scope.locationIds === null) return (await companyStats().findOne({ _id: scope.companyId }))?.unresponded ?? 0;
      if (scope.locationIds.length === 0) return 0;
      const docs = await locationStats().find({ companyId: scope.companyId, _id: { $in: scope.locationIds } });
      return docs.reduce((n, d) => n + d.unresponded, 0);
    },
    /** Reviews received on each of `days` (yyyy-mm-dd, ascending). */
    async receivedPerDay(scope: InsightsScope, days: readonly string[]): Promise<number[]> {
      if (days.length === 0) return [];
      const scopeIds = scope.locationIds ?? [scope.companyId];
      if (scopeIds.length === 0) return days.map(() => 0);
      const docs = await growth().find({ scopeId: { $in: scopeIds }, day: { $gte: days[0]!, $lte: days[days.length - 1]! } });
      const byDay = new Map<string, number>();
      for (const d of docs) byDay.set(d.day, (byDay.get(d.day) ?? 0) + d.count);
      return days.map((day) => byDay.get(day) ?? 0);
    },
  };
}
export type ReviewsSource = ReturnType<typeof createReviewsSource>;
