import { z } from 'zod';
import { defineRoute } from '../routes/route-def';
import { SuccessMessageSchema, successEnvelope } from '../routes/envelope';
import { DigestFrequencySchema } from './events';

export const NotificationPreferencesSchema = z.object({
  /** Alert at once for a new review at or below this many stars; null: no alerts. */
  AlertMaxStars: z.number().int().min(1).max(5).nullable(),
  Digest: DigestFrequencySchema,
  /** When the unsubscribe link of a mail last turned everything off (null: never). */
  UnsubscribedAt: z.string().nullable(),
  LastDigestAt: z.string().nullable(),
});
export type NotificationPreferences = z.infer<typeof NotificationPreferencesSchema>;

export const SaveNotificationPreferencesBodySchema = z.object({
  AlertMaxStars: z
    .number({ error: 'Alert rating must be a number of stars from 1 to 5' })
    .int('Alert rating must be a number of stars from 1 to 5')
    .min(1, 'Alert rating must be a number of stars from 1 to 5')
    .max(5, 'Alert rating must be a number of stars from 1 to 5')
    .nullable(),
  Digest: DigestFrequencySchema,
});

export const getNotificationPreferencesRoute = defineRoute({
  name: 'notifications.get',
  method: 'GET',
  path: '/api/profile/notifications',
  kind: 'query',
  roles: ['CompanyAdmin', 'CompanyUser'],
  summary: "The signed-in user's mail notifications",
  description:
    'Low-rating alerts (a new review at or below `AlertMaxStars` on the locations the user acts on; every location for company admins) and the review digest (daily or weekly). A user who never set them gets none.',
  response: successEnvelope(NotificationPreferencesSchema),
});

export const saveNotificationPreferencesRoute = defineRoute({
  name: 'notifications.save',
  method: 'PUT',
  path: '/api/profile/notifications',
  kind: 'command',
  roles: ['CompanyAdmin', 'CompanyUser'],
  summary: "Set the signed-in user's mail notifications",
  description:
    'Sets both: `AlertMaxStars` (1–5, or null for no alerts) and `Digest` (`off`, `daily` or `weekly`). Setting them again after an unsubscribe turns the mail back on.',
  request: { body: SaveNotificationPreferencesBodySchema },
  response: SuccessMessageSchema,
});

const TokenParams = z.object({ token: z.string().min(1, 'token is required') });

export const unsubscribeByLinkRoute = defineRoute({
  name: 'notifications.unsubscribe',
  method: 'POST',
  path: '/api/notifications/unsubscribe/:token',
  kind: 'command',
  roles: ['Anonymous'],
  summary: 'One-click unsubscribe (List-Unsubscribe-Post) with the signed link of a notification mail',
  description:
    'The `List-Unsubscribe` link of every alert and digest mail; no sign-in needed. Turns off the alerts and the digest of the user the link was mailed to. Using it twice is harmless.',
  request: { params: TokenParams },
  response: SuccessMessageSchema,
});

export const unsubscribeByLinkPageRoute = defineRoute({
  name: 'notifications.unsubscribeFromMail',
  method: 'GET',
  path: '/api/notifications/unsubscribe/:token',
  kind: 'command',
  roles: ['Anonymous'],
  summary: 'Unsubscribe by opening the link in a notification mail',
  description: 'The same as the POST, for a mail client that opens the link: turns off the alerts and the digest and answers a short HTML page saying so.',
  answers: { media: ['text/html'] },
  request: { params: TokenParams },
});

export const notificationRoutes = [
  getNotificationPreferencesRoute,
  saveNotificationPreferencesRoute,
  unsubscribeByLinkRoute,
  unsubscribeByLinkPageRoute,
] as const;
