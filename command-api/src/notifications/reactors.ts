import {
  NOTIFICATION_PREFERENCES_COLLECTION,
  REVIEWS_COLLECTION,
  SYSTEM_ACTOR,
  USERS_COLLECTION,
  notificationsStream,
  reviewAlertsStream,
  type NotificationPreferencesDoc,
  type ReviewDoc,
  type ReviewEvent,
  type UserDoc,
} from '@locus/contracts';
import { locationsInScope, StreamNotFoundError, type CommandDeps, type ReactorDefinition, type RecordedEvent } from '@locus/platform';
import { randomUUID } from 'node:crypto';
import { handleCommand } from '../kit';
import { digestRows, lastPeriod } from './digest';
import { alertMail, digestMail } from './mails';
import { notificationsDecider } from './notifications-decider';
import { unsubscribeHeaders, unsubscribeSigner } from './unsubscribe';

type ReviewReceived = Extract<ReviewEvent, { type: 'ReviewReceived' }>;

/** Roles that get review mail: the company's admins (every location) and users (their locations). */
const MAILED_ROLES = new Set(['CompanyAdmin', 'CompanyUser']);

/**
 * Review alerts and digests. The alert: a new review at or below a user's chosen rating, on a
 * location the user acts on, written after the user turned alerts on, mailed once per user
 * (`ReviewAlertMailed` on `review-alerts-<reviewId>`, read before mailing, so a re-delivered
 * event mails nobody twice). The digest: on its tick, each user whose day or week has ended and
 * who has no `ReviewDigestMailed` for it gets one.
 */
export function notificationsReactors(deps: CommandDeps): ReactorDefinition[] {
  const signer = unsubscribeSigner(deps.config);
  const prefsOf = () => deps.readModels.collection<NotificationPreferencesDoc>(NOTIFICATION_PREFERENCES_COLLECTION);
  const eventsOf = async (stream: string): Promise<RecordedEvent[]> => {
    try {
      return await deps.eventStore.readStream(stream);
    } catch (err) {
      if (err instanceof StreamNotFoundError) return [];
      throw err;
    }
  };
  const reviewsUrl = `${deps.config.publicUrl.replace(/\/$/, '')}/company-reviews`;

  /** The user, when still active in the company and of a role that gets mail; with the locations it sees (null: all). */
  const recipient = async (prefs: NotificationPreferencesDoc) => {
    const user = await deps.readModels.collection<UserDoc>(USERS_COLLECTION).findOne({ _id: prefs.userId, companyId: prefs.companyId });
    if (!user || !user.loginAllowed || !MAILED_ROLES.has(user.role)) return null;
    const scope = await locationsInScope(deps.readModels, { role: user.role, userId: user._id, companyId: prefs.companyId });
    return { user, scope };
  };

  const alerts: ReactorDefinition<ReviewReceived> = {
    name: 'notifications-review-alerts',
    handles: ['ReviewReceived'],
    maxAttempts: 8,
    async handle(event, ctx) {
      const review = event.data;
      const candidates = await prefsOf().find({ companyId: review.companyId, alertMaxStars: { $gte: review.starRating } });
      if (!candidates.length) return;
      const mailed = new Set<string>();
      for (const e of await eventsOf(reviewAlertsStream(review.reviewId)))
        if (e.type === 'ReviewAlertMailed') mailed.add((e.data as { userId: string }).userId);
      const doc = await deps.readModels.collection<ReviewDoc>(REVIEWS_COLLECTION).findOne({ _id: review.reviewId });
      for (const prefs of candidates) {
        // Only reviews written since alerts were turned on: an import's history mails nobody.
        if (mailed.has(prefs.userId) || !prefs.alertsSince || review.createTime < prefs.alertsSince) continue;
        const who = await recipient(prefs);
        if (!who || (who.scope && !who.scope.includes(review.locationId))) continue;
        const mail = alertMail(
          who.user.email,
          { reviewerName: review.reviewer.displayName, starRating: review.starRating, comment: review.comment, locationTitle: doc?.locationTitle ?? '' },
          reviewsUrl,
          unsubscribeHeaders(deps, signer, prefs.userId, 'alert'),
        );
        await deps.mailer.send(mail);
        await ctx.append(
          reviewAlertsStream(review.reviewId),
          [
            {
              type: 'ReviewAlertMailed',
              data: {
                reviewId: review.reviewId,
                companyId: review.companyId,
                locationId: review.locationId,
                userId: prefs.userId,
                email: who.user.email,
                starRating: review.starRating,
              },
            },
          ],
          { key: prefs.userId, companyId: review.companyId },
        );
      }
    },
  };

  async function sendDueDigests(signal: AbortSignal): Promise<void> {
    const now = deps.clock.now();
    for (const prefs of await prefsOf().find({ digest: { $in: ['daily', 'weekly'] } })) {
      if (signal.aborted) return;
      const frequency = prefs.digest as 'daily' | 'weekly';
      const period = lastPeriod(frequency, now);
      // The first digest is of the first period that ends after it was turned on.
      if (!prefs.digestSince || period.end.toISOString() <= prefs.digestSince) continue;
      if (prefs.lastDigestAt && prefs.lastDigestAt >= period.end.toISOString() && prefs.lastDigestFrequency === frequency) continue;
      const who = await recipient(prefs);
      if (!who) continue;
      const stream = notificationsStream(prefs.userId);
      const periodStart = period.start.toISOString();
      let already = false;
      for (const e of await eventsOf(stream)) {
        const d = e.data as { frequency?: string; periodStart?: string };
        if (e.type === 'ReviewDigestMailed' && d.frequency === frequency && d.periodStart === periodStart) already = true;
      }
      if (already) continue;
      const rows = await digestRows(deps.readModels, prefs.companyId, who.scope, period);
      const { name: _all, ...totals } = rows[0]!;
      const digest = { frequency, periodStart, periodEnd: period.end.toISOString(), rows };
      await deps.mailer.send(digestMail(who.user.email, digest, reviewsUrl, unsubscribeHeaders(deps, signer, prefs.userId, 'digest')));
      const at = deps.clock.now().toISOString();
      await handleCommand({
        eventStore: deps.eventStore,
        streamName: stream,
        decider: notificationsDecider,
        command: {
          type: 'RecordDigest',
          userId: prefs.userId,
          companyId: prefs.companyId,
          email: who.user.email,
          frequency,
          periodStart,
          periodEnd: digest.periodEnd,
          totals,
        },
        metadata: { companyId: prefs.companyId, actor: SYSTEM_ACTOR, correlationId: randomUUID(), causationId: null, occurredAt: at },
      });
    }
  }

  // Its work is the tick; it follows its own outcome only so that it has a stream to follow.
  const digests: ReactorDefinition = {
    name: 'notifications-review-digests',
    handles: ['ReviewDigestMailed'],
    async handle() {},
    tick: { everyMs: deps.config.notifications.digestTickMs, run: sendDueDigests },
  };

  return [alerts, digests];
}
