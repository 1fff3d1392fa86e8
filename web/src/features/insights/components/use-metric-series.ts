import type { DailyMetricName } from '@locus/contracts';
import { useMetricsInsightsQuery, useReviewsGrowthQuery, type MetricSeries } from '../api/insights-api';

/**
 * The series of `metrics` over `days`: what the page already holds for its first window
 * (`preloaded`, e.g. the dashboard call's 180 days), otherwise asked for with metrics-insights.
 */
export function useMetricSeries(options: {
  metrics: DailyMetricName[];
  days: number;
  locationId?: string;
  /** One of the company's location groups (dashboard). */
  groupId?: string;
  preloaded?: { days: number; series: (MetricSeries | null)[] } | null;
  skip?: boolean;
}): { series: MetricSeries[] | null; loading: boolean; failed: boolean } {
  const { metrics, days, locationId, groupId, preloaded, skip } = options;
  const usePreloaded = Boolean(preloaded && preloaded.days === days && preloaded.series.every((s) => s !== null));
  const query = useMetricsInsightsQuery(
    { InsightsDurationDays: days, Metric: metrics, LocationId: locationId ?? null, GroupId: groupId || null },
    { skip: usePreloaded || skip },
  );
  if (usePreloaded) return { series: preloaded!.series as MetricSeries[], loading: false, failed: false };
  return { series: query.data ?? null, loading: query.isLoading || (query.isFetching && !query.data), failed: query.isError };
}

export function useReviewGrowthSeries(options: {
  days: number;
  locationId?: string;
  groupId?: string;
  preloaded?: { days: number; series: MetricSeries | null } | null;
}) {
  const { days, locationId, groupId, preloaded } = options;
  const usePreloaded = Boolean(preloaded && preloaded.days === days && preloaded.series);
  const query = useReviewsGrowthQuery({ InsightsDurationDays: days, LocationId: locationId ?? null, GroupId: groupId || null }, { skip: usePreloaded });
  if (usePreloaded) return { series: preloaded!.series, loading: false, failed: false };
  return { series: query.data ?? null, loading: query.isLoading || (query.isFetching && !query.data), failed: query.isError };
}

export const seriesTotal = (s: MetricSeries | null | undefined): number => (s ? s.SeriesValues.reduce((n, p) => n + p.Value, 0) : 0);
