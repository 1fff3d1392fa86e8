import type { GoogleReply, ReviewEvent, Reviewer } from '@locus/contracts';
import type { GoogleReview, StarRating } from '../google/types';
import { reviewIdOf } from './review-id';
import type { ReviewState } from './review-state';
import { reviewSentiment, SENTIMENT_MODEL } from '@locus/platform/text/review-sentiment';

const STARS: Record<StarRating, number> = { ONE: 1, TWO: 2, THREE: 3, FOUR: 4, FIVE: 5 };
/** Google's rating as 1..5 (an unspecified rating counts as 1). */
export const starsOf = (rating: string): number => STARS[rating as StarRating] ?? 1;

export const reviewerOf = (r: GoogleReview): Reviewer => ({
  displayName: r.reviewer.displayName?.trim() || (r.reviewer.isAnonymous ? 'A Google user' : 'Google user'),
  profilePhotoUrl: r.reviewer.profilePhotoUrl ?? null,
  isAnonymous: Boolean(r.reviewer.isAnonymous),
});

/** The reply the public sees: none when Google rejected it under its content policy. */
export const replyOf = (r: GoogleReview): GoogleReply | null =>
  r.reviewReply?.comment && r.reviewReply.state !== 'REJECTED'
    ? { comment: r.reviewReply.comment, updateTime: r.reviewReply.updateTime ?? r.updateTime }
    : null;

const commentOf = (r: GoogleReview): string | null => (r.comment?.trim() ? r.comment : null);

export interface IngestPlacement {
  companyId: string;
  locationId: string;
  at: string;
}

/**
 * What one review as Google returns it changes in Locus: nothing, ReviewReceived (new, or back
 * after a removal), ReviewUpdated (stars or text changed: the old values travel along), and the
 * reply as Google holds it (changed or deleted on Google). While Locus has a reply write or
 * delete of its own in flight, the reply is left to that write's outcome.
 */
export function ingestReview(state: ReviewState, g: GoogleReview, where: IngestPlacement): ReviewEvent[] {
  const reviewId = reviewIdOf(g.name);
  const base = { reviewId, companyId: where.companyId, locationId: where.locationId };
  const reviewer = reviewerOf(g);
  const starRating = starsOf(g.starRating);
  const comment = commentOf(g);
  const reply = replyOf(g);
  if (state.status !== 'active') {
    return [
      {
        type: 'ReviewReceived',
        data: {
          ...base,
          googleName: g.name,
          googleReviewId: g.reviewId,
          reviewer,
          starRating,
          comment,
          createTime: g.createTime,
          updateTime: g.updateTime,
          reply,
          sentiment: { ...reviewSentiment(starRating, comment), model: SENTIMENT_MODEL },
          receivedAt: where.at,
        },
      },
    ];
  }
  const events: ReviewEvent[] = [];
  if (state.starRating !== starRating || state.comment !== comment) {
    events.push({
      type: 'ReviewUpdated',
      data: {
        ...base,
        reviewer,
        starRating,
        comment,
        updateTime: g.updateTime,
        sentiment: { ...reviewSentiment(starRating, comment), model: SENTIMENT_MODEL },
        previous: { starRating: state.starRating, comment: state.comment, updateTime: state.updateTime, sentiment: state.sentiment },
      },
    });
  }
  if (!state.pending) {
    if (reply && reply.comment !== state.reply?.comment) {
      events.push({
        type: 'ReviewReplyPosted',
        data: {
          ...base,
          requestId: null,
          comment: reply.comment,
          updateTime: reply.updateTime,
          by: { kind: 'google' },
          previousComment: state.reply?.comment ?? null,
        },
      });
    } else if (!reply && state.reply) {
      events.push({
        type: 'ReviewReplyDeleted',
        data: { ...base, requestId: null, by: { kind: 'google' }, previousComment: state.reply.comment, deletedAt: where.at },
      });
    }
  }
  return events;
}
