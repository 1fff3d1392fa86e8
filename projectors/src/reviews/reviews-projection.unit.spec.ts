import { describe, expect, it } from 'vitest';
import { recorder } from '@locus/platform/runtime/testing/recorded-events';
import { projectInMemory } from '@locus/platform/runtime/testing/projection-memory';
import {
  REVIEWS_COLLECTION,
  REVIEW_COMPANY_STATS_COLLECTION,
  REVIEW_GROWTH_COLLECTION,
  REVIEW_LOCATION_STATS_COLLECTION,
  type ReviewEvent,
} from '@locus/contracts';
import { SENTIMENT_MODEL } from '@locus/platform/text/review-sentiment';
import { reviewsProjection } from './reviews-projection';

const sentiment = { score: 0.4, label: 'Positive' as const };
const received = (reviewId: string, locationId: string, stars: number, reply: string | null = null, createTime = '2025-03-01T10:00:00.000Z'): ReviewEvent => ({
  type: 'ReviewReceived',
  data: {
    reviewId,
    companyId: 'c1',
    locationId,
    googleName: `accounts/1/locations/${locationId}/reviews/${reviewId}`,
    googleReviewId: reviewId,
    reviewer: { displayName: `Reviewer ${reviewId}`, profilePhotoUrl: null, isAnonymous: false },
    starRating: stars,
    comment: `Comment ${reviewId}`,
    createTime,
    updateTime: createTime,
    reply: reply ? { comment: reply, updateTime: createTime } : null,
    sentiment,
    receivedAt: createTime,
  },
});
const where = (reviewId: string, locationId = 'l1') => ({ reviewId, companyId: 'c1', locationId });

const history = (events: ReviewEvent[]) => {
  const record = recorder();
  return events.map((e) => record(e.type, e.data as unknown as Record<string, unknown>, 'c1', `review-${(e.data as { reviewId: string }).reviewId}`));
};

describe('reviews projection', () => {
  it('counts per location and company, keeps old text on an edit, marks removals, follows replies', async () => {
    const user = { kind: 'user' as const, userId: 'u1', name: 'Alice Admin' };
    const memory = await projectInMemory(
      reviewsProjection,
      history([
        received('r1', 'l1', 5),
        received('r2', 'l1', 2, 'Sorry to hear that'),
        received('r3', 'l2', 4, null, '2025-03-02T10:00:00.000Z'),
        {
          type: 'ReviewUpdated',
          data: {
            ...where('r2'),
            reviewer: { displayName: 'Reviewer r2', profilePhotoUrl: null, isAnonymous: false },
            starRating: 4,
            comment: 'Better now',
            updateTime: '2025-03-05T10:00:00.000Z',
            sentiment,
            previous: { starRating: 2, comment: 'Comment r2', updateTime: '2025-03-01T10:00:00.000Z', sentiment: { score: -0.3, label: 'Negative' } },
          },
        },
        { type: 'ReviewReplyRequested', data: { ...where('r1'), requestId: 'q1', comment: 'Thanks!', by: user, requestedAt: '2025-03-06T10:00:00.000Z' } },
        {
          type: 'ReviewReplyPosted',
          data: { ...where('r1'), requestId: 'q1', comment: 'Thanks!', updateTime: '2025-03-06T10:00:01.000Z', by: user, previousComment: null },
        },
        { type: 'ReviewRemoved', data: { ...where('r3', 'l2'), removedAt: '2025-03-07T10:00:00.000Z', starRating: 4, hadReply: false } },
      ]),
    );
    const reviews = memory.all(REVIEWS_COLLECTION);
    const r1 = reviews.find((r) => r._id === 'r1')!;
    expect(r1).toMatchObject({ replyComment: 'Thanks!', replyState: 'posted', responded: 1, replyBy: user, replyRequestId: null });
    const r2 = reviews.find((r) => r._id === 'r2')!;
    expect(r2).toMatchObject({ starRating: 4, comment: 'Better now' });
    expect((r2.history as { kind: string; comment: string }[]).find((h) => h.kind === 'updated')).toMatchObject({ comment: 'Comment r2', starRating: 2 });
    expect(reviews.find((r) => r._id === 'r3')).toMatchObject({ removed: 1, removedAt: '2025-03-07T10:00:00.000Z' });

    expect(memory.all(REVIEW_COMPANY_STATS_COLLECTION)[0]).toMatchObject({
      total: 2,
      unresponded: 0,
      removed: 1,
      ratingSum: 9,
      averageRating: 4.5,
      byStars: [0, 0, 0, 1, 1],
    });
    const l1 = memory.all(REVIEW_LOCATION_STATS_COLLECTION).find((s) => s._id === 'l1')!;
    expect(l1).toMatchObject({ total: 2, unresponded: 0, averageRating: 4.5 });
    const l2 = memory.all(REVIEW_LOCATION_STATS_COLLECTION).find((s) => s._id === 'l2')!;
    expect(l2).toMatchObject({ total: 0, removed: 1, averageRating: null });
    // growth counts the reviews Google still returns, by the day they were written
    expect(memory.all(REVIEW_GROWTH_COLLECTION).filter((g) => g.scopeId === 'c1')).toEqual([
      { _id: 'c1:2025-03-01', companyId: 'c1', scopeId: 'c1', day: '2025-03-01', count: 2 },
    ]);
  });

  it("takes the event's sentiment when the current model made it, and scores the review again otherwise", async () => {
    const terrible = (reviewId: string, carried: { score: number; label: 'Positive'; model?: string }): ReviewEvent => {
      const event = received(reviewId, 'l1', 1);
      if (event.type !== 'ReviewReceived') throw new Error('a received review');
      return { ...event, data: { ...event.data, comment: 'Terrible, rude and slow.', sentiment: carried } };
    };
    const memory = await projectInMemory(
      reviewsProjection,
      history([terrible('mine', { score: 0.5, label: 'Positive', model: SENTIMENT_MODEL }), terrible('old', { score: 0.5, label: 'Positive' })]),
    );
    const byId = Object.fromEntries(memory.all(REVIEWS_COLLECTION).map((d) => [d._id, d]));
    // a label the current model made is not scored again (here, deliberately not what it would say)
    expect(byId.mine).toMatchObject({ sentimentLabel: 'Positive', sentimentScore: 0.5 });
    // one without the model's name (an older event) is scored by the current model
    expect(byId.old).toMatchObject({ sentimentLabel: 'Negative' });
  });

  it('a failed reply write leaves the reply as it was and shows the failure; deleting on Google clears it', async () => {
    const user = { kind: 'user' as const, userId: 'u1', name: 'Alice Admin' };
    const memory = await projectInMemory(
      reviewsProjection,
      history([
        received('r1', 'l1', 3, 'Old reply'),
        { type: 'ReviewReplyRequested', data: { ...where('r1'), requestId: 'q1', comment: 'New', by: user, requestedAt: '2025-03-06T10:00:00.000Z' } },
        {
          type: 'ReviewReplyFailed',
          data: { ...where('r1'), requestId: 'q1', operation: 'update', by: user, code: 'GOOGLE.INVALID_ARGUMENT', message: 'Google rejected it' },
        },
      ]),
    );
    expect(memory.all(REVIEWS_COLLECTION)[0]).toMatchObject({
      replyComment: 'Old reply',
      replyState: 'failed',
      replyError: 'Google rejected it',
      responded: 1,
    });

    const after = await projectInMemory(
      reviewsProjection,
      history([
        received('r1', 'l1', 3, 'Old reply'),
        {
          type: 'ReviewReplyDeleted',
          data: { ...where('r1'), requestId: null, by: { kind: 'google' }, previousComment: 'Old reply', deletedAt: '2025-03-06T10:00:00.000Z' },
        },
      ]),
    );
    expect(after.all(REVIEWS_COLLECTION)[0]).toMatchObject({ replyComment: null, replyState: 'none', responded: 0 });
    expect(after.all(REVIEW_COMPANY_STATS_COLLECTION)[0]).toMatchObject({ total: 1, unresponded: 1 });
  });

  it('takes the title from the location; a disconnected account takes its locations’ reviews out of the counts', async () => {
    const record = recorder();
    const memory = await projectInMemory(reviewsProjection, [
      record('LocationCreated', { locationId: 'l1', companyId: 'c1', connectionId: 'k1', profile: { Title: 'Pearl St' } }, 'c1'),
      record('LocationCreated', { locationId: 'l2', companyId: 'c1', connectionId: 'k2', profile: { Title: 'Main St' } }, 'c1'),
      ...history([received('r1', 'l1', 5), received('r2', 'l2', 3)]),
      record('LocationUpdated', { locationId: 'l1', profile: { Title: 'Pearl Street' }, changed: ['Title'] }, 'c1'),
      record('GoogleAccountDisconnected', { companyId: 'c1', connectionId: 'k2', accountName: 'accounts/2' }, 'c1'),
    ]);
    expect(memory.all(REVIEWS_COLLECTION).map((r) => [r._id, r.locationTitle])).toEqual([['r1', 'Pearl Street']]);
    expect(memory.all(REVIEW_COMPANY_STATS_COLLECTION)[0]).toMatchObject({ total: 1, averageRating: 5 });
    expect(memory.all(REVIEW_LOCATION_STATS_COLLECTION).map((s) => s._id)).toEqual(['l1']);
  });
});
