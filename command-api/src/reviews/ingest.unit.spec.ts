import { describe, expect, it } from 'vitest';
import type { GoogleReview } from '../google/types';
import { ingestReview } from './ingest';
import { reviewIdOf } from './review-id';
import { evolveReview, initialReviewState, type ReviewState } from './review-state';
import { decideReview } from './review-decider';
import { reviewSentiment } from '@locus/platform/text/review-sentiment';

const g = (over: Partial<GoogleReview> = {}): GoogleReview => ({
  name: 'accounts/1/locations/2/reviews/abc',
  reviewId: 'abc',
  reviewer: { displayName: 'Sam Lee' },
  starRating: 'FOUR',
  comment: 'Friendly and quick, great job.',
  createTime: '2025-03-01T10:00:00Z',
  updateTime: '2025-03-01T10:00:00Z',
  ...over,
});
const where = { companyId: 'c1', locationId: 'l1', at: '2025-03-10T00:00:00Z' };
const fold = (events: ReturnType<typeof ingestReview>, from: ReviewState = initialReviewState()) => events.reduce(evolveReview, from);

describe('review ingestion', () => {
  it('derives the review id from Google’s name, whatever the account', () => {
    expect(reviewIdOf('accounts/1/locations/2/reviews/abc')).toBe(reviewIdOf('accounts/9/locations/2/reviews/abc'));
    expect(reviewIdOf('accounts/1/locations/2/reviews/abc')).not.toBe(reviewIdOf('accounts/1/locations/2/reviews/abd'));
  });

  it('receives a new review once; the same review again changes nothing', () => {
    const first = ingestReview(initialReviewState(), g(), where);
    expect(first.map((e) => e.type)).toEqual(['ReviewReceived']);
    expect(first[0]!.data).toMatchObject({ starRating: 4, reply: null, sentiment: { label: 'Positive' } });
    expect(ingestReview(fold(first), g(), where)).toEqual([]);
  });

  it('an edit by the reviewer keeps the old stars and text; a reply seen on Google is recorded as Google’s', () => {
    const state = fold(ingestReview(initialReviewState(), g(), where));
    const events = ingestReview(
      state,
      g({
        starRating: 'ONE',
        comment: 'Update: rude and slow.',
        updateTime: '2025-03-05T10:00:00Z',
        reviewReply: { comment: 'We are sorry', updateTime: '2025-03-06T00:00:00Z' },
      }),
      where,
    );
    expect(events.map((e) => e.type)).toEqual(['ReviewUpdated', 'ReviewReplyPosted']);
    expect(events[0]!.data).toMatchObject({
      starRating: 1,
      previous: { starRating: 4, comment: 'Friendly and quick, great job.' },
      sentiment: { label: 'Negative' },
    });
    expect(events[1]!.data).toMatchObject({ by: { kind: 'google' }, requestId: null, comment: 'We are sorry' });
  });

  it('a reply Google rejected under its content policy is not a reply', () => {
    const events = ingestReview(initialReviewState(), g({ reviewReply: { comment: 'rude words', state: 'REJECTED' } }), where);
    expect(events[0]!.data).toMatchObject({ reply: null });
  });

  it('leaves the reply alone while a reply of Locus is in flight', () => {
    const state = fold(ingestReview(initialReviewState(), g(), where));
    const requested = decideReview(
      {
        type: 'RequestReply',
        companyId: 'c1',
        locationId: 'l1',
        requestId: 'q1',
        comment: 'Thanks',
        by: { kind: 'user', userId: 'u', name: 'U' },
        at: where.at,
      },
      state,
    );
    expect(ingestReview(requested.reduce(evolveReview, state), g(), where)).toEqual([]);
  });

  it('refuses replies to another company’s, another location’s or a removed review, and deleting a reply that is not there', () => {
    const state = fold(ingestReview(initialReviewState(), g(), where));
    const by = { kind: 'user' as const, userId: 'u', name: 'U' };
    const reply =
      (companyId: string, locationId: string | null, s: ReviewState = state) =>
      () =>
        decideReview({ type: 'RequestReply', companyId, locationId, requestId: 'q', comment: 'Hi', by, at: where.at }, s);
    expect(reply('c2', null)).toThrow(expect.objectContaining({ code: 'REVIEWS.NOT_FOUND' }));
    expect(reply('c1', 'l9')).toThrow(expect.objectContaining({ code: 'REVIEWS.LOCATION_MISMATCH' }));
    const removed = evolveReview(state, {
      type: 'ReviewRemoved',
      data: { reviewId: 'x', companyId: 'c1', locationId: 'l1', removedAt: where.at, starRating: 4, hadReply: false },
    });
    expect(reply('c1', 'l1', removed)).toThrow(expect.objectContaining({ code: 'REVIEWS.REMOVED' }));
    expect(() => decideReview({ type: 'RequestReplyDelete', companyId: 'c1', locationId: null, requestId: 'q', by, at: where.at }, state)).toThrow(
      expect.objectContaining({ code: 'REVIEWS.NO_REPLY' }),
    );
  });

  it('scores sentiment from the stars and the text; no text is what the stars say', () => {
    expect(reviewSentiment(3, null)).toEqual({ score: 0, label: 'Neutral' });
    expect(reviewSentiment(1, 'Terrible, rude staff. Awful.').label).toBe('Negative');
    expect(reviewSentiment(5, 'Wonderful people, amazing care!').label).toBe('Positive');
  });
});
