import type { ReadModels } from '@locus/platform';
import type { InsightsScope } from './scope';

/**
 * The one place the dashboard reads reviews. Until the reviews read model is part of Locus, the
 * review count and average come from Google's figures on each location (import, publish, sync;
 * kept in `dashboard-locations` by the insights projection), and the unresponded count and the
 * growth by day are zero. Wiring the reviews read model in changes this module only.
 */
export function createReviewsSource(_readModels: ReadModels) {
  return {
    /** Reviews not replied to yet, over the scope. */
    async unresponded(_scope: InsightsScope): Promise<number> {
      return 0;
    },
    /** Reviews received on each of `days`. */
    async receivedPerDay(_scope: InsightsScope, days: readonly string[]): Promise<number[]> {
      return days.map(() => 0);
    },
  };
}
export type ReviewsSource = ReturnType<typeof createReviewsSource>;
