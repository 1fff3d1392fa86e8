import { describe, it } from 'vitest';
import type { ReviewEvent } from '@locus/contracts';
import { deciderSpec } from '../kit/testing/decider-spec';
import { reviewDecider } from './review-decider';

const where = { reviewId: 'r1', companyId: 'c1', locationId: 'l1' };
const received: ReviewEvent = {
  type: 'ReviewReceived',
  data: {
    ...where,
    googleName: 'accounts/1/locations/2/reviews/r1',
    googleReviewId: 'r1',
    reviewer: { displayName: 'Jane', profilePhotoUrl: null, isAnonymous: false },
    starRating: 2,
    comment: 'Cold coffee',
    createTime: '2026-01-01T00:00:00.000Z',
    updateTime: '2026-01-01T00:00:00.000Z',
    sentiment: { score: -0.5, label: 'Negative' },
    reply: null,
    receivedAt: '2026-01-01T00:00:00.000Z',
  },
};
const person = { kind: 'user' as const, userId: 'u1', name: 'Bob Hand' };
const personAsked: ReviewEvent = {
  type: 'ReviewReplyRequested',
  data: { ...where, requestId: 'q1', comment: 'Sorry, Jane.', by: person, requestedAt: '2026-01-01T00:01:00.000Z' },
};
const posted: ReviewEvent = {
  type: 'ReviewReplyPosted',
  data: { ...where, requestId: 'q1', comment: 'Sorry, Jane.', updateTime: '2026-01-01T00:01:01.000Z', by: person, previousComment: null },
};
const approver = { kind: 'approver' as const, userId: null, name: 'Approval link' };
const at = '2026-01-01T00:02:00.000Z';
const automated = (keepExistingReply: boolean) =>
  ({ type: 'RequestReply', companyId: 'c1', locationId: 'l1', requestId: 'a1', comment: 'AI reply', by: approver, at, keepExistingReply }) as const;
const spec = deciderSpec(reviewDecider);

describe('review decider: an automated reply and a reply already there', () => {
  it('asks Google for the automated reply of an unanswered review', () => {
    spec
      .given([received])
      .when(automated(true))
      .then([{ type: 'ReviewReplyRequested', data: { ...where, requestId: 'a1', comment: 'AI reply', by: approver, requestedAt: at } }]);
  });

  it('keeps a reply on Google, or one a person asked for, when the automation may not overwrite', () => {
    spec.given([received, personAsked, posted]).when(automated(true)).thenThrows('REVIEWS.ALREADY_ANSWERED');
    spec.given([received, personAsked]).when(automated(true)).thenThrows('REVIEWS.ALREADY_ANSWERED');
  });

  it('replaces the reply when Overwrite is on', () => {
    spec
      .given([received, personAsked, posted])
      .when(automated(false))
      .then([{ type: 'ReviewReplyRequested', data: { ...where, requestId: 'a1', comment: 'AI reply', by: approver, requestedAt: at } }]);
  });
});
