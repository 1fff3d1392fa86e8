import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  aiDraftRoute,
  approvalLinkId,
  approvalViewRoute,
  approveByLinkRoute,
  approveFromListRoute,
  APPROVAL_LINK_PURPOSE,
  automationListRoute,
  cancelAutoReplyRoute,
  getAiReviewSettingsRoute,
  getBrandSettingsRoute,
  randomReviewRoute,
  rejectFromListRoute,
  saveAiReviewSampleRoute,
  saveAiReviewSettingsRoute,
  saveAutoReplyRulesRoute,
  saveBrandSettingsRoute,
  LOCATIONS_COLLECTION,
  reviewAutomationStream,
  reviewStream,
  type RequestInput,
  type ReviewAutomationDoc,
  REVIEW_AUTOMATION_COLLECTION,
} from '@locus/contracts';
import { createLinkSigner } from '@locus/platform';
import { eventually } from '@locus/tests/stack/eventually';
import { invalid, requestJson } from '@locus/tests/stack/route-client';
import { startReviewsAiStack } from './testing/stack';

type Stack = Awaited<ReturnType<typeof startReviewsAiStack>>;

const rules = [
  { MinStars: 5, MaxStars: 5, Action: 'post', DelayMinutes: 1 },
  { MinStars: 1, MaxStars: 3, Action: 'approval' },
] as const;
const settings = {
  AutomateGoogleReviewsEnabled: true,
  ReviewsOverwrite: false,
  Apology: true,
  Tone: 'Grateful',
  Verbosity: 'Concise',
  Style: 'Moderate',
  Friendliness: 'High',
} as const;

describe('AI review replies, automation and approval links', () => {
  let t: Stack;
  type Company = Awaited<ReturnType<Stack['seedCompany']>>;
  /** Each test's own company, so none sees another's settings, rules or reviews. */
  const givenCompany = () => t.seedCompany('Sunrise Coffee Co.');
  const eventsOf = async (stream: string) => (await t.stack.allEvents()).filter((e) => e.streamName === stream);
  const automationDoc = async (reviewId: string) => t.stack.readModels.collection<ReviewAutomationDoc>(REVIEW_AUTOMATION_COLLECTION).findOne({ _id: reviewId });
  const until = <T>(what: string, probe: () => Promise<T | null | undefined | false>) => eventually(probe, { what, timeoutMs: 15_000, intervalMs: 50 });
  const saveRules = (company: Company, Rules: RequestInput<typeof saveAutoReplyRulesRoute, 'body'>['Rules']) =>
    t.stack.send(saveAutoReplyRulesRoute, { body: { Rules }, token: company.adminToken });
  const settingsOf = (token: string) => t.stack.send(getAiReviewSettingsRoute, { token });

  beforeAll(async () => {
    t = await startReviewsAiStack();
  }, 60_000);
  afterAll(async () => t?.stack.close());

  it('reads default settings, refuses bad input naming the field, and keeps another company out', async () => {
    const company = await givenCompany();
    const read = await settingsOf(company.userToken);
    expect(read.status).toBe(200);
    expect(read.body.Data).toMatchObject({
      AutomateGoogleReviewsEnabled: false,
      Tone: 'Positive',
      Verbosity: 'Concise',
      Style: 'High',
      Friendliness: 'Low',
      Rules: [],
    });
    const bad = await saveRules(company, [{ MinStars: 4, MaxStars: 2, Action: 'post' }]);
    expect(bad.status).toBe(400);
    expect(JSON.stringify(bad.error?.ApiError.Fields)).toContain('MinStars');
    // The wire name stays in Field (the web places the message); the text uses the form's labels.
    expect(bad.error?.ApiError.Fields).toContainEqual({ Field: 'Rules[0].MinStars', Message: 'Lowest stars must not be above Highest stars' });
    const userSave = await t.stack.send(saveAiReviewSettingsRoute, { body: settings, token: company.userToken });
    expect(userSave.status).toBe(403);
  });

  it("answers 404 for another company's location in a rule, and stores a rule naming the company's own", async () => {
    const company = await givenCompany();
    const other = await t.seedCompany('Harbor Dental');
    const locations = t.stack.readModels.collection(LOCATIONS_COLLECTION);
    await locations.bulkWrite([
      { insertOne: { document: { _id: 'own-loc', companyId: company.companyId, title: 'Own' } } },
      { insertOne: { document: { _id: 'foreign-loc', companyId: other.companyId, title: 'Foreign' } } },
    ]);
    const rule = (ids: string[]) => saveRules(company, [{ MinStars: 1, MaxStars: 5, Action: 'approval', LocationIds: ids }]);
    const foreign = await rule(['own-loc', 'foreign-loc']);
    expect(foreign.status).toBe(404);
    expect(JSON.stringify(foreign.error?.ApiError.Fields)).toContain('Rules[0].LocationIds');
    expect((await rule(['no-such-location'])).status).toBe(404);
    const stored = await settingsOf(company.adminToken);
    expect(JSON.stringify(stored.body.Data.Rules)).not.toContain('foreign-loc');
    const own = await rule(['own-loc']);
    expect(own.status).toBe(200);
    await t.stack.readModels.waitForPosition(own.position, 5000);
    await expect.poll(async () => (await settingsOf(company.adminToken)).body.Data.Rules[0]?.LocationIds).toEqual(['own-loc']);
  });

  it('drafts a sample reply with the sent settings through the OpenAI-compatible endpoint and records the draft', async () => {
    const company = await givenCompany();
    const reviewId = await t.receiveReview(company.companyId, {
      starRating: 4,
      reviewer: { displayName: 'Maria Lopez', profilePhotoUrl: null, isAnonymous: false },
    });
    await t.stack.waitForProjections();
    const random = await t.stack.send(randomReviewRoute, { token: company.adminToken });
    expect(random.body.Data?.ReviewId).toBe(reviewId);
    const sample = (token: string, body: Record<string, unknown>) =>
      t.stack.send(saveAiReviewSampleRoute, { body: { ...settings, RandomReviewId: reviewId, ...body }, token });
    const res = await sample(company.adminToken, { AutomateGoogleReviewsEnabled: false });
    expect(res.status).toBe(200);
    expect(res.body.ResponseData.AIGeneratedText).toMatch(/^Hello Maria,/);
    expect(res.body.ResponseData.AIGeneratedText).toContain('Sunrise Coffee Co.');
    const [drafted] = (await eventsOf(reviewAutomationStream(reviewId))).filter((e) => e.type === 'ReviewReplyDrafted');
    expect(drafted?.data).toMatchObject({ purpose: 'sample', promptVersion: 'review-reply@1', model: expect.any(String) });
    expect((drafted?.data as { completionTokens: number }).completionTokens).toBeGreaterThan(0);
    const other = await t.seedCompany('Other Co');
    expect((await sample(other.adminToken, {})).status).toBe(404);
  });

  it('shows an LLM failure after its retries instead of swallowing it', async () => {
    const company = await givenCompany();
    const reviewId = await t.receiveReview(company.companyId, { starRating: 3 });
    await t.stack.waitForProjections();
    await requestJson(`${t.stack.sandbox!.url}/openai/__sandbox/fail`, { method: 'POST', body: { mode: 'error', status: 503, count: 2 } });
    const res = await t.stack.send(saveAiReviewSampleRoute, {
      body: { ...settings, AutomateGoogleReviewsEnabled: false, RandomReviewId: reviewId },
      token: company.adminToken,
    });
    expect(res.status).toBe(503);
    expect(res.error?.ApiError.ErrorCode).toBe('REVIEWS_AI.LLM_FAILED');
  });

  it('drafts a reply for the reply dialog as it is written, in the chosen tone, and posts nothing', async () => {
    const company = await givenCompany();
    const reviewId = await t.receiveReview(company.companyId, {
      starRating: 4,
      reviewer: { displayName: 'Maria Lopez', profilePhotoUrl: null, isAnonymous: false },
      comment: 'Friendly staff and a quick visit.',
    });
    await t.stack.waitForProjections();
    const draft = (token: string, body: RequestInput<typeof aiDraftRoute, 'body'>) => t.stack.send(aiDraftRoute, { params: { reviewId }, body, token });
    const res = await draft(company.adminToken, { Tone: 'Neutral' });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('text/event-stream');
    const frames = res.text
      .split('\n\n')
      .map((f) => ({ event: /^event: (.*)$/m.exec(f)?.[1], data: /^data: (.*)$/m.exec(f)?.[1] }))
      .filter((f) => f.event && f.data)
      .map((f) => ({ event: f.event!, data: JSON.parse(f.data!) as { Text?: string; Comment?: string } }));
    const pieces = frames.filter((f) => f.event === 'text');
    const done = frames.find((f) => f.event === 'done');
    // Streamed in several pieces that add up to the whole reply.
    expect(pieces.length).toBeGreaterThan(1);
    expect(done, JSON.stringify(frames.slice(-2))).toBeDefined();
    expect(done?.data.Comment).toMatch(/^(Dear|Hello|Hi) Maria,/);
    expect(
      pieces
        .map((p) => p.data.Text)
        .join('')
        .trim(),
    ).toBe(done!.data.Comment);
    // The dialog's tone, over the company's, went into the prompt with the review.
    const sent = (await requestJson<{ requests: { messages: { content: string }[] }[] }>(`${t.stack.sandbox!.url}/openai/__sandbox/requests`)).body;
    const prompt = sent.requests.map((r) => r.messages.map((m) => m.content).join('\n')).find((p) => p.includes('Review: Friendly staff and a quick visit.'));
    expect(prompt).toContain('Tone: Neutral');
    // Nothing is posted or recorded: the person posts the edited text with the reply route.
    expect((await eventsOf(reviewStream(reviewId))).map((e) => e.type)).toEqual(['ReviewReceived']);
    expect(await eventsOf(reviewAutomationStream(reviewId))).toEqual([]);

    const badTone = await draft(company.adminToken, { Tone: invalid('Angry') });
    expect(badTone.status).toBe(400);
    expect(badTone.text).toContain('Tone');
    const other = await t.seedCompany('Elsewhere Co');
    expect((await draft(other.adminToken, {})).status).toBe(404);
  }, 90_000);

  it('posts a 5-star review after the delay, sends a 2-star one for approval by a single-use link', async () => {
    const company = await givenCompany();
    const history = await t.receiveReview(company.companyId, { starRating: 5, createTime: '2020-01-01T00:00:00.000Z' });
    expect((await saveRules(company, [...rules])).status).toBe(200);
    expect((await t.stack.send(saveAiReviewSettingsRoute, { body: settings, token: company.adminToken })).status).toBe(200);
    await t.stack.waitForProjections();

    const five = await t.receiveReview(company.companyId, { starRating: 5 });
    const scheduled = await until('the outbox', async () => {
      const list = await t.stack.send(automationListRoute, { query: { Status: 'scheduled' }, token: company.adminToken });
      return list.body.Data.find((i) => i.ReviewId === five);
    });
    expect(scheduled.Reply).toContain('Jane');
    const requested = await until('the reply request', async () => (await eventsOf(reviewStream(five))).find((e) => e.type === 'ReviewReplyRequested'));
    expect(requested.data).toMatchObject({ comment: scheduled.Reply, by: { kind: 'automation' } });
    expect((await automationDoc(five))?.status).toBe('posting');

    const two = await t.receiveReview(company.companyId, { starRating: 2, comment: 'Cold coffee and a long wait.' });
    const mail = await t.stack.mailer.waitFor((m) => m.to === company.adminEmail && m.subject.includes('2-star'));
    const link = /https?:\/\/\S+approve-review\?reviewid=(\S+)/.exec(mail.text)!;
    const token = decodeURIComponent(link[1]!);
    const viewOf = (linkToken: string) => t.stack.send(approvalViewRoute, { params: { token: linkToken } });
    const approve = (Comment: string) => t.stack.send(approveByLinkRoute, { params: { token }, body: { Comment } });
    const view = await viewOf(token);
    expect(view.status).toBe(200);
    expect(view.body.Data.Review).toMatchObject({ ReviewerDisplayName: 'Jane Doe', StarRating: 2, Comment: 'Cold coffee and a long wait.' });
    const approved = await approve(`${view.body.Data.Reply} See you soon.`);
    expect(approved.status).toBe(200);
    const request = await until('the approved reply request', async () => (await eventsOf(reviewStream(two))).find((e) => e.type === 'ReviewReplyRequested'));
    expect(request.data).toMatchObject({ by: { kind: 'approver' }, comment: expect.stringContaining('See you soon.') });

    const again = await approve('Again');
    expect([again.status, again.error?.ApiError.ErrorCode]).toEqual([409, 'REVIEWS_AI.LINK_USED']);
    const [id, exp, mac] = token.split('.') as [string, string, string];
    const tampered = [Buffer.from(`${Buffer.from(id, 'base64url').toString()}x`).toString('base64url'), exp, mac].join('.');
    expect((await viewOf(tampered)).error?.ApiError.ErrorCode).toBe('REVIEWS_AI.LINK_INVALID');
    const signer = createLinkSigner(t.stack.config.jwtSecret, APPROVAL_LINK_PURPOSE);
    const expired = signer.sign(approvalLinkId(two, 'any'), new Date(Date.now() - 1000));
    const expiredAnswer = await viewOf(expired);
    expect([expiredAnswer.status, expiredAnswer.error?.ApiError.ErrorCode]).toEqual([422, 'REVIEWS_AI.LINK_EXPIRED']);

    // the imported history is never answered
    await t.stack.waitForReactors();
    expect(await eventsOf(reviewAutomationStream(history))).toEqual([]);
  }, 60_000);

  it('lets a company admin cancel a scheduled reply, and approve or reject from the pending list', async () => {
    const company = await givenCompany();
    expect((await t.stack.send(saveAiReviewSettingsRoute, { body: settings, token: company.adminToken })).status).toBe(200);
    expect((await saveRules(company, [{ MinStars: 5, MaxStars: 5, Action: 'post', DelayMinutes: 600 }, ...rules.slice(1)])).status).toBe(200);
    await t.stack.waitForProjections();
    const five = await t.receiveReview(company.companyId, { starRating: 5 });
    await until('scheduled', async () => (await automationDoc(five))?.status === 'scheduled');
    const cancel = () => t.stack.send(cancelAutoReplyRoute, { params: { reviewId: five }, token: company.adminToken });
    expect((await cancel()).status).toBe(200);
    expect((await cancel()).status).toBe(409);

    const one = await t.receiveReview(company.companyId, { starRating: 1 });
    const three = await t.receiveReview(company.companyId, { starRating: 3 });
    await until('pending approvals', async () => {
      const list = await t.stack.send(automationListRoute, { query: { Status: 'awaiting-approval' }, token: company.adminToken });
      const ids = list.body.Data.map((i) => i.ReviewId);
      return ids.includes(one) && ids.includes(three);
    });
    const approve = (Comment: string) => t.stack.send(approveFromListRoute, { params: { reviewId: one }, body: { Comment }, token: company.adminToken });
    const reject = (token: string) => t.stack.send(rejectFromListRoute, { params: { reviewId: three }, token });
    expect((await approve('   ')).status).toBe(400);
    expect((await approve('We are sorry, please call us.')).status).toBe(200);
    expect((await reject(company.adminToken)).status).toBe(200);
    await t.stack.waitForProjections();
    expect((await automationDoc(one))?.status).toBe('posting');
    expect((await automationDoc(three))?.status).toBe('rejected');
    const other = await t.seedCompany('Third Co');
    expect((await reject(other.adminToken)).status).toBe(404);
  }, 60_000);

  it('saves the brand and shows its agent on the approval page data', async () => {
    const company = await givenCompany();
    const brand = { DisplayName: 'Sunrise Coffee', AgentName: 'Sam Rivera', AgentTitle: 'Store Manager', SignOff: '— Sam', WordsToAvoid: ['cheap'] };
    const save = await t.stack.send(saveBrandSettingsRoute, { body: { ...brand, AgentPhotoUrl: 'ftp://nope' }, token: company.adminToken });
    expect(save.status).toBe(400);
    expect(JSON.stringify(save.error?.ApiError.Fields)).toContain('AgentPhotoUrl');
    const ok = await t.stack.send(saveBrandSettingsRoute, { body: brand, token: company.adminToken });
    expect(ok.status).toBe(200);
    const read = await t.stack.send(getBrandSettingsRoute, { token: company.userToken });
    expect(read.body.Data).toMatchObject({ DisplayName: 'Sunrise Coffee', AgentName: 'Sam Rivera', WordsToAvoid: ['cheap'] });
  });
});
