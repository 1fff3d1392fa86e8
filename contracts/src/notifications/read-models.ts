import type { DigestFrequency } from './events';

/**
 * `notification-preferences` (projectors/src/notifications): one document per user who set
 * preferences; a user without one gets no mail.
 */
export const NOTIFICATION_PREFERENCES_COLLECTION = 'notification-preferences';

export interface NotificationPreferencesDoc {
  _id: string;
  userId: string;
  companyId: string;
  alertMaxStars: number | null;
  digest: DigestFrequency;
  /** When the unsubscribe link last turned everything off (null: never, or set again since). */
  unsubscribedAt: string | null;
  updatedAt: string;
  /** When alerts were last turned on (from off): older reviews (an import's history) alert nobody. */
  alertsSince: string | null;
  /** When the digest was last turned on or its frequency changed: the first digest is of the first period ending after it. */
  digestSince: string | null;
  /** The last digest mailed (its period's end, ISO) and its frequency. */
  lastDigestAt: string | null;
  lastDigestFrequency: 'daily' | 'weekly' | null;
  [key: string]: unknown;
}
