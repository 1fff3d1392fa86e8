import type { DailyMetricName } from './metrics';

/**
 * Read models of insights (projectors/src/insights), compact by design: the dashboard of a
 * company with 10,000 locations over 365 days reads 13 company-month documents.
 * - `location-metrics`: a document per location per month (`<locationId>:<YYYY-MM>`).
 * - `company-metrics`: the company's daily totals per month (`<companyId>:<YYYY-MM>`), kept by
 *   the projection from the changes of the location documents.
 * - `location-keywords`: a location's search keywords (`<locationId>`).
 * - `dashboard-locations`: what the dashboard tiles count, per location (`<locationId>`).
 * - `dashboard-companies`: the company's sums of those (`<companyId>`).
 */
export const LOCATION_METRICS_COLLECTION = 'location-metrics';
export const COMPANY_METRICS_COLLECTION = 'company-metrics';
export const LOCATION_KEYWORDS_COLLECTION = 'location-keywords';
export const DASHBOARD_LOCATIONS_COLLECTION = 'dashboard-locations';
export const DASHBOARD_COMPANIES_COLLECTION = 'dashboard-companies';

/** Per metric, one count per day of the month (index 0 = day 1). */
export type MonthSeries = Partial<Record<DailyMetricName, number[]>>;

export interface LocationMetricsDoc {
  _id: string;
  companyId: string;
  locationId: string;
  month: string;
  m: MonthSeries;
  [key: string]: unknown;
}

export interface CompanyMetricsDoc {
  _id: string;
  companyId: string;
  month: string;
  m: MonthSeries;
  [key: string]: unknown;
}

export interface LocationKeywordsDoc {
  _id: string;
  companyId: string;
  locationId: string;
  fromMonth: string;
  toMonth: string;
  /** Highest first. */
  keywords: { SearchKeyword: string; Value: number }[];
  [key: string]: unknown;
}

export interface DashboardLocationDoc {
  _id: string;
  companyId: string;
  title: string;
  titleSort: string;
  /** 1 when published on Google and open (numbers, not booleans: the embedded store indexes them). */
  active: number;
  /** 1 when the location has no primary email. */
  missingEmail: number;
  lastSyncDate: string | null;
  /** Google's review count and average rating of the location (from import, publish, sync). */
  reviewCount: number;
  rating: number | null;
  /** 1 when the location's last insights import failed (a number: the embedded store indexes it). */
  importFailed: number;
  /** When the last insights import ended, succeeded or failed (null: none yet). */
  importAt: string | null;
  /** When the last one that succeeded ended. */
  importedAt: string | null;
  /** Google's reason (or the failure's message) when the last import failed. */
  importError: string | null;
  [key: string]: unknown;
}

export interface DashboardCompanyDoc {
  _id: string;
  companyId: string;
  locations: number;
  active: number;
  missingEmail: number;
  reviewCount: number;
  /** Sum of rating × review count over rated locations (the average is this / ratedReviews). */
  ratingWeight: number;
  ratedReviews: number;
  /** Locations whose last insights import failed. */
  importFailed: number;
  /**
   * Position of the last event that changed this document (any of the company's locations):
   * what the query side keys its copy of the missing-email list by.
   */
  changedAt: number;
  [key: string]: unknown;
}
