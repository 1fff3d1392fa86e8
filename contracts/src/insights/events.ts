import { z } from 'zod';
import { DAILY_METRICS } from './metrics';

const Month = z.string().regex(/^\d{4}-\d{2}$/);
const Counts = z.array(z.number().int().nonnegative());

/**
 * One location's daily metrics for the days `firstDay`..`firstDay + n - 1` of one month, as
 * Google answered them (a value per metric per day; absent days are 0). Later imports of the
 * same days replace earlier ones: the projection keeps one value per location, metric and day.
 */
export const LocationMetricsImportedSchema = z.object({
  locationId: z.string(),
  companyId: z.string(),
  month: Month,
  firstDay: z.number().int().min(1).max(31),
  values: z.partialRecord(z.enum(DAILY_METRICS), Counts),
  importedAt: z.string(),
});

export const SearchKeywordCountSchema = z.object({ SearchKeyword: z.string(), Value: z.number().int().nonnegative() });

/** The location's search keywords over `fromMonth`..`toMonth` (Google's monthly report, summed). */
export const LocationSearchKeywordsImportedSchema = z.object({
  locationId: z.string(),
  companyId: z.string(),
  fromMonth: Month,
  toMonth: Month,
  keywords: z.array(SearchKeywordCountSchema),
  importedAt: z.string(),
});

export const LocationInsightsImportFailedSchema = z.object({
  locationId: z.string(),
  companyId: z.string(),
  code: z.string(),
  message: z.string(),
  /** When the import gave up (absent in events written before it was recorded: the event's time). */
  failedAt: z.string().optional(),
});

/** The daily refresh of every published location's insights is due (one stream per day). */
export const InsightsDailyRefreshDueSchema = z.object({ day: z.string() });

export const insightsEventSchemas = {
  LocationMetricsImported: LocationMetricsImportedSchema,
  LocationSearchKeywordsImported: LocationSearchKeywordsImportedSchema,
  LocationInsightsImportFailed: LocationInsightsImportFailedSchema,
  InsightsDailyRefreshDue: InsightsDailyRefreshDueSchema,
} as const;

type EventsOf<S extends Record<string, z.ZodType>> = { [K in keyof S]: { type: K; data: z.infer<S[K]> } }[keyof S];
export type InsightsEvent = EventsOf<typeof insightsEventSchemas>;

export const insightsStream = (locationId: string) => `insights-${locationId}`;
export const insightsDailyStream = (day: string) => `insights-daily-${day}`;
