import { randomUUID } from 'node:crypto';
import { SYSTEM_ACTOR, type EventMetadata, type ReviewEvent } from '@locus/contracts';
import { reviewSentiment } from '@locus/platform/text/review-sentiment';

/** Metadata for events a test or bench writes as the system. */
export const systemMetadata = (companyId: string | null, occurredAt = new Date().toISOString()): EventMetadata => ({
  companyId,
  actor: SYSTEM_ACTOR,
  correlationId: randomUUID(),
  causationId: null,
  occurredAt,
});

export interface ReviewSeed {
  reviewId?: string;
  companyId: string;
  locationId: string;
  stars: number;
  comment?: string | null;
  reviewer?: string;
  createTime?: string;
  reply?: string | null;
}

/** A ReviewReceived as ingestion would write it (tests, the role matrix and the bench seed with it). */
export function reviewReceived(seed: ReviewSeed): Extract<ReviewEvent, { type: 'ReviewReceived' }> {
  const reviewId = seed.reviewId ?? randomUUID();
  const createTime = seed.createTime ?? new Date().toISOString();
  const comment = seed.comment === undefined ? 'Great service, friendly staff.' : seed.comment;
  return {
    type: 'ReviewReceived',
    data: {
      reviewId,
      companyId: seed.companyId,
      locationId: seed.locationId,
      googleName: `accounts/1/locations/${seed.locationId}/reviews/${reviewId}`,
      googleReviewId: reviewId,
      reviewer: { displayName: seed.reviewer ?? 'Pat Reviewer', profilePhotoUrl: null, isAnonymous: false },
      starRating: seed.stars,
      comment,
      createTime,
      updateTime: createTime,
      reply: seed.reply ? { comment: seed.reply, updateTime: createTime } : null,
      sentiment: reviewSentiment(seed.stars, comment),
      receivedAt: createTime,
    },
  };
}
