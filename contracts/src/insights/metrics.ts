/** The daily metrics Locus imports from the Business Profile Performance API (spec part 1 §3 Daily metrics). */
export const DAILY_METRICS = [
  'BUSINESS_IMPRESSIONS_DESKTOP_MAPS',
  'BUSINESS_IMPRESSIONS_DESKTOP_SEARCH',
  'BUSINESS_IMPRESSIONS_MOBILE_MAPS',
  'BUSINESS_IMPRESSIONS_MOBILE_SEARCH',
  'BUSINESS_CONVERSATIONS',
  'BUSINESS_DIRECTION_REQUESTS',
  'CALL_CLICKS',
  'WEBSITE_CLICKS',
  'BUSINESS_BOOKINGS',
  'BUSINESS_FOOD_ORDERS',
  'BUSINESS_FOOD_MENU_CLICKS',
] as const;
export type DailyMetricName = (typeof DAILY_METRICS)[number];

/** The four impression metrics: profile viewers by platform and device. */
export const IMPRESSION_METRICS = [
  'BUSINESS_IMPRESSIONS_DESKTOP_MAPS',
  'BUSINESS_IMPRESSIONS_MOBILE_MAPS',
  'BUSINESS_IMPRESSIONS_DESKTOP_SEARCH',
  'BUSINESS_IMPRESSIONS_MOBILE_SEARCH',
] as const satisfies readonly DailyMetricName[];

/** Spec part 1 §9: metric display names ('Google Maps - desktop', 'Google Search - mobile', ...). */
export const METRIC_DISPLAY_NAMES: Record<DailyMetricName, string> = {
  BUSINESS_IMPRESSIONS_DESKTOP_MAPS: 'Google Maps - desktop',
  BUSINESS_IMPRESSIONS_DESKTOP_SEARCH: 'Google Search - desktop',
  BUSINESS_IMPRESSIONS_MOBILE_MAPS: 'Google Maps - mobile',
  BUSINESS_IMPRESSIONS_MOBILE_SEARCH: 'Google Search - mobile',
  BUSINESS_CONVERSATIONS: 'Conversations',
  BUSINESS_DIRECTION_REQUESTS: 'Direction requests',
  CALL_CLICKS: 'Calls',
  WEBSITE_CLICKS: 'Website clicks',
  BUSINESS_BOOKINGS: 'Bookings',
  BUSINESS_FOOD_ORDERS: 'Food orders',
  BUSINESS_FOOD_MENU_CLICKS: 'Food menu clicks',
};

/** Spec part 1 §9: chart colours fixed per series. */
export const METRIC_COLOURS: Record<DailyMetricName | 'REVIEWS', string> = {
  BUSINESS_IMPRESSIONS_DESKTOP_MAPS: '#2d72d2',
  BUSINESS_IMPRESSIONS_DESKTOP_SEARCH: '#238551',
  BUSINESS_IMPRESSIONS_MOBILE_MAPS: '#c87619',
  BUSINESS_IMPRESSIONS_MOBILE_SEARCH: '#7961db',
  BUSINESS_CONVERSATIONS: '#00a396',
  BUSINESS_DIRECTION_REQUESTS: '#cd4246',
  CALL_CLICKS: '#2d72d2',
  WEBSITE_CLICKS: '#238551',
  BUSINESS_BOOKINGS: '#d1980b',
  BUSINESS_FOOD_ORDERS: '#db2c6f',
  BUSINESS_FOOD_MENU_CLICKS: '#8f398f',
  REVIEWS: '#c87619',
};

/** Spec part 1 §9: insights durations. */
export const INSIGHTS_DURATIONS = [
  { days: 7, label: '1 Week' },
  { days: 30, label: '1 Month' },
  { days: 90, label: '3 Months' },
  { days: 180, label: '6 Months' },
  { days: 365, label: '1 Year' },
] as const;
export type InsightsDurationDays = (typeof INSIGHTS_DURATIONS)[number]['days'];
export const DEFAULT_INSIGHTS_DAYS = 90;
export const DASHBOARD_INSIGHTS_DAYS = 180;
export const TOP_KEYWORDS = 10;
/** Days of metrics an import reads: a year back plus the month it starts in. */
export const IMPORT_HISTORY_DAYS = 400;
/** Days a sync or the daily refresh reads again (Google revises recent days). */
export const REFRESH_DAYS = 35;
/** Months of search keywords an import reads (Google reports them by month). */
export const KEYWORD_MONTHS = 3;

/** `YYYY-MM-DD` of a UTC day. */
export const isoDay = (d: Date): string => d.toISOString().slice(0, 10);
/** Days in the month `YYYY-MM`. */
export const daysInMonth = (month: string): number => {
  const [y, m] = month.split('-').map(Number);
  return new Date(Date.UTC(y!, m!, 0)).getUTCDate();
};
