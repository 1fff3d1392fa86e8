import {
  COMPANY_METRICS_COLLECTION,
  DASHBOARD_COMPANIES_COLLECTION,
  DASHBOARD_LOCATIONS_COLLECTION,
  IMPRESSION_METRICS,
  LOCATION_KEYWORDS_COLLECTION,
  LOCATION_METRICS_COLLECTION,
  TOP_KEYWORDS,
  DEFAULT_INSIGHTS_DAYS,
  type CompanyMetricsDoc,
  type DailyMetricName,
  type DashboardCompanyDoc,
  type DashboardData,
  type DashboardLocationDoc,
  type LocationInsights,
  type LocationKeywordsDoc,
  type LocationMetricsDoc,
  type MetricSeries,
} from '@locus/contracts';
import type { Clock, ReadModels } from '@locus/platform';
import type { ReviewsSource } from './reviews-source';
import type { InsightsScope } from './scope';
import { dailyTotals, daySeries, monthsOf, shareSeries, windowOf } from './series';

const DAY_MS = 86_400_000;
/** Companies whose sorted missing-email list is kept. */
const MISSING_CACHE_COMPANIES = 500;
/** Failed imports the dashboard lists (the count covers them all). */
const LISTED_FAILURES = 50;
const failureOf = (d: DashboardLocationDoc) => ({ Id: d._id, Title: d.title, FailedAt: d.importAt ?? '', Message: d.importError ?? '' });
const round2 = (n: number) => Math.round(n * 100) / 100;

/** The dashboard's and the details page's figures, read from the insights read models. */
export function createInsightsReader(deps: { readModels: ReadModels; clock: Clock }, reviews: ReviewsSource) {
  const locationMetrics = () => deps.readModels.collection<LocationMetricsDoc>(LOCATION_METRICS_COLLECTION);
  const companyMetrics = () => deps.readModels.collection<CompanyMetricsDoc>(COMPANY_METRICS_COLLECTION);
  const dashboardLocations = () => deps.readModels.collection<DashboardLocationDoc>(DASHBOARD_LOCATIONS_COLLECTION);
  const companySums = () => deps.readModels.collection<DashboardCompanyDoc>(DASHBOARD_COMPANIES_COLLECTION);
  /** companyId → the missing-email list sorted by title, with the sums document's version it came from (most recent companies last). */
  const sortedMissing = new Map<string, { changedAt: number; list: { Id: string; Title: string }[] }>();

  /** The scope's month documents over a window: the company's totals, or each location's. */
  async function monthDocs(scope: InsightsScope, days: readonly string[]) {
    const { first, last } = monthsOf(days);
    const month = { $gte: first, $lte: last };
    if (scope.locationIds === null) return companyMetrics().find({ companyId: scope.companyId, month });
    if (scope.locationIds.length === 0) return [];
    if (scope.locationIds.length === 1) return locationMetrics().find({ locationId: scope.locationIds[0], month });
    return locationMetrics().find({ companyId: scope.companyId, locationId: { $in: scope.locationIds }, month });
  }

  async function series(scope: InsightsScope, metrics: readonly DailyMetricName[], durationDays: number): Promise<MetricSeries[]> {
    const days = windowOf(deps.clock.now(), durationDays);
    const totals = dailyTotals(await monthDocs(scope, days), metrics, days);
    return metrics.map((metric) => daySeries(metric, days, totals.get(metric)!));
  }

  async function reviewsGrowth(scope: InsightsScope, durationDays: number): Promise<MetricSeries> {
    const days = windowOf(deps.clock.now(), durationDays);
    return daySeries('REVIEWS', days, await reviews.receivedPerDay(scope, days));
  }

  /**
   * The company's locations without a primary email, by title, read through the
   * (companyId, missingEmail, titleSort) index once per version of the sums document
   * (`changedAt`: the position of the last event that changed any of the company's dashboard
   * locations) and kept for the next calls: reading a thousand location documents on every
   * dashboard call was most of its CPU.
   */
  async function missingEmailList(companyId: string, changedAt: number): Promise<{ Id: string; Title: string }[]> {
    const cached = sortedMissing.get(companyId);
    if (cached && typeof changedAt === 'number' && cached.changedAt === changedAt) return cached.list;
    const docs = await dashboardLocations().find({ companyId, missingEmail: 1 }, { sort: { titleSort: 1, _id: 1 }, projection: { _id: 1, title: 1 } });
    const list = docs.map((d) => ({ Id: d._id, Title: String(d.title ?? '') }));
    sortedMissing.delete(companyId);
    if (sortedMissing.size >= MISSING_CACHE_COMPANIES) sortedMissing.delete(sortedMissing.keys().next().value!);
    if (typeof changedAt === 'number') sortedMissing.set(companyId, { changedAt, list });
    return list;
  }

  /** Tiles: the company's sums, or (some locations) the sums of theirs. */
  async function tiles(scope: InsightsScope, withMissingEmail: boolean) {
    const since = new Date(deps.clock.now().getTime() - DAY_MS).toISOString();
    if (scope.locationIds === null) {
      const { companyId } = scope;
      const [sums, synced] = await Promise.all([
        companySums().findOne({ _id: companyId }),
        dashboardLocations().countDocuments({ companyId, lastSyncDate: { $gte: since } }),
      ]);
      const failedCount = sums?.importFailed ?? 0;
      const [missing, failed] = await Promise.all([
        withMissingEmail && sums && sums.missingEmail > 0 ? missingEmailList(companyId, sums.changedAt) : [],
        failedCount > 0 ? dashboardLocations().find({ companyId, importFailed: 1 }, { sort: { importAt: -1 }, limit: LISTED_FAILURES }) : [],
      ]);
      return {
        active: sums?.active ?? 0,
        synced,
        reviewCount: sums?.reviewCount ?? 0,
        average: sums && sums.ratedReviews > 0 ? round2(sums.ratingWeight / sums.ratedReviews) : 0,
        missing,
        failures: { Count: failedCount, Locations: failed.map(failureOf) },
      };
    }
    const docs = scope.locationIds.length
      ? await dashboardLocations().find({ companyId: scope.companyId, _id: { $in: scope.locationIds } }, { sort: { titleSort: 1, _id: 1 } })
      : [];
    let weight = 0;
    let rated = 0;
    for (const d of docs) {
      if (d.rating !== null && d.reviewCount > 0) {
        weight += d.rating * d.reviewCount;
        rated += d.reviewCount;
      }
    }
    return {
      active: docs.reduce((n, d) => n + d.active, 0),
      synced: docs.filter((d) => d.lastSyncDate !== null && d.lastSyncDate >= since).length,
      reviewCount: docs.reduce((n, d) => n + d.reviewCount, 0),
      average: rated > 0 ? round2(weight / rated) : 0,
      missing: withMissingEmail ? docs.filter((d) => d.missingEmail === 1).map((d) => ({ Id: d._id, Title: String(d.title ?? '') })) : [],
      failures: failuresOf(docs.filter((d) => d.importFailed === 1)),
    };
  }

  function failuresOf(failed: DashboardLocationDoc[]) {
    const latest = [...failed].sort((a, b) => ((a.importAt ?? '') < (b.importAt ?? '') ? 1 : -1));
    return { Count: failed.length, Locations: latest.slice(0, LISTED_FAILURES).map(failureOf) };
  }

  async function dashboard(scope: InsightsScope, options: { durationDays: number; charts: boolean; withMissingEmail: boolean }): Promise<DashboardData> {
    const metrics: DailyMetricName[] = [...IMPRESSION_METRICS, 'CALL_CLICKS', 'WEBSITE_CLICKS', 'BUSINESS_DIRECTION_REQUESTS'];
    const [t, unresponded, charts] = await Promise.all([
      tiles(scope, options.withMissingEmail),
      reviews.unresponded(scope),
      options.charts
        ? (async () => {
            const days = windowOf(deps.clock.now(), options.durationDays);
            const totals = dailyTotals(await monthDocs(scope, days), metrics, days);
            const impressions = new Map(IMPRESSION_METRICS.map((m) => [m, totals.get(m)!] as const));
            return {
              views: shareSeries('BUSINESS_IMPRESSIONS', impressions),
              calls: daySeries('CALL_CLICKS', days, totals.get('CALL_CLICKS')!),
              website: daySeries('WEBSITE_CLICKS', days, totals.get('WEBSITE_CLICKS')!),
              directions: daySeries('BUSINESS_DIRECTION_REQUESTS', days, totals.get('BUSINESS_DIRECTION_REQUESTS')!),
              reviews: await reviewsGrowth(scope, options.durationDays),
            };
          })()
        : Promise.resolve(null),
    ]);
    return {
      TotalLocations: t.active,
      TotalLocationsSynchronizedInLastDay: t.synced,
      TotalLocationsReviews: t.reviewCount,
      AverageLocationsRating: t.average,
      TotalUnrespondedLocationsReviews: unresponded,
      LocationsWithoutPrimaryEmail: t.missing,
      BusinessProfileViewsInsightsData: charts?.views ?? null,
      CallsMadeMetricSeriesData: charts?.calls ?? null,
      WebsiteClicksMetricSeriesData: charts?.website ?? null,
      DirectionsMetricSeriesData: charts?.directions ?? null,
      NumberOfReviewsOverTime: charts?.reviews ?? null,
      InsightsImportFailures: t.failures,
    };
  }

  /** The details response's insights: website clicks of the default window and the top search keywords. */
  async function locationInsights(companyId: string, locationId: string): Promise<LocationInsights> {
    const scope = { companyId, locationIds: [locationId] };
    const [[website], keywords, facts] = await Promise.all([
      series(scope, ['WEBSITE_CLICKS'], DEFAULT_INSIGHTS_DAYS),
      deps.readModels.collection<LocationKeywordsDoc>(LOCATION_KEYWORDS_COLLECTION).findOne({ _id: locationId, companyId }),
      dashboardLocations().findOne({ _id: locationId, companyId }),
    ]);
    const top = (keywords?.keywords ?? []).slice(0, TOP_KEYWORDS);
    return {
      WebsiteClicksMetricSeriesData: website!,
      SearchKeywords: top,
      SearchKeywordsTotal: top.reduce((n, k) => n + k.Value, 0),
      SearchKeywordsPeriod: keywords ? { FromMonth: keywords.fromMonth, ToMonth: keywords.toMonth } : null,
      ImportState: facts?.importAt
        ? {
            Status: facts.importFailed === 1 ? 'Failed' : 'Imported',
            At: facts.importAt,
            Message: facts.importFailed === 1 ? facts.importError : null,
            LastImportedAt: facts.importedAt ?? null,
          }
        : null,
    };
  }

  return { dashboard, series, reviewsGrowth, locationInsights };
}
export type InsightsReader = ReturnType<typeof createInsightsReader>;
