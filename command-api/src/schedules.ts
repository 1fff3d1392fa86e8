import type { ScheduleFeature } from './kit';
import { insightsSchedules } from './insights';
import { notificationsSchedules } from './notifications';
import { reviewsAiSchedules } from './reviews-ai';
import { reviewsSchedules } from './reviews';
import { templatesSchedules } from './templates';

/**
 * The schedule manifest: work due by time, one line per feature. The all-in-one launcher and
 * the reactor worker run exactly these on the kit's scheduler (kit/every.ts), each under a
 * lease, so however many processes run them each ticks once per interval.
 */
export const scheduleFeatures: ScheduleFeature[] = [
  (deps) => reviewsSchedules(deps),
  (deps) => templatesSchedules(deps),
  (deps) => insightsSchedules(deps),
  notificationsSchedules,
  reviewsAiSchedules,
];
