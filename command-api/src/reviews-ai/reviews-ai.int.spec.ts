import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  approvalLinkId,
  APPROVAL_LINK_PURPOSE,
  LOCATIONS_COLLECTION,
  reviewAutomationStream,
  reviewStream,
  type ReviewAutomationDoc,
  REVIEW_AUTOMATION_COLLECTION,
} from '@locus/contracts';
import { createLinkSigner } from '@locus/platform';
import { startReviewsAiStack } from './testing/stack';

type Stack = Awaited<ReturnType<typeof startReviewsAiStack>>;

const rules = [
  { MinStars: 5, MaxStars: 5, Action: 'post', DelayMinutes: 1 },
  { MinStars: 1, MaxStars: 3, Action: 'approval' },
];
const settings = {
  AutomateGoogleReviewsEnabled: true,
  ReviewsOverwrite: false,
  Apology: true,
  Tone: 'Grateful',
  Verbosity: 'Concise',
  Style: 'Moderate',
  Friendliness: 'High',
};

describe('AI review replies, automation and approval links', () => {
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

  beforeAll(async () => {
    t = await startReviewsAiStack();
    company = await t.seedCompany('Sunrise Coffee Co.');
  }, 60_000);
  afterAll(async () => t?.stack.close());

  it('reads default settings, refuses bad input naming the field, and keeps another company out', async () => {
    const read = await call('GET', '/api/companyMetaData/reviews-settings', company.userToken);
    expect(read.status).toBe(200);
    expect(read.body.Data).toMatchObject({
      AutomateGoogleReviewsEnabled: false,
      Tone: 'Positive',
      Verbosity: 'Concise',
      Style: 'High',
      Friendliness: 'Low',
      Rules: [],
    });
    const bad = await call('PUT', '/api/companyMetaData/auto-reply-rules', company.adminToken, { Rules: [{ MinStars: 4, MaxStars: 2, Action: 'post' }] });
    expect(bad.status).toBe(400);
    expect(JSON.stringify(bad.body.ApiError.Fields)).toContain('MinStars');
    // The wire name stays in Field (the web places the message); the text uses the form's labels.
    expect(bad.body.ApiError.Fields).toContainEqual({ Field: 'Rules[0].MinStars', Message: 'Lowest stars must not be above Highest stars' });
    const userSave = await call('POST', '/api/companyMetaData/reviews-settings', company.userToken, settings);
    expect(userSave.status).toBe(403);
  });

  it("answers 404 for another company's location in a rule, and stores a rule naming the company's own", async () => {
    const other = await t.seedCompany('Harbor Dental');
    const locations = t.stack.readModels.collection(LOCATIONS_COLLECTION);
    await locations.bulkWrite([
      { insertOne: { document: { _id: 'own-loc', companyId: company.companyId, title: 'Own' } } },
      { insertOne: { document: { _id: 'foreign-loc', companyId: other.companyId, title: 'Foreign' } } },
    ]);
    const rule = (ids: string[]) => ({ Rules: [{ MinStars: 1, MaxStars: 5, Action: 'approval', LocationIds: ids }] });
    const foreign = await call('PUT', '/api/companyMetaData/auto-reply-rules', company.adminToken, rule(['own-loc', 'foreign-loc']));
    expect(foreign.status).toBe(404);
    expect(JSON.stringify(foreign.body.ApiError.Fields)).toContain('Rules[0].LocationIds');
    expect((await call('PUT', '/api/companyMetaData/auto-reply-rules', company.adminToken, rule(['no-such-location']))).status).toBe(404);
    const stored = await call('GET', '/api/companyMetaData/reviews-settings', company.adminToken);
    expect(JSON.stringify(stored.body.Data.Rules)).not.toContain('foreign-loc');
    const own = await call('PUT', '/api/companyMetaData/auto-reply-rules', company.adminToken, rule(['own-loc']));
    expect(own.status).toBe(200);
    await t.stack.readModels.waitForPosition(own.body.Position ?? 0, 5000);
    await expect
      .poll(async () => (await call('GET', '/api/companyMetaData/reviews-settings', company.adminToken)).body.Data.Rules[0]?.LocationIds)
      .toEqual(['own-loc']);
    await call('PUT', '/api/companyMetaData/auto-reply-rules', company.adminToken, { Rules: [] });
  });

  it('drafts a sample reply with the sent settings through the OpenAI-compatible endpoint and records the draft', async () => {
    const reviewId = await t.receiveReview(company.companyId, {
      starRating: 4,
      reviewer: { displayName: 'Maria Lopez', profilePhotoUrl: null, isAnonymous: false },
    });
    await t.stack.waitForProjections();
    const random = await call('GET', '/api/gmb/random-review', company.adminToken);
    expect(random.body.Data.ReviewId).toBe(reviewId);
    const res = await call('POST', '/api/companyMetaData/reviews-ai', company.adminToken, {
      ...settings,
      AutomateGoogleReviewsEnabled: false,
      RandomReviewId: reviewId,
    });
    expect(res.status).toBe(200);
    expect(res.body.ResponseData.AIGeneratedText).toMatch(/^Hello Maria,/);
    expect(res.body.ResponseData.AIGeneratedText).toContain('Sunrise Coffee Co.');
    const [drafted] = (await eventsOf(reviewAutomationStream(reviewId))).filter((e) => e.type === 'ReviewReplyDrafted');
    expect(drafted?.data).toMatchObject({ purpose: 'sample', promptVersion: 'review-reply@1', model: expect.any(String) });
    expect((drafted?.data as { completionTokens: number }).completionTokens).toBeGreaterThan(0);
    const other = await t.seedCompany('Other Co');
    expect((await call('POST', '/api/companyMetaData/reviews-ai', other.adminToken, { ...settings, RandomReviewId: reviewId })).status).toBe(404);
  });

  it('shows an LLM failure after its retries instead of swallowing it', async () => {
    const reviewId = await t.receiveReview(company.companyId, { starRating: 3 });
    await t.stack.waitForProjections();
    await fetch(`${t.stack.sandbox!.url}/openai/__sandbox/fail`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ mode: 'error', status: 503, count: 2 }),
    });
    const res = await call('POST', '/api/companyMetaData/reviews-ai', company.adminToken, {
      ...settings,
      AutomateGoogleReviewsEnabled: false,
      RandomReviewId: reviewId,
    });
    expect(res.status).toBe(503);
    expect(res.body.ApiError.ErrorCode).toBe('REVIEWS_AI.LLM_FAILED');
  });

  it('drafts a reply for the reply dialog as it is written, in the chosen tone, and posts nothing', async () => {
    const reviewId = await t.receiveReview(company.companyId, {
      starRating: 4,
      reviewer: { displayName: 'Maria Lopez', profilePhotoUrl: null, isAnonymous: false },
      comment: 'Friendly staff and a quick visit.',
    });
    await t.stack.waitForProjections();
    const draft = (token: string, body: unknown) =>
      fetch(`${t.stack.baseUrl}/api/gmb/review/${reviewId}/ai-draft`, {
        method: 'POST',
        headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
        body: JSON.stringify(body),
      });
    const res = await draft(company.adminToken, { Tone: 'Neutral' });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('text/event-stream');
    const frames = (await res.text())
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
    const sent = (await (await fetch(`${t.stack.sandbox!.url}/openai/__sandbox/requests`)).json()) as { requests: { messages: { content: string }[] }[] };
    const prompt = sent.requests.map((r) => r.messages.map((m) => m.content).join('\n')).find((p) => p.includes('Review: Friendly staff and a quick visit.'));
    expect(prompt).toContain('Tone: Neutral');
    // Nothing is posted or recorded: the person posts the edited text with the reply route.
    expect((await eventsOf(reviewStream(reviewId))).map((e) => e.type)).toEqual(['ReviewReceived']);
    expect(await eventsOf(reviewAutomationStream(reviewId))).toEqual([]);

    const badTone = await draft(company.adminToken, { Tone: 'Angry' });
    expect(badTone.status).toBe(400);
    expect(await badTone.text()).toContain('Tone');
    const other = await t.seedCompany('Elsewhere Co');
    expect((await draft(other.adminToken, {})).status).toBe(404);
  }, 90_000);

  it('posts a 5-star review after the delay, sends a 2-star one for approval by a single-use link', async () => {
    const history = await t.receiveReview(company.companyId, { starRating: 5, createTime: '2020-01-01T00:00:00.000Z' });
    expect((await call('PUT', '/api/companyMetaData/auto-reply-rules', company.adminToken, { Rules: rules })).status).toBe(200);
    expect((await call('POST', '/api/companyMetaData/reviews-settings', company.adminToken, settings)).status).toBe(200);
    await t.stack.waitForProjections();

    const five = await t.receiveReview(company.companyId, { starRating: 5 });
    const scheduled = await until('the outbox', async () => {
      const list = await call('GET', '/api/review-automation?Status=scheduled', company.adminToken);
      return list.body.Data.find((i: { ReviewId: string }) => i.ReviewId === five);
    });
    expect(scheduled.Reply).toContain('Jane');
    const requested = await until('the reply request', async () => (await eventsOf(reviewStream(five))).find((e) => e.type === 'ReviewReplyRequested'));
    expect(requested.data).toMatchObject({ comment: scheduled.Reply, by: { kind: 'automation' } });
    expect((await automationDoc(five))?.status).toBe('posting');

    const two = await t.receiveReview(company.companyId, { starRating: 2, comment: 'Cold coffee and a long wait.' });
    const mail = await t.stack.mailer.waitFor((m) => m.to === company.adminEmail && m.subject.includes('2-star'));
    const link = /https?:\/\/\S+approve-review\?reviewid=(\S+)/.exec(mail.text)!;
    const token = decodeURIComponent(link[1]!);
    const view = await call('GET', `/api/review-approval/${token}`);
    expect(view.status).toBe(200);
    expect(view.body.Data.Review).toMatchObject({ ReviewerDisplayName: 'Jane Doe', StarRating: 2, Comment: 'Cold coffee and a long wait.' });
    const approved = await call('POST', `/api/review-approval/${token}/approve`, undefined, { Comment: `${view.body.Data.Reply} See you soon.` });
    expect(approved.status).toBe(200);
    const request = await until('the approved reply request', async () => (await eventsOf(reviewStream(two))).find((e) => e.type === 'ReviewReplyRequested'));
    expect(request.data).toMatchObject({ by: { kind: 'approver' }, comment: expect.stringContaining('See you soon.') });

    const again = await call('POST', `/api/review-approval/${token}/approve`, undefined, { Comment: 'Again' });
    expect([again.status, again.body.ApiError.ErrorCode]).toEqual([409, 'REVIEWS_AI.LINK_USED']);
    const [id, exp, mac] = token.split('.') as [string, string, string];
    const tampered = [Buffer.from(`${Buffer.from(id, 'base64url').toString()}x`).toString('base64url'), exp, mac].join('.');
    expect((await call('GET', `/api/review-approval/${tampered}`)).body.ApiError.ErrorCode).toBe('REVIEWS_AI.LINK_INVALID');
    const signer = createLinkSigner(t.stack.config.jwtSecret, APPROVAL_LINK_PURPOSE);
    const expired = signer.sign(approvalLinkId(two, 'any'), new Date(Date.now() - 1000));
    const expiredAnswer = await call('GET', `/api/review-approval/${expired}`);
    expect([expiredAnswer.status, expiredAnswer.body.ApiError.ErrorCode]).toEqual([422, 'REVIEWS_AI.LINK_EXPIRED']);

    // the imported history is never answered
    await t.stack.waitForReactors();
    expect(await eventsOf(reviewAutomationStream(history))).toEqual([]);
  }, 60_000);

  it('lets a company admin cancel a scheduled reply, and approve or reject from the pending list', async () => {
    await call('PUT', '/api/companyMetaData/auto-reply-rules', company.adminToken, {
      Rules: [{ MinStars: 5, MaxStars: 5, Action: 'post', DelayMinutes: 600 }, ...rules.slice(1)],
    });
    await t.stack.waitForProjections();
    const five = await t.receiveReview(company.companyId, { starRating: 5 });
    await until('scheduled', async () => (await automationDoc(five))?.status === 'scheduled');
    expect((await call('POST', `/api/review-automation/${five}/cancel`, company.adminToken)).status).toBe(200);
    expect((await call('POST', `/api/review-automation/${five}/cancel`, company.adminToken)).status).toBe(409);

    const one = await t.receiveReview(company.companyId, { starRating: 1 });
    const three = await t.receiveReview(company.companyId, { starRating: 3 });
    await until('pending approvals', async () => {
      const list = await call('GET', '/api/review-automation?Status=awaiting-approval', company.adminToken);
      const ids = list.body.Data.map((i: { ReviewId: string }) => i.ReviewId);
      return ids.includes(one) && ids.includes(three);
    });
    expect((await call('POST', `/api/review-automation/${one}/approve`, company.adminToken, { Comment: '   ' })).status).toBe(400);
    expect((await call('POST', `/api/review-automation/${one}/approve`, company.adminToken, { Comment: 'We are sorry, please call us.' })).status).toBe(200);
    expect((await call('POST', `/api/review-automation/${three}/reject`, company.adminToken)).status).toBe(200);
    await t.stack.waitForProjections();
    expect((await automationDoc(one))?.status).toBe('posting');
    expect((await automationDoc(three))?.status).toBe('rejected');
    const other = await t.seedCompany('Third Co');
    expect((await call('POST', `/api/review-automation/${three}/reject`, other.adminToken)).status).toBe(404);
  }, 60_000);

  it('saves the brand and shows its agent on the approval page data', async () => {
    const save = await call('PUT', '/api/brand-settings', company.adminToken, {
      DisplayName: 'Sunrise Coffee',
      AgentName: 'Sam Rivera',
      AgentTitle: 'Store Manager',
      AgentPhotoUrl: 'ftp://nope',
      SignOff: '— Sam',
      WordsToAvoid: ['cheap'],
    });
    expect(save.status).toBe(400);
    expect(JSON.stringify(save.body.ApiError.Fields)).toContain('AgentPhotoUrl');
    const ok = await call('PUT', '/api/brand-settings', company.adminToken, {
      DisplayName: 'Sunrise Coffee',
      AgentName: 'Sam Rivera',
      AgentTitle: 'Store Manager',
      SignOff: '— Sam',
      WordsToAvoid: ['cheap'],
    });
    expect(ok.status).toBe(200);
    const read = await call('GET', '/api/brand-settings', company.userToken);
    expect(read.body.Data).toMatchObject({ DisplayName: 'Sunrise Coffee', AgentName: 'Sam Rivera', WordsToAvoid: ['cheap'] });
  });
});
