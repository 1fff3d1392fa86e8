import { z } from 'zod';
import {
  googleNoticeStream,
  googleNotificationsRoute,
  LOCATIONS_COLLECTION,
  reviewErrors,
  reviewSyncStream,
  type GoogleNoticeEvent,
  type LocationDoc,
  type ReviewSyncEvent,
} from '@locus/contracts';
import { fail, implement, type CommandDeps, type RouteImplementation } from '@locus/platform';
import { appendEvents, systemMetadata } from '../kit';
import type { createRemoteJWKSet } from 'jose';

/** The notification's JSON inside message.data (Google names the review and its location). */
const NotificationSchema = z.object({
  type: z.string(),
  review: z.string().optional(),
  reviewName: z.string().optional(),
  location: z.string().optional(),
  locationName: z.string().optional(),
});
const REVIEW_NAME = /^accounts\/[^/]+\/(locations\/[^/]+)\/reviews\/([^/]+)$/;
const REVIEW_TYPES = new Set(['NEW_REVIEW', 'UPDATED_REVIEW']);
const LOCATION_NAME = /^accounts\/[^/]+\/(locations\/[^/]+)$/;

type JwtCheck = (token: string) => Promise<boolean>;

/**
 * The push's OIDC token checked as Google documents it for authenticated push: RS256, signed by
 * a key of the JWKS (Google's, or the sandbox's), the expected issuer and audience, not expired.
 * jose is loaded and the keys are fetched on the first push, then cached by jose.
 */
function pushTokenCheck(config: CommandDeps['config']): JwtCheck {
  const { pubsub } = config.google;
  const audience = pubsub.audience || `${config.publicUrl.replace(/\/$/, '')}${googleNotificationsRoute.path}`;
  let keys: ReturnType<typeof createRemoteJWKSet> | null = null;
  return async (token) => {
    const jose = await import('jose');
    keys ??= jose.createRemoteJWKSet(new URL(pubsub.jwksUrl));
    try {
      await jose.jwtVerify(token, keys, { issuer: pubsub.issuer, audience, algorithms: ['RS256'] });
      return true;
    } catch {
      return false;
    }
  };
}

/**
 * `POST /api/google/notifications`: Cloud Pub/Sub pushes Google's review notifications. A verified
 * NEW_REVIEW / UPDATED_REVIEW appends ReviewNotified on each Locus location of that Google
 * location (the ingest reactor then reads that one review), a GOOGLE_UPDATE appends
 * LocationGoogleUpdateNotified (Google's changes are then read); anything unsigned is 401.
 */
export function reviewNotificationRoutes(deps: CommandDeps, options: { checkToken?: JwtCheck } = {}): RouteImplementation[] {
  const checkToken = options.checkToken ?? pushTokenCheck(deps.config);

  const push = implement(googleNotificationsRoute, async (req) => {
    const header = req.headers.authorization;
    const token = /^Bearer\s+(\S+)$/i.exec(typeof header === 'string' ? header : '')?.[1];
    if (!token || !(await checkToken(token))) throw fail(reviewErrors.pushUnauthorized);

    let notification: z.infer<typeof NotificationSchema>;
    try {
      notification = NotificationSchema.parse(JSON.parse(Buffer.from(req.body.message.data, 'base64').toString('utf8')));
    } catch {
      throw fail(reviewErrors.pushMalformed, [{ field: 'message.data', message: reviewErrors.pushMalformed.message }]);
    }
    if (notification.type === 'GOOGLE_UPDATE') return googleUpdate(notification, req.body.message.messageId, req.correlationId);
    // Other types (media, questions) are acknowledged so that Pub/Sub does not redeliver them.
    if (!REVIEW_TYPES.has(notification.type)) return { body: { Success: true as const, Locations: 0 } };
    const name = REVIEW_NAME.exec(notification.review ?? notification.reviewName ?? '');
    if (!name) throw fail(reviewErrors.pushMalformed, [{ field: 'message.data', message: reviewErrors.pushMalformed.message }]);
    const [, googleName, googleReviewId] = name as unknown as [string, string, string];

    const locations = await deps.readModels.collection<LocationDoc>(LOCATIONS_COLLECTION).find({ googleName }, { projection: { _id: 1, companyId: 1 } });
    const at = deps.clock.now().toISOString();
    let position = 0;
    for (const loc of locations) {
      const event: Extract<ReviewSyncEvent, { type: 'ReviewNotified' }> = {
        type: 'ReviewNotified',
        data: {
          locationId: loc._id,
          companyId: loc.companyId,
          notificationType: notification.type as 'NEW_REVIEW' | 'UPDATED_REVIEW',
          googleReviewId,
          messageId: req.body.message.messageId,
          notifiedAt: at,
        },
      };
      const written = await appendEvents(deps, reviewSyncStream(loc._id), [event], systemMetadata(deps, loc.companyId, { correlationId: req.correlationId }));
      position = Math.max(position, written);
    }
    return { body: { Success: true as const, Locations: locations.length }, ...(position ? { position } : {}) };
  });

  /** GOOGLE_UPDATE names the location Google holds changes of: each Locus location of it gets the notice (a reactor reads the changes). */
  async function googleUpdate(notification: z.infer<typeof NotificationSchema>, messageId: string, correlationId: string) {
    const name = LOCATION_NAME.exec(notification.locationName ?? notification.location ?? '');
    if (!name) throw fail(reviewErrors.pushMalformed, [{ field: 'message.data', message: reviewErrors.pushMalformed.message }]);
    const locations = await deps.readModels
      .collection<LocationDoc>(LOCATIONS_COLLECTION)
      .find({ googleName: name[1]! }, { projection: { _id: 1, companyId: 1 } });
    const notifiedAt = deps.clock.now().toISOString();
    let position = 0;
    for (const loc of locations) {
      const event: GoogleNoticeEvent = { type: 'LocationGoogleUpdateNotified', data: { locationId: loc._id, companyId: loc.companyId, messageId, notifiedAt } };
      const written = await appendEvents(deps, googleNoticeStream(loc._id), [event], systemMetadata(deps, loc.companyId, { correlationId }));
      position = Math.max(position, written);
    }
    return { body: { Success: true as const, Locations: locations.length }, ...(position ? { position } : {}) };
  }

  return [push];
}
