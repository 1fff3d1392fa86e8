import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  approvalViewRoute,
  approveByLinkRoute,
  approveFromListRoute,
  automationListRoute,
  reviewAutomationStream,
  reviewStream,
  REVIEW_AUTOMATION_COLLECTION,
  saveAiReviewSettingsRoute,
  saveAutoReplyRulesRoute,
  type EventMetadata,
  type ReviewAutomationDoc,
  type ReviewEvent,
  type ReviewsAiEvent,
} from '@locus/contracts';
import { eventually } from '@locus/tests/stack/eventually';
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
} as const;
const person = { kind: 'user' as const, userId: 'u-hand', name: 'Bob Hand' };

/** A person's reply, a draft waiting for it, and the automation standing down (reactors, the approval link, the outbox). */
describe('AI automation yields to a person who replied', () => {
  let t: Stack;
  type Company = Awaited<ReturnType<Stack['seedCompany']>>;
  const eventsOf = async (stream: string) => (await t.stack.allEvents()).filter((e) => e.streamName === stream);
  const automationDoc = async (reviewId: string) => t.stack.readModels.collection<ReviewAutomationDoc>(REVIEW_AUTOMATION_COLLECTION).findOne({ _id: reviewId });
  const until = <T>(what: string, probe: () => Promise<T | null | undefined | false>) => eventually(probe, { what, timeoutMs: 15_000, intervalMs: 50 });
  const metadata = (company: Company): EventMetadata => ({
    companyId: company.companyId,
    actor: { userId: person.userId, role: 'CompanyUser' },
    correlationId: randomUUID(),
    causationId: null,
    occurredAt: new Date().toISOString(),
  });
  /** What the reviews feature appends when a person replies (its route) or its reactor hears Google's answer. */
  const append = (company: Company, stream: string, events: (ReviewEvent | ReviewsAiEvent)[]) =>
    t.stack.eventStore.append(
      stream,
      events.map((e) => ({ id: randomUUID(), type: e.type, data: e.data, metadata: metadata(company) })),
      { expectedRevision: 'any' },
    );
  const replyByHand = (company: Company, reviewId: string, comment: string) =>
    append(company, reviewStream(reviewId), [
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

  /** Each test's own company, automated: 5 stars posted after two "minutes", 1 to 3 stars sent for approval. */
  const givenCompany = async (): Promise<Company> => {
    const company = await t.seedCompany('Harbor Dental');
    const rules = [
      { MinStars: 5, MaxStars: 5, Action: 'post', DelayMinutes: 2 },
      { MinStars: 1, MaxStars: 3, Action: 'approval' },
    ] as const;
    expect((await t.stack.send(saveAutoReplyRulesRoute, { body: { Rules: [...rules] }, token: company.adminToken })).status).toBe(200);
    expect((await t.stack.send(saveAiReviewSettingsRoute, { body: settings, token: company.adminToken })).status).toBe(200);
    await t.stack.waitForProjections();
    return company;
  };
  const listed = async (company: Company, Status: 'awaiting-approval' | 'scheduled') =>
    (await t.stack.send(automationListRoute, { query: { Status }, token: company.adminToken })).body.Data.map((i) => i.ReviewId);

  beforeAll(async () => {
    t = await startReviewsAiStack();
  }, 60_000);
  afterAll(async () => t?.stack.close());

  it('withdraws a pending approval when a person replies; the stale link says so and changes nothing', async () => {
    const company = await givenCompany();
    const reviewId = await t.receiveReview(company.companyId, { starRating: 2, comment: 'Long wait, rude desk.' });
    const mail = await t.stack.mailer.waitFor((m) => m.to === company.adminEmail && m.text.includes('Long wait, rude desk.'));
    const token = decodeURIComponent(/approve-review\?reviewid=(\S+)/.exec(mail.text)![1]!);
    expect((await t.stack.send(approvalViewRoute, { params: { token } })).status).toBe(200);

    await replyByHand(company, reviewId, 'We are sorry, Jane. Please call us.');
    await until('the withdrawal', async () => (await automationDoc(reviewId))?.status === 'withdrawn');
    const withdrawn = (await eventsOf(reviewAutomationStream(reviewId))).find((e) => e.type === 'AutomatedReplyWithdrawn');
    expect(withdrawn?.data).toMatchObject({ reason: 'answered-by-person', answeredBy: 'Bob Hand', from: 'awaiting-approval' });
    expect(await listed(company, 'awaiting-approval')).not.toContain(reviewId);

    const view = await t.stack.send(approvalViewRoute, { params: { token } });
    expect([view.status, view.error?.ApiError.ErrorCode]).toEqual([409, 'REVIEWS_AI.ALREADY_ANSWERED']);
    const approve = await t.stack.send(approveByLinkRoute, { params: { token }, body: { Comment: 'AI: thank you!' } });
    expect([approve.status, approve.error?.ApiError.ErrorCode]).toEqual([409, 'REVIEWS_AI.ALREADY_ANSWERED']);
    expect(approve.error?.ApiError.ErrorMessage).toContain('already been answered');
    const fromList = await t.stack.send(approveFromListRoute, { params: { reviewId }, body: { Comment: 'AI: thank you!' }, token: company.adminToken });
    expect(fromList.status).toBe(409);
    await t.stack.waitForReactors();
    expect(await automatedRequests(reviewId)).toEqual([]);
  }, 60_000);

  it('approving a review answered before the withdrawal was recorded withdraws the draft and sends nothing', async () => {
    const company = await givenCompany();
    const reviewId = await t.receiveReview(company.companyId, { starRating: 1, comment: 'Never again.' });
    await until('awaiting approval', async () => (await automationDoc(reviewId))?.status === 'awaiting-approval');
    // a reply seen as the person's own posted one (the withdrawal reactor acts on requests), so only the approval's own check stands in the way
    await append(company, reviewStream(reviewId), [
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
    const approve = await t.stack.send(approveFromListRoute, { params: { reviewId }, body: { Comment: 'AI: sorry!' }, token: company.adminToken });
    expect([approve.status, approve.error?.ApiError.ErrorCode]).toEqual([409, 'REVIEWS_AI.ALREADY_ANSWERED']);
    const events = await eventsOf(reviewAutomationStream(reviewId));
    expect(events.map((e) => e.type)).not.toContain('ReviewApprovalGranted');
    expect(events.find((e) => e.type === 'AutomatedReplyWithdrawn')?.data).toMatchObject({ reason: 'already-answered', from: 'awaiting-approval' });
    await t.stack.waitForReactors();
    expect(await automatedRequests(reviewId)).toEqual([]);
  }, 60_000);

  it('an approval granted just before a reply was posted is refused when sent, on the review as it is then', async () => {
    const company = await givenCompany();
    const reviewId = await t.receiveReview(company.companyId, { starRating: 3, comment: 'Okay visit.' });
    await until('awaiting approval', async () => (await automationDoc(reviewId))?.status === 'awaiting-approval');
    const approvalId = (await automationDoc(reviewId))!.approvalId!;
    await append(company, reviewStream(reviewId), [
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
    await append(company, reviewAutomationStream(reviewId), [
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
    const company = await givenCompany();
    const reviewId = await t.receiveReview(company.companyId, { starRating: 5 });
    await until('scheduled', async () => (await automationDoc(reviewId))?.status === 'scheduled');
    await replyByHand(company, reviewId, 'Thanks a lot!');
    await until('the withdrawal', async () => (await automationDoc(reviewId))?.status === 'withdrawn');
    // past the rule's delay (2 "minutes" of one second each) and a few outbox ticks
    await new Promise((r) => setTimeout(r, 2_600));
    await t.stack.waitForReactors();
    expect(await automatedRequests(reviewId)).toEqual([]);
    expect(await listed(company, 'scheduled')).not.toContain(reviewId);
  }, 60_000);

  it('a due draft of a review answered outside Locus (seen by a sync) is withdrawn', async () => {
    const company = await givenCompany();
    const reviewId = await t.receiveReview(company.companyId, { starRating: 5, comment: 'Lovely staff.' });
    await until('scheduled', async () => (await automationDoc(reviewId))?.status === 'scheduled');
    await append(company, reviewStream(reviewId), [
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
