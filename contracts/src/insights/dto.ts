import { z } from 'zod';
import { DAILY_METRICS, INSIGHTS_DURATIONS } from './metrics';
import { SearchKeywordCountSchema } from './events';

const DURATION_DAYS = INSIGHTS_DURATIONS.map((d) => d.days);
const durationMessage = `InsightsDurationDays must be one of ${DURATION_DAYS.join(', ')}`;

/** 7, 30, 90, 180 or 365 (spec part 1 §9), from a number or a path segment. */
export const DurationDaysSchema = z.coerce
  .number({ error: durationMessage })
  .int(durationMessage)
  .refine((n) => (DURATION_DAYS as readonly number[]).includes(n), durationMessage);

/** Spec part 1 §3 Metric series: Metric and SeriesValues (Label, Value, DataPointLabel). */
export const SeriesValueSchema = z.object({
  /** The day (`YYYY-MM-DD`), or the name of a share in a doughnut. */
  Label: z.string(),
  Value: z.number(),
  /** What a chart shows for the point: `Nov 23` for a day, the display name for a share. */
  DataPointLabel: z.string(),
});
export const MetricSeriesSchema = z.object({ Metric: z.string(), SeriesValues: z.array(SeriesValueSchema) });
export type MetricSeries = z.infer<typeof MetricSeriesSchema>;

export const LocationWithoutEmailSchema = z.object({ Id: z.string(), Title: z.string() });

/**
 * A location whose last insights import failed: when, and Google's reason (or the failure's
 * message), so the dashboard says so instead of showing zeros.
 */
export const InsightsImportFailureSchema = z.object({ Id: z.string(), Title: z.string(), FailedAt: z.string(), Message: z.string() });

/** Spec part 1 §3 Dashboard data. */
export const DashboardDataSchema = z.object({
  TotalLocations: z.number().int(),
  TotalLocationsSynchronizedInLastDay: z.number().int(),
  TotalLocationsReviews: z.number().int(),
  /** Two decimals. */
  AverageLocationsRating: z.number(),
  TotalUnrespondedLocationsReviews: z.number().int(),
  LocationsWithoutPrimaryEmail: z.array(LocationWithoutEmailSchema),
  BusinessProfileViewsInsightsData: MetricSeriesSchema.nullable(),
  CallsMadeMetricSeriesData: MetricSeriesSchema.nullable(),
  WebsiteClicksMetricSeriesData: MetricSeriesSchema.nullable(),
  DirectionsMetricSeriesData: MetricSeriesSchema.nullable(),
  NumberOfReviewsOverTime: MetricSeriesSchema.nullable(),
  /** Locations of the scope whose last insights import failed (Count), the most recent first (at most 50 listed). */
  InsightsImportFailures: z.object({ Count: z.number().int(), Locations: z.array(InsightsImportFailureSchema) }),
});
export type DashboardData = z.infer<typeof DashboardDataSchema>;

export const DashboardFetchParamsSchema = z.object({
  durationDays: DurationDaysSchema,
  /** true: tiles and charts; false: the tiles only. */
  flag: z.enum(['true', 'false'], { error: 'flag must be true or false' }).transform((v) => v === 'true'),
});

/** One of the company's location groups: the dashboard counts only its locations. */
const OptionalGroupId = z.string().trim().max(200, 'GroupId is too long').nullable().optional();
export const GroupQuerySchema = z.object({ groupId: z.string().trim().max(200, 'groupId is too long').optional() });

const OptionalLocationId = z
  .string()
  .trim()
  .max(100, 'LocationId is too long')
  .nullish()
  .transform((v) => (v ? v : null));

export const MetricsInsightsBodySchema = z.object({
  InsightsDurationDays: DurationDaysSchema,
  Metric: z
    .array(z.enum(DAILY_METRICS, { error: `Metric must be one of ${DAILY_METRICS.join(', ')}` }), { error: 'Metric is required' })
    .min(1, 'Metric is required')
    .max(DAILY_METRICS.length, 'Metric lists too many metrics'),
  /** One location of the caller's company; absent: every location the caller sees. */
  LocationId: OptionalLocationId,
  GroupId: OptionalGroupId,
});

export const ReviewsGrowthBodySchema = z.object({ InsightsDurationDays: DurationDaysSchema, LocationId: OptionalLocationId, GroupId: OptionalGroupId });

/** Spec part 2 §3: the details response's LocationInsights. */
export const LocationInsightsSchema = z.object({
  WebsiteClicksMetricSeriesData: MetricSeriesSchema,
  /** The top 10 search keywords (spec part 2 §9) of the last months Google reported. */
  SearchKeywords: z.array(SearchKeywordCountSchema),
  SearchKeywordsTotal: z.number().int(),
  SearchKeywordsPeriod: z.object({ FromMonth: z.string(), ToMonth: z.string() }).nullable(),
  /**
   * The location's last insights import (null: none yet): Failed with Google's reason, or
   * Imported; LastImportedAt is the last one that succeeded (the figures shown are from it).
   */
  ImportState: z
    .object({
      Status: z.enum(['Imported', 'Failed']),
      At: z.string(),
      Message: z.string().nullable(),
      LastImportedAt: z.string().nullable(),
    })
    .nullable(),
});
export type LocationInsights = z.infer<typeof LocationInsightsSchema>;
