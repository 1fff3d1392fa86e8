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

  const malformed = () => fail(reviewErrors.pushMalformed, [{ field: 'message.data', message: reviewErrors.pushMalformed.message }]);

  const push = implement(googleNotificationsRoute, async (req) => {
    const header = req.headers.authorization;
    const token = /^Bearer\s+(\S+)$/i.exec(typeof header === 'string' ? header : '')?.[1];
    if (!token || !(await checkToken(token))) throw fail(reviewErrors.pushUnauthorized);

    let notification: z.infer<typeof NotificationSchema>;
    try {
      notification = NotificationSchema.parse(JSON.parse(Buffer.from(req.body.message.data, 'base64').toString('utf8')));
    } catch {
      throw malformed();
    }
    const messageId = req.body.message.messageId;
    if (notification.type === 'GOOGLE_UPDATE') {
      const name = LOCATION_NAME.exec(notification.locationName ?? notification.location ?? '');
      if (!name) throw malformed();
      return noticeEachLocation(name[1]!, req.correlationId, (loc, at): { stream: string; event: GoogleNoticeEvent } => ({
        stream: googleNoticeStream(loc._id),
        event: { type: 'LocationGoogleUpdateNotified', data: { locationId: loc._id, companyId: loc.companyId, messageId, notifiedAt: at } },
      }));
    }
    // Other types (media, questions) are acknowledged so that Pub/Sub does not redeliver them.
    if (!REVIEW_TYPES.has(notification.type)) return { body: { Success: true as const, Locations: 0 } };
    const name = REVIEW_NAME.exec(notification.review ?? notification.reviewName ?? '');
    if (!name) throw malformed();
    const [, googleName, googleReviewId] = name as unknown as [string, string, string];
    const notificationType = notification.type as 'NEW_REVIEW' | 'UPDATED_REVIEW';
    return noticeEachLocation(googleName, req.correlationId, (loc, at): { stream: string; event: Extract<ReviewSyncEvent, { type: 'ReviewNotified' }> } => ({
      stream: reviewSyncStream(loc._id),
      event: { type: 'ReviewNotified', data: { locationId: loc._id, companyId: loc.companyId, notificationType, googleReviewId, messageId, notifiedAt: at } },
    }));
  });

  /** A notification names a Google location: each Locus location of it (one per company that imported it) gets its event. */
  async function noticeEachLocation(
    googleName: string,
    correlationId: string,
    eventFor: (loc: Pick<LocationDoc, '_id' | 'companyId'>, at: string) => { stream: string; event: GoogleNoticeEvent | ReviewSyncEvent },
  ) {
    const locations = await deps.readModels.collection<LocationDoc>(LOCATIONS_COLLECTION).find({ googleName }, { projection: { _id: 1, companyId: 1 } });
    const at = deps.clock.now().toISOString();
    let position = 0;
    for (const loc of locations) {
      const { stream, event } = eventFor(loc, at);
      position = Math.max(position, await appendEvents(deps, stream, [event], systemMetadata(deps, loc.companyId, { correlationId })));
    }
    return { body: { Success: true as const, Locations: locations.length }, ...(position ? { position } : {}) };
  }

  return [push];
}
