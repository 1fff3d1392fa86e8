import { describe, expect, it } from 'vitest';
import type { AutoReplyRule, ReviewsAiEvent } from '@locus/contracts';
import { deciderSpec } from '../kit/testing/decider-spec';
import { firstMatchingRule } from './auto-reply-rules';
import { fitReply } from './llm/llm-client';
import { reviewReplyMessages } from './llm/review-reply-prompt';
import { automationDecider } from './review-automation-decider';

const ref = { reviewId: 'r1', companyId: 'c1', locationId: 'l1' };
const draft = {
  ...ref,
  draftId: 'd1',
  purpose: 'automation' as const,
  comment: 'Thank you, Jane!',
  model: 'm',
  promptVersion: 'review-reply@1',
  promptTokens: 10,
  completionTokens: 5,
  draftedAt: '2026-01-01T00:00:00.000Z',
};
const by = { userId: 'u1', name: 'Alice Admin' };
const drafted: ReviewsAiEvent = { type: 'ReviewReplyDrafted', data: draft };
const scheduled: ReviewsAiEvent = {
  type: 'AutoReplyScheduled',
  data: { ...ref, draftId: 'd1', ruleId: 'rule', comment: draft.comment, dueAt: '2026-01-01T00:01:00.000Z' },
};
const approvalRequested: ReviewsAiEvent = {
  type: 'ReviewApprovalRequested',
  data: {
    ...ref,
    approvalId: 'a1',
    draftId: 'd1',
    ruleId: 'rule',
    comment: draft.comment,
    approverEmails: ['a@x.test'],
    expiresAt: '2026-01-04T00:00:00.000Z',
    requestedAt: draft.draftedAt,
  },
};
const spec = deciderSpec(automationDecider);

describe('review automation decider', () => {
  it('schedules a draft once; a second decision for the same review adds nothing', () => {
    spec.given([]).when({ type: 'Schedule', draft, ruleId: 'rule', dueAt: scheduled.data.dueAt }).then([drafted, scheduled]);
    spec.given([drafted, scheduled]).when({ type: 'Leave', ref, reason: 'no-rule', ruleId: null }).then([]);
  });

  it('releases a scheduled draft only when its time has come, and never after a cancel', () => {
    spec.given([drafted, scheduled]).when({ type: 'Release', ref, at: '2026-01-01T00:00:59.000Z', answeredBy: null }).then([]);
    spec
      .given([drafted, scheduled])
      .when({ type: 'Release', ref, at: '2026-01-01T00:01:00.000Z', answeredBy: null })
      .then([{ type: 'AutoReplyReleased', data: { ...ref, draftId: 'd1', ruleId: 'rule', comment: draft.comment, releasedAt: '2026-01-01T00:01:00.000Z' } }]);
    const cancelled: ReviewsAiEvent = { type: 'AutoReplyCancelled', data: { ...ref, by, cancelledAt: '2026-01-01T00:00:30.000Z' } };
    spec.given([drafted, scheduled]).when({ type: 'Cancel', ref, by, at: '2026-01-01T00:00:30.000Z' }).then([cancelled]);
    spec.given([drafted, scheduled, cancelled]).when({ type: 'Release', ref, at: '2026-01-02T00:00:00.000Z', answeredBy: null }).then([]);
    spec.given([drafted, scheduled, cancelled]).when({ type: 'Cancel', ref, by, at: '2026-01-02T00:00:00.000Z' }).thenThrows('REVIEWS_AI.NOT_SCHEDULED');
  });

  it('approves by link once, refuses an old, used or expired link', () => {
    const at = '2026-01-02T00:00:00.000Z';
    const granted: ReviewsAiEvent = { type: 'ReviewApprovalGranted', data: { ...ref, approvalId: 'a1', comment: 'Edited', via: 'link', by, approvedAt: at } };
    spec.given([drafted, approvalRequested]).when({ type: 'Approve', ref, approvalId: 'a1', comment: 'Edited', by, at, answeredBy: null }).then([granted]);
    spec
      .given([drafted, approvalRequested, granted])
      .when({ type: 'Approve', ref, approvalId: 'a1', comment: 'Again', by, at, answeredBy: null })
      .thenThrows('REVIEWS_AI.LINK_USED');
    spec
      .given([drafted, approvalRequested])
      .when({ type: 'Approve', ref, approvalId: 'old', comment: 'x', by, at, answeredBy: null })
      .thenThrows('REVIEWS_AI.LINK_USED');
    spec
      .given([drafted, approvalRequested])
      .when({ type: 'Approve', ref, approvalId: 'a1', comment: 'x', by, at: '2026-01-05T00:00:00.000Z', answeredBy: null })
      .thenThrows('REVIEWS_AI.LINK_EXPIRED');
    spec.given([drafted, approvalRequested, granted]).when({ type: 'Reject', ref, by, at }).thenThrows('REVIEWS_AI.NOT_AWAITING_APPROVAL');
  });

  describe('a person answering the review takes precedence', () => {
    const at = '2026-01-02T00:00:00.000Z';
    const withdrawn = (
      reason: 'answered-by-person' | 'already-answered',
      from: 'scheduled' | 'awaiting-approval' | 'posting',
      answeredBy = 'Bob Hand',
    ): ReviewsAiEvent => ({
      type: 'AutomatedReplyWithdrawn',
      data: { ...ref, reason, answeredBy, from, withdrawnAt: at },
    });
    const byHand = { type: 'Withdraw', ref, reason: 'answered-by-person', answeredBy: 'Bob Hand', at } as const;

    it('withdraws a draft waiting for approval or in the outbox when someone replies by hand', () => {
      spec
        .given([drafted, approvalRequested])
        .when(byHand)
        .then([withdrawn('answered-by-person', 'awaiting-approval')]);
      spec
        .given([drafted, scheduled])
        .when(byHand)
        .then([withdrawn('answered-by-person', 'scheduled')]);
    });

    it('withdraws nothing that is not waiting: no draft, a posted, cancelled or already withdrawn one', () => {
      spec.given([]).when(byHand).then([]);
      const granted: ReviewsAiEvent = { type: 'ReviewApprovalGranted', data: { ...ref, approvalId: 'a1', comment: 'x', via: 'link', by, approvedAt: at } };
      spec.given([drafted, approvalRequested, granted]).when(byHand).then([]);
      spec
        .given([drafted, approvalRequested, withdrawn('answered-by-person', 'awaiting-approval')])
        .when(byHand)
        .then([]);
    });

    it('a refused reply request withdraws a draft being posted', () => {
      const granted: ReviewsAiEvent = { type: 'ReviewApprovalGranted', data: { ...ref, approvalId: 'a1', comment: 'x', via: 'link', by, approvedAt: at } };
      spec
        .given([drafted, approvalRequested, granted])
        .when({ type: 'Withdraw', ref, reason: 'already-answered', answeredBy: 'Google', at })
        .then([withdrawn('already-answered', 'posting', 'Google')]);
    });

    it('approving a draft of a review answered meanwhile withdraws it instead of granting it', () => {
      spec
        .given([drafted, approvalRequested])
        .when({ type: 'Approve', ref, approvalId: 'a1', comment: 'Edited', by, at, answeredBy: 'Bob Hand' })
        .then([withdrawn('already-answered', 'awaiting-approval')]);
      spec
        .given([drafted, approvalRequested])
        .when({ type: 'Approve', ref, approvalId: null, comment: 'Edited', by, at, answeredBy: 'Bob Hand' })
        .then([withdrawn('already-answered', 'awaiting-approval')]);
    });

    it('the link of a withdrawn draft says the review was answered, and so do the pending list and Reject', () => {
      const gone = withdrawn('answered-by-person', 'awaiting-approval');
      spec
        .given([drafted, approvalRequested, gone])
        .when({ type: 'Approve', ref, approvalId: 'a1', comment: 'x', by, at, answeredBy: null })
        .thenThrows('REVIEWS_AI.ALREADY_ANSWERED');
      spec
        .given([drafted, approvalRequested, gone])
        .when({ type: 'Approve', ref, approvalId: null, comment: 'x', by, at, answeredBy: null })
        .thenThrows('REVIEWS_AI.ALREADY_ANSWERED');
      spec.given([drafted, approvalRequested, gone]).when({ type: 'Reject', ref, by, at }).thenThrows('REVIEWS_AI.ALREADY_ANSWERED');
      spec
        .given([drafted, approvalRequested, gone])
        .when({ type: 'Approve', ref, approvalId: 'old', comment: 'x', by, at, answeredBy: null })
        .thenThrows('REVIEWS_AI.LINK_USED');
    });

    it('a due draft of a review answered meanwhile is withdrawn, not released', () => {
      spec
        .given([drafted, scheduled])
        .when({ type: 'Release', ref, at, answeredBy: 'Google' })
        .then([withdrawn('already-answered', 'scheduled', 'Google')]);
    });
  });
});

describe('auto-reply rules', () => {
  const rule = (over: Partial<AutoReplyRule>): AutoReplyRule => ({
    ruleId: 'x',
    minStars: 1,
    maxStars: 5,
    sentiment: 'Any',
    text: 'any',
    locationIds: [],
    action: 'post',
    delayMinutes: 1,
    ...over,
  });
  const review = { starRating: 2, sentiment: 'Negative' as const, hasText: true, locationId: 'l1' };

  it('picks the first rule whose star range, sentiment, text and location all hold', () => {
    const rules = [
      rule({ ruleId: 'five', minStars: 5 }),
      rule({ ruleId: 'other-location', maxStars: 3, locationIds: ['l2'] }),
      rule({ ruleId: 'no-text', maxStars: 3, text: 'without' }),
      rule({ ruleId: 'positive', maxStars: 3, sentiment: 'Positive' }),
      rule({ ruleId: 'low', maxStars: 3, action: 'approval' }),
      rule({ ruleId: 'catch-all', action: 'leave' }),
    ];
    expect(firstMatchingRule(rules, review)?.ruleId).toBe('low');
    expect(firstMatchingRule(rules, { ...review, starRating: 5 })?.ruleId).toBe('five');
    expect(firstMatchingRule(rules.slice(0, 4), review)).toBeNull();
  });
});

describe('reply prompt and limits', () => {
  it('gives the model the reviewer, business, rating, settings and brand as Key: value lines, the review last', () => {
    const [system, user] = reviewReplyMessages({
      reviewerName: 'Jane  Doe',
      businessName: 'Sunrise Coffee',
      starRating: 2,
      comment: 'Cold coffee.\nLong wait.',
      settings: { apology: true, tone: 'Grateful', verbosity: 'Detailed', style: 'Casual', friendliness: 'High' },
      brand: { voiceNotes: 'Warm', signOff: '— Sam', wordsToAvoid: ['cheap', 'deal'], agentName: 'Sam' },
    });
    expect(system!.content).toContain('Tone: Positive = Positive and enthusiastic; Neutral = Neutral and balanced; Grateful = Grateful and Appreciative');
    expect(user!.content.split('\n')).toEqual([
      'Reviewer: Jane Doe',
      'Business: Sunrise Coffee',
      'Rating: 2',
      'Tone: Grateful',
      'Verbosity: Detailed',
      'Style: Casual',
      'Friendliness: High',
      'Apology: true',
      'Voice notes: Warm',
      'Sign-off: — Sam',
      'Words to avoid: cheap, deal',
      'Review: Cold coffee.',
      'Long wait.',
    ]);
  });

  it("never returns an empty reply or one over Google's 4096 bytes: a long one is cut after a whole sentence", () => {
    expect(() => fitReply('   ')).toThrow(expect.objectContaining({ code: 'LLM_EMPTY' }));
    const sentence = 'Thank you for your kind words about our café. ';
    const long = sentence.repeat(120);
    const fitted = fitReply(long);
    expect(new TextEncoder().encode(fitted).length).toBeLessThanOrEqual(4096);
    expect(fitted.endsWith('café.')).toBe(true);
    expect(() => fitReply('x'.repeat(5000))).toThrow(expect.objectContaining({ code: 'LLM_EMPTY' }));
  });
});
