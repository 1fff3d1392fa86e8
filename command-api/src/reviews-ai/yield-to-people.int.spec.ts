import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  reviewAutomationStream,
  reviewStream,
  REVIEW_AUTOMATION_COLLECTION,
  type EventMetadata,
  type ReviewAutomationDoc,
  type ReviewEvent,
  type ReviewsAiEvent,
} from '@locus/contracts';
import { startReviewsAiStack } from './testing/stack';

type Stack = Awaited<ReturnType<typeof startReviewsAiStack>>;

const settings = {
  AutomateGoogleReviewsEnabled: true,
  ReviewsOverwrite: false,
  Apology: true,
  Tone: 'Grateful',
  Verbosity: 'Concise',
  Style: 'Moderate',
  Friendliness: 'High',
};
const person = { kind: 'user' as const, userId: 'u-hand', name: 'Bob Hand' };

/** A person's reply, a draft waiting for it, and the automation standing down (reactors, the approval link, the outbox). */
describe('AI automation yields to a person who replied', () => {
  let t: Stack;
  let company: Awaited<ReturnType<Stack['seedCompany']>>;
  const call = (method: string, path: string, token?: string, body?: unknown) => t.stack.call(method, path, { token, body });
  const eventsOf = async (stream: string) => (await t.stack.allEvents()).filter((e) => e.streamName === stream);
  const automationDoc = async (reviewId: string) => t.stack.readModels.collection<ReviewAutomationDoc>(REVIEW_AUTOMATION_COLLECTION).findOne({ _id: reviewId });
  const until = async <T>(what: string, probe: () => Promise<T | null | undefined | false>, ms = 15_000): Promise<T> => {
    const end = Date.now() + ms;
    for (;;) {
      const value = await probe();
      if (value) return value;
      if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
      await new Promise((r) => setTimeout(r, 50));
    }
  };
  const metadata = (): EventMetadata => ({
    companyId: company.companyId,
    actor: { userId: person.userId, role: 'CompanyUser' },
    correlationId: randomUUID(),
    causationId: null,
    occurredAt: new Date().toISOString(),
  });
  /** What the reviews feature appends when a person replies (its route) or its reactor hears Google's answer. */
  const append = (stream: string, events: (ReviewEvent | ReviewsAiEvent)[]) =>
    t.stack.eventStore.append(
      stream,
      events.map((e) => ({ id: randomUUID(), type: e.type, data: e.data, metadata: metadata() })),
      { expectedRevision: 'any' },
    );
  const replyByHand = (reviewId: string, comment: string) =>
    append(reviewStream(reviewId), [
      {
        type: 'ReviewReplyRequested',
        data: {
          reviewId,
          companyId: company.companyId,
          locationId: 'loc-1',
          requestId: randomUUID(),
          comment,
          by: person,
          requestedAt: new Date().toISOString(),
        },
      },
    ]);
  const automatedRequests = async (reviewId: string) =>
    (await eventsOf(reviewStream(reviewId))).filter((e) => e.type === 'ReviewReplyRequested' && (e.data as { by: { kind: string } }).by.kind !== 'user');

  beforeAll(async () => {
    t = await startReviewsAiStack();
    company = await t.seedCompany('Harbor Dental');
    const rules = [
      { MinStars: 5, MaxStars: 5, Action: 'post', DelayMinutes: 2 },
      { MinStars: 1, MaxStars: 3, Action: 'approval' },
    ];
    expect((await call('PUT', '/api/companyMetaData/auto-reply-rules', company.adminToken, { Rules: rules })).status).toBe(200);
    expect((await call('POST', '/api/companyMetaData/reviews-settings', company.adminToken, settings)).status).toBe(200);
    await t.stack.waitForProjections();
  }, 60_000);
  afterAll(async () => t?.stack.close());

  it('withdraws a pending approval when a person replies; the stale link says so and changes nothing', async () => {
    const reviewId = await t.receiveReview(company.companyId, { starRating: 2, comment: 'Long wait, rude desk.' });
    const mail = await t.stack.mailer.waitFor((m) => m.to === company.adminEmail && m.text.includes('Long wait, rude desk.'));
    const token = decodeURIComponent(/approve-review\?reviewid=(\S+)/.exec(mail.text)![1]!);
    expect((await call('GET', `/api/review-approval/${token}`)).status).toBe(200);

    await replyByHand(reviewId, 'We are sorry, Jane. Please call us.');
    await until('the withdrawal', async () => (await automationDoc(reviewId))?.status === 'withdrawn');
    const withdrawn = (await eventsOf(reviewAutomationStream(reviewId))).find((e) => e.type === 'AutomatedReplyWithdrawn');
    expect(withdrawn?.data).toMatchObject({ reason: 'answered-by-person', answeredBy: 'Bob Hand', from: 'awaiting-approval' });
    const pending = await call('GET', '/api/review-automation?Status=awaiting-approval', company.adminToken);
    expect(pending.body.Data.map((i: { ReviewId: string }) => i.ReviewId)).not.toContain(reviewId);

    const view = await call('GET', `/api/review-approval/${token}`);
    expect([view.status, view.body.ApiError.ErrorCode]).toEqual([409, 'REVIEWS_AI.ALREADY_ANSWERED']);
    const approve = await call('POST', `/api/review-approval/${token}/approve`, undefined, { Comment: 'AI: thank you!' });
    expect([approve.status, approve.body.ApiError.ErrorCode]).toEqual([409, 'REVIEWS_AI.ALREADY_ANSWERED']);
    expect(approve.body.ApiError.ErrorMessage).toContain('already been answered');
    const fromList = await call('POST', `/api/review-automation/${reviewId}/approve`, company.adminToken, { Comment: 'AI: thank you!' });
    expect(fromList.status).toBe(409);
    await t.stack.waitForReactors();
    expect(await automatedRequests(reviewId)).toEqual([]);
  }, 60_000);

  it('approving a review answered before the withdrawal was recorded withdraws the draft and sends nothing', async () => {
    const reviewId = await t.receiveReview(company.companyId, { starRating: 1, comment: 'Never again.' });
    await until('awaiting approval', async () => (await automationDoc(reviewId))?.status === 'awaiting-approval');
    // a reply seen as the person's own posted one (the withdrawal reactor acts on requests), so only the approval's own check stands in the way
    await append(reviewStream(reviewId), [
      {
        type: 'ReviewReplyPosted',
        data: {
          reviewId,
          companyId: company.companyId,
          locationId: 'loc-1',
          requestId: null,
          comment: 'Answered by hand',
          updateTime: new Date().toISOString(),
          by: person,
          previousComment: null,
        },
      },
    ]);
    const approve = await call('POST', `/api/review-automation/${reviewId}/approve`, company.adminToken, { Comment: 'AI: sorry!' });
    expect([approve.status, approve.body.ApiError.ErrorCode]).toEqual([409, 'REVIEWS_AI.ALREADY_ANSWERED']);
    const events = await eventsOf(reviewAutomationStream(reviewId));
    expect(events.map((e) => e.type)).not.toContain('ReviewApprovalGranted');
    expect(events.find((e) => e.type === 'AutomatedReplyWithdrawn')?.data).toMatchObject({ reason: 'already-answered', from: 'awaiting-approval' });
    await t.stack.waitForReactors();
    expect(await automatedRequests(reviewId)).toEqual([]);
  }, 60_000);

  it('an approval granted just before a reply was posted is refused when sent, on the review as it is then', async () => {
    const reviewId = await t.receiveReview(company.companyId, { starRating: 3, comment: 'Okay visit.' });
    await until('awaiting approval', async () => (await automationDoc(reviewId))?.status === 'awaiting-approval');
    const approvalId = (await automationDoc(reviewId))!.approvalId!;
    await append(reviewStream(reviewId), [
      {
        type: 'ReviewReplyPosted',
        data: {
          reviewId,
          companyId: company.companyId,
          locationId: 'loc-1',
          requestId: null,
          comment: 'Answered by hand',
          updateTime: new Date().toISOString(),
          by: person,
          previousComment: null,
        },
      },
    ]);
    // the grant raced the reply: recorded before the reply request is decided
    await append(reviewAutomationStream(reviewId), [
      {
        type: 'ReviewApprovalGranted',
        data: {
          reviewId,
          companyId: company.companyId,
          locationId: 'loc-1',
          approvalId,
          comment: 'AI: thanks',
          via: 'list',
          by: { userId: null, name: 'Alice Admin' },
          approvedAt: new Date().toISOString(),
        },
      },
    ]);
    await until('the refusal', async () => (await automationDoc(reviewId))?.status === 'withdrawn');
    const withdrawn = (await eventsOf(reviewAutomationStream(reviewId))).find((e) => e.type === 'AutomatedReplyWithdrawn');
    expect(withdrawn?.data).toMatchObject({ reason: 'already-answered', from: 'posting' });
    expect(await automatedRequests(reviewId)).toEqual([]);
  }, 60_000);

  it('takes a draft out of the outbox when a person replies, and never posts it when it comes due', async () => {
    const reviewId = await t.receiveReview(company.companyId, { starRating: 5 });
    await until('scheduled', async () => (await automationDoc(reviewId))?.status === 'scheduled');
    await replyByHand(reviewId, 'Thanks a lot!');
    await until('the withdrawal', async () => (await automationDoc(reviewId))?.status === 'withdrawn');
    // past the rule's delay (2 "minutes" of one second each) and a few outbox ticks
    await new Promise((r) => setTimeout(r, 2_600));
    await t.stack.waitForReactors();
    expect(await automatedRequests(reviewId)).toEqual([]);
    const outbox = await call('GET', '/api/review-automation?Status=scheduled', company.adminToken);
    expect(outbox.body.Data.map((i: { ReviewId: string }) => i.ReviewId)).not.toContain(reviewId);
  }, 60_000);

  it('a due draft of a review answered outside Locus (seen by a sync) is withdrawn', async () => {
    const reviewId = await t.receiveReview(company.companyId, { starRating: 5, comment: 'Lovely staff.' });
    await until('scheduled', async () => (await automationDoc(reviewId))?.status === 'scheduled');
    await append(reviewStream(reviewId), [
      {
        type: 'ReviewReplyPosted',
        data: {
          reviewId,
          companyId: company.companyId,
          locationId: 'loc-1',
          requestId: null,
          comment: 'Thanks! (from the owner on Google)',
          updateTime: new Date().toISOString(),
          by: { kind: 'google' },
          previousComment: null,
        },
      },
    ]);
    await until('the withdrawal', async () => (await automationDoc(reviewId))?.status === 'withdrawn');
    const withdrawn = (await eventsOf(reviewAutomationStream(reviewId))).find((e) => e.type === 'AutomatedReplyWithdrawn');
    expect(withdrawn?.data).toMatchObject({ reason: 'answered-by-person', answeredBy: 'Google', from: 'scheduled' });
    await new Promise((r) => setTimeout(r, 2_600));
    await t.stack.waitForReactors();
    expect(await automatedRequests(reviewId)).toEqual([]);
  }, 60_000);
});
