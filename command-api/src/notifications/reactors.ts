import { REVIEWS_COLLECTION, reviewAlertsStream, type ReviewAlertEvent, type ReviewDoc, type ReviewEvent } from '@locus/contracts';
import type { CommandDeps, ReactorDefinition } from '@locus/platform';
import { loadStream, type Fold } from '../kit';
import { alertMail } from './mails';
import { preferencesOf, recipientOf, reviewsUrlOf } from './recipients';
import { unsubscribeHeaders, unsubscribeSigner } from './unsubscribe';

type ReviewReceived = Extract<ReviewEvent, { type: 'ReviewReceived' }>;

/** The users a review's alert was mailed to (`review-alerts-<reviewId>`). */
const alertedUsers: Fold<ReadonlySet<string>, ReviewAlertEvent> = {
  initialState: () => new Set(),
  evolve: (mailed, event) => new Set([...mailed, event.data.userId]),
};

/**
 * Review alerts: a new review at or below a user's chosen rating, on a location the user acts
 * on, written after the user turned alerts on, mailed once per user (`ReviewAlertMailed` on
 * `review-alerts-<reviewId>`, read before mailing, so a re-delivered event mails nobody twice).
 * The digests are a schedule (digest-schedule.ts).
 */
export function notificationsReactors(deps: CommandDeps): ReactorDefinition[] {
  const signer = unsubscribeSigner(deps.config);
  const reviewsUrl = reviewsUrlOf(deps);

  const alerts: ReactorDefinition<ReviewReceived> = {
    name: 'notifications-review-alerts',
    handles: ['ReviewReceived'],
    maxAttempts: 8,
    async handle(event, ctx) {
      const review = event.data;
      const candidates = await preferencesOf(deps).find({ companyId: review.companyId, alertMaxStars: { $gte: review.starRating } });
      if (!candidates.length) return;
      const { state: mailed } = await loadStream(deps.eventStore, reviewAlertsStream(review.reviewId), alertedUsers);
      const doc = await deps.readModels.collection<ReviewDoc>(REVIEWS_COLLECTION).findOne({ _id: review.reviewId });
      for (const prefs of candidates) {
        // Only reviews written since alerts were turned on: an import's history mails nobody.
        if (mailed.has(prefs.userId) || !prefs.alertsSince || review.createTime < prefs.alertsSince) continue;
        const who = await recipientOf(deps, prefs);
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

  return [alerts];
}
