import { z } from 'zod';

/**
 * A user's mail notifications: preferences, a one-click unsubscribe, and the digests mailed, all
 * on `notifications-<userId>`; the low-rating alerts mailed for a review on
 * `review-alerts-<reviewId>` (one event per recipient: the outcome that makes the alert once).
 */
export const notificationsStream = (userId: string) => `notifications-${userId}`;
export const reviewAlertsStream = (reviewId: string) => `review-alerts-${reviewId}`;

export const DIGEST_FREQUENCIES = ['off', 'daily', 'weekly'] as const;
export const DigestFrequencySchema = z.enum(DIGEST_FREQUENCIES, { error: "Digest must be 'off', 'daily' or 'weekly'" });
export type DigestFrequency = z.infer<typeof DigestFrequencySchema>;

export const NotificationPreferencesSetSchema = z.object({
  userId: z.string(),
  companyId: z.string(),
  /** Mail a new review at or below this many stars at once; null: no alerts. */
  alertMaxStars: z.number().int().min(1).max(5).nullable(),
  digest: DigestFrequencySchema,
});

/** The unsubscribe link from a mail was used: no more alerts or digests until the user sets them again. */
export const NotificationsUnsubscribedSchema = z.object({
  userId: z.string(),
  companyId: z.string(),
  /** What the mail with the link was. */
  from: z.enum(['alert', 'digest']),
});

export const ReviewAlertMailedSchema = z.object({
  reviewId: z.string(),
  companyId: z.string(),
  locationId: z.string(),
  userId: z.string(),
  email: z.string(),
  starRating: z.number().int(),
});

export const DigestCountsSchema = z.object({
  newReviews: z.number().int(),
  unanswered: z.number().int(),
  averageRating: z.number().nullable(),
  previousAverageRating: z.number().nullable(),
});
export type DigestCounts = z.infer<typeof DigestCountsSchema>;

export const ReviewDigestMailedSchema = z.object({
  userId: z.string(),
  companyId: z.string(),
  email: z.string(),
  frequency: z.enum(['daily', 'weekly']),
  /** The period covered, [start, end) in UTC; one digest per user and period. */
  periodStart: z.string(),
  periodEnd: z.string(),
  totals: DigestCountsSchema,
});

export const notificationEventSchemas = {
  NotificationPreferencesSet: NotificationPreferencesSetSchema,
  NotificationsUnsubscribed: NotificationsUnsubscribedSchema,
  ReviewDigestMailed: ReviewDigestMailedSchema,
} as const;
export const reviewAlertEventSchemas = { ReviewAlertMailed: ReviewAlertMailedSchema } as const;

type Schemas = typeof notificationEventSchemas;
export type NotificationEventType = keyof Schemas;
export type NotificationEvent = { [K in NotificationEventType]: { type: K; data: z.infer<Schemas[K]> } }[NotificationEventType];
export type ReviewAlertEvent = { type: 'ReviewAlertMailed'; data: z.infer<typeof ReviewAlertMailedSchema> };
export const notificationEventTypes = Object.keys(notificationEventSchemas) as NotificationEventType[];
