import { reviewErrors, type ReplyAuthor, type ReviewEvent } from '@locus/contracts';
import { fail } from '@locus/platform/ports';
import type { Decider } from '../kit/decider';
import { evolveReview, initialReviewState, type ReviewData, type ReviewState } from './review-state';

/** What people (and the AI automation, and approvers) ask of a review: write, change or delete its reply on Google. */
export type ReviewCommand =
  | {
      type: 'RequestReply';
      companyId: string;
      locationId: string | null;
      requestId: string;
      comment: string;
      by: ReplyAuthor;
      at: string;
      /** Automation without "Overwrite existing replies": a reply on Google or one asked for keeps the review. */
      keepExistingReply?: boolean;
    }
  | { type: 'RequestReplyDelete'; companyId: string; locationId: string | null; requestId: string; by: ReplyAuthor; at: string };

/** The review has a reply on Google, or one is on its way there. */
export const isAnswered = (review: ReviewData): boolean => review.reply !== null || review.pending?.operation === 'update';

/** Another company's review answers like a missing one. */
function requireReview(state: ReviewState, companyId: string, locationId: string | null): ReviewData {
  if (state.status === 'none' || state.companyId !== companyId) throw fail(reviewErrors.notFound);
  if (locationId !== null && state.locationId !== locationId) throw fail(reviewErrors.locationMismatch);
  if (state.status === 'removed') throw fail(reviewErrors.removed);
  return state;
}

export function decideReview(command: ReviewCommand, state: ReviewState): ReviewEvent[] {
  const review = requireReview(state, command.companyId, command.locationId);
  const where = { reviewId: review.reviewId, companyId: review.companyId, locationId: review.locationId };
  switch (command.type) {
    case 'RequestReply':
      if (command.keepExistingReply && isAnswered(review)) throw fail(reviewErrors.alreadyAnswered);
      return [
        { type: 'ReviewReplyRequested', data: { ...where, requestId: command.requestId, comment: command.comment, by: command.by, requestedAt: command.at } },
      ];
    case 'RequestReplyDelete':
      if (!review.reply && review.pending?.operation !== 'update') throw fail(reviewErrors.noReply);
      return [{ type: 'ReviewReplyDeleteRequested', data: { ...where, requestId: command.requestId, by: command.by, requestedAt: command.at } }];
    default: {
      const never: never = command;
      throw new Error(`Unknown command ${(never as { type: string }).type}`);
    }
  }
}

export const reviewDecider: Decider<ReviewState, ReviewCommand, ReviewEvent> = {
  initialState: initialReviewState,
  evolve: evolveReview,
  decide: decideReview,
};
