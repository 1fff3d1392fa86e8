import {
  DASHBOARD_INSIGHTS_DAYS,
  DEFAULT_INSIGHTS_DAYS,
  INSIGHTS_DURATIONS,
  METRIC_COLOURS,
  METRIC_DISPLAY_NAMES,
  TOP_KEYWORDS,
  insightsMessages,
} from '@locus/contracts';

export { DASHBOARD_INSIGHTS_DAYS, DEFAULT_INSIGHTS_DAYS, INSIGHTS_DURATIONS, METRIC_COLOURS, METRIC_DISPLAY_NAMES, TOP_KEYWORDS };

/** Missing-email dialog: 10 rows per page (spec part 1 §9). */
export const MISSING_EMAIL_PAGE_SIZE = 10;

/** Dashboard and details insight texts (spec part 1 §2 Dashboard, part 2 §2 Location details). */
export const insightsTexts = {
  ...insightsMessages,
  dashboard: 'Dashboard',
  activeLocations: 'Active Business Locations',
  syncedLocations: 'Locations Synched (24 hrs)',
  googleBusiness: 'Google Business',
  totalReviews: 'Total Reviews',
  averageRating: 'Average Rating',
  unresponded: 'Unresponded Google Reviews',
  profileViewers: 'Profile viewers by platform and device',
  calls: 'Calls',
  websiteClicks: 'Website clicks',
  directions: 'Direction requests',
  reviewGrowth: 'Review growth',
  reviewsSeries: 'Reviews',
  duration: 'Duration',
  search: 'Search',
  clear: 'Clear',
  title: 'Title',
  storeCode: 'Store Code',
  address: 'Address',
  close: 'Close',
  noLocations: 'No location(s) found.',
  noData: 'No data for this period.',
  loadFailed: 'The chart could not be loaded.',
  phoneCallsByDay: 'Phone calls by day of week',
  discovery: 'How people discovered you',
  customerActions: 'Customer actions',
  keywords: 'Keyword search breakdown',
  keyword: 'Search keyword',
  searches: 'Searches',
  total: 'Total',
  noKeywords: 'No search keywords reported yet.',
  keywordsPeriod: (from: string, to: string) => `Top ${TOP_KEYWORDS} keywords, ${from} to ${to}`,
  importFailedTitle: 'Google did not give the insights',
  importFailures: (n: number) =>
    n === 1
      ? 'The last insights import of 1 location failed: its charts stop at its last successful import.'
      : `The last insights import of ${n} locations failed: their charts stop at their last successful import.`,
  importFailuresMore: (n: number) => `and ${n} more`,
  importFailedAt: (at: string, message: string) => `The last insights import (${at}) failed: ${message}`,
  importLastSucceeded: (at: string) => `The figures below are from the last successful import, ${at}.`,
  importNeverSucceeded: 'No insights have been read from Google for this location yet.',
} as const;

/** Days of the week from Monday (spec part 1 §9: Sunday 0 to Saturday 6, sorted from Monday). */
export const WEEKDAYS_FROM_MONDAY = [
  { index: 1, label: 'Mon' },
  { index: 2, label: 'Tue' },
  { index: 3, label: 'Wed' },
  { index: 4, label: 'Thu' },
  { index: 5, label: 'Fri' },
  { index: 6, label: 'Sat' },
  { index: 0, label: 'Sun' },
] as const;
