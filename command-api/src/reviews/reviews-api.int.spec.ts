import { randomUUID } from 'node:crypto';
import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { locationStream } from '@locus/contracts';
import { consentAs, sandboxDirectory } from '../connections/sandbox-consent';
import { startLocationsTestStack, type LocationsTestStack } from '../locations/testing/stack';
import { reviewsCommandRoutes, reviewsReactors } from '.';
import { systemMetadata } from './testing/review-events';
import { reviewIdOf } from './review-id';
import { sseReader } from '@locus/platform/http/testing';
import { reviewsQueryRoutes } from '@locus/query-api/reviews/index';
import { reviewsProjection } from '@locus/projectors/reviews/index';

let stack: LocationsTestStack;
let companyId = '';
let adminId = '';
let userId = '';
let adminToken = '';
let userToken = '';
let sandboxLocationId = '';
let locationId = '';
let googleTotal = 0;

async function call(method: string, path: string, token: string | null, body?: unknown) {
  const headers: Record<string, string> = {};
  if (token) headers.Authorization = `Bearer ${token}`;
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  const res = await fetch(`${stack.baseUrl}${path}`, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
  const text = await res.text();
  return { status: res.status, body: text ? (JSON.parse(text) as any) : null };
}

async function sandbox(method: string, path: string, body?: unknown) {
  const res = await fetch(`${stack.sandbox.url}/google/__sandbox${path}`, {
    method,
    headers: body === undefined ? {} : { 'Content-Type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  expect(res.status, `${method} ${path}`).toBeLessThan(300);
  return res.status === 204 ? null : (JSON.parse(await res.text()) as any);
}

/** Polls until `check` returns a value (no timing is asserted; the bound only stops a hung test). */
async function eventually<T>(check: () => Promise<T | undefined | null | false>, what: string, timeoutMs = 30_000): Promise<T> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const v = await check();
    if (v) return v;
    if (Date.now() > until) throw new Error(`Timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

const lazy = (token: string, body: Record<string, unknown> = {}) => call('POST', `/api/gmb/${companyId}/reviews-lazy`, token, { first: 0, rows: 10, ...body });

beforeAll(async () => {
  stack = await startLocationsTestStack({
    extras: {
      commandFeatures: [(d) => reviewsCommandRoutes(d)],
      queryFeatures: [reviewsQueryRoutes],
      projections: [reviewsProjection],
      reactors: [(d) => reviewsReactors(d)],
    },
  });
  ({ companyId, adminId, userId, adminToken, userToken } = await stack.seedCompany('Reviews Test Co'));
}, 60_000);
afterAll(async () => {
  await stack?.close();
});

describe('reviews: ingestion from Google, tables, replies, removals and edits', () => {
  it('imports the reviews of an imported location', async () => {
    const email = 'avery.johnson@gmail.com';
    const tokenUrl = await call('GET', '/api/gmb/token-url', adminToken);
    const { code, state } = await consentAs(tokenUrl.body.RedirectUrl, email);
    const cb = await call('POST', '/api/auth/callback', null, { Code: code, State: state });
    expect(cb.status, JSON.stringify(cb.body)).toBe(200);
    const { accounts } = await sandboxDirectory(stack.sandbox.url);
    const owned = accounts
      .filter((a) => a.type !== 'PERSONAL' && a.locationCount > 0 && a.members.some((m) => m.email === email))
      .sort((a, b) => a.locationCount - b.locationCount)[0]!;
    await stack.waitForProjections();
    const connect = await call('POST', `/api/gmb/connect-accounts/${cb.body.ProcessId}`, adminToken, { SelectedAccounts: [owned.name] });
    expect(connect.status, JSON.stringify(connect.body)).toBe(200);

    // Every imported location's reviews are read: the company's total is Google's.
    const docs = await eventually(
      async () => {
        await stack.waitForProjections();
        const stats = await stack.readModels.collection('review-location-stats').find({});
        return stats.filter((s) => s.lastSyncAt).length === owned.locationCount ? stats : null;
      },
      'every location’s reviews',
      100_000,
    );
    googleTotal = docs.reduce((n, s) => n + Number(s.googleTotalReviewCount ?? 0), 0);
    expect(googleTotal).toBeGreaterThan(0);
    const all = await lazy(adminToken);
    expect(all.status, JSON.stringify(all.body)).toBe(200);
    expect(all.body.totalResultsCount).toBe(googleTotal);
    expect(all.body.data).toHaveLength(Math.min(10, googleTotal));
    const times = all.body.data.map((r: any) => r.CreateTime);
    expect(times).toEqual([...times].sort().reverse());

    const busiest = docs.sort((a, b) => Number(b.total) - Number(a.total))[0]!;
    locationId = String(busiest.locationId);
    const loc = (await stack.eventStore.readStream(locationStream(locationId))).find((e) => e.type === 'LocationImported');
    sandboxLocationId = String((loc!.data as any).google.googleName)
      .split('/')
      .pop()!;
    const googleSide = await sandbox('GET', `/locations/${sandboxLocationId}/reviews`);
    expect(googleSide.reviews.length).toBe(Number(busiest.total));
  }, 120_000);

  it('filters by rating, unresponded and text; counts match; summary and growth agree', async () => {
    const five = await lazy(adminToken, { Params: { MinRating: 5 } });
    expect(five.body.data.every((r: any) => r.StarRating === 5)).toBe(true);
    const unresponded = await lazy(adminToken, { Params: { OnlyUnrespondedReviews: true }, rows: 100 });
    expect(unresponded.body.data.every((r: any) => r.ReviewReplyComment === null)).toBe(true);
    expect(unresponded.body.filteredResultsCount).toBe(unresponded.body.unrespondedCount);
    const summary = await call('GET', `/api/gmb/${companyId}/reviews-summary`, adminToken);
    expect(summary.body.Data.Total).toBe(googleTotal);
    expect(summary.body.Data.Unresponded).toBe(unresponded.body.unrespondedCount);
    expect(summary.body.Data.ByStars.reduce((a: number, b: number) => a + b, 0)).toBe(googleTotal);
    const withText = (await lazy(adminToken, { rows: 100 })).body.data.find((r: any) => r.Comment && r.Comment.length > 8);
    const term = withText.Comment.slice(2, 8);
    const search = await lazy(adminToken, { globalFilter: term.toUpperCase(), rows: 100 });
    expect(search.body.data.length).toBeGreaterThan(0);
    expect(search.body.data.every((r: any) => `${r.ReviewerDisplayName} ${r.Comment}`.toLowerCase().includes(term.toLowerCase()))).toBe(true);
    const growth = await call('GET', `/api/gmb/${companyId}/reviews-growth?days=365`, adminToken);
    expect(growth.body.Data).toHaveLength(365);
    expect(growth.body.Data.at(-1).Total).toBe(googleTotal);
    const bad = await lazy(adminToken, { Params: { MinRating: 9 } });
    expect(bad.status).toBe(400);
    expect(JSON.stringify(bad.body)).toContain('MinRating');
  });

  it('replies through Google; the reply is on Google and in the row', async () => {
    const open = (await call('POST', `/api/gmb/${locationId}/location-reviews-lazy`, adminToken, { Params: { OnlyUnrespondedReviews: true } })).body.data[0];
    expect(open).toBeDefined();
    const reply = await call('POST', `/api/gmb/review-reply/${open.Id}`, adminToken, {
      LocationId: locationId,
      ReviewId: open.Id,
      Comment: 'Thank you for visiting us!',
    });
    expect(reply.status, JSON.stringify(reply.body)).toBe(200);
    expect(reply.body).toMatchObject({
      Success: true,
      Data: { ReviewReply: { Comment: 'Thank you for visiting us!' } },
      ResponseMessage: 'Your reply to this review has been updated',
    });
    const onGoogle = await sandbox('GET', `/locations/${sandboxLocationId}/reviews/${open.LocationName.split('/').pop()}`);
    expect(onGoogle.reviewReply.comment).toBe('Thank you for visiting us!');
    await stack.waitForProjections();
    const row = (await call('GET', `/api/gmb/review/${open.Id}`, adminToken)).body.Data;
    expect(row).toMatchObject({ ReviewReplyComment: 'Thank you for visiting us!', ReplyState: 'posted', ReplyBy: { kind: 'user', userId: adminId } });

    // Deleting it removes it on Google too.
    const del = await call('DELETE', `/api/gmb/review-reply/${open.Id}`, adminToken);
    expect(del.body).toMatchObject({ Success: true, ResponseMessage: 'Your reply to this review has been deleted' });
    expect((await sandbox('GET', `/locations/${sandboxLocationId}/reviews/${open.LocationName.split('/').pop()}`)).reviewReply).toBeUndefined();
    // A reply Google rejects under its content policy is shown as failed, with Google's reason.
    const rejected = await call('POST', `/api/gmb/review-reply/${open.Id}`, adminToken, {
      LocationId: locationId,
      ReviewId: open.Id,
      Comment: 'You are a liar.',
    });
    expect(rejected.body).toMatchObject({ Success: false, ApiError: { ErrorMessage: expect.stringContaining('content policy') } });
    await stack.waitForProjections();
    expect((await call('GET', `/api/gmb/review/${open.Id}`, adminToken)).body.Data).toMatchObject({ ReplyState: 'failed', ReviewReplyComment: null });
    // An empty reply names the field.
    const empty = await call('POST', `/api/gmb/review-reply/${open.Id}`, adminToken, { LocationId: locationId, ReviewId: open.Id, Comment: '  ' });
    expect(empty.status).toBe(400);
    expect(JSON.stringify(empty.body)).toContain('Comment');
  }, 60_000);

  it('a company user sees only the reviews of locations assigned to them', async () => {
    expect((await lazy(userToken)).body.totalResultsCount).toBe(0);
    const someReview = (await lazy(adminToken)).body.data[0];
    expect((await call('GET', `/api/gmb/review/${someReview.Id}`, userToken)).status).toBe(404);
    await stack.eventStore.append(locationStream(locationId), [
      {
        id: randomUUID(),
        type: 'UserAssignedToLocation',
        data: { locationId, userId, userName: 'Uma User', userEmail: 'uma@example.test', isPrimaryOwner: false, isStaffMember: true, reason: 'assigned' },
        metadata: systemMetadata(companyId),
      },
    ]);
    await stack.waitForProjections();
    const mine = await lazy(userToken);
    const locSummary = await call('GET', `/api/gmb/${locationId}/location-reviews-summary`, adminToken);
    expect(mine.body.totalResultsCount).toBe(locSummary.body.Data.Total + locSummary.body.Data.Removed);
    expect(mine.body.data.every((r: any) => r.LocationId === locationId)).toBe(true);
    expect((await call('GET', `/api/gmb/${companyId}/reviews-summary`, userToken)).body.Data.Total).toBe(locSummary.body.Data.Total);
  });

  it('after a sync, a review removed on Google shows removed and a changed one keeps its old text', async () => {
    const googleSide = await sandbox('GET', `/locations/${sandboxLocationId}/reviews`);
    const [toRemove, toChange] = googleSide.reviews.filter((r: any) => r.comment);
    await sandbox('DELETE', `/locations/${sandboxLocationId}/reviews/${toRemove.reviewId}`);
    await sandbox('PATCH', `/locations/${sandboxLocationId}/reviews/${toChange.reviewId}`, { starRating: 1, comment: 'Changed my mind: terrible.' });
    const sync = await call('POST', `/api/gmb/${locationId}/sync`, adminToken);
    expect(sync.status, JSON.stringify(sync.body)).toBeLessThan(300);

    const rows = await eventually(async () => {
      await stack.waitForProjections();
      const r = await call('POST', `/api/gmb/${locationId}/location-reviews-lazy`, adminToken, { rows: 100, Params: { Removed: 'only' } });
      return r.body.data.length ? r.body.data : null;
    }, 'the removal');
    const removed = rows.find((r: any) => r.LocationName.endsWith(`/${toRemove.reviewId}`));
    expect(removed).toMatchObject({ IsRemoved: true, Comment: toRemove.comment });
    expect(removed.RemovedAt).toEqual(expect.any(String));

    const changed = await eventually(async () => {
      const r = await call('POST', `/api/gmb/${locationId}/location-reviews-lazy`, adminToken, { rows: 5, globalFilter: 'changed my mind' });
      return r.body.data[0];
    }, 'the edit');
    expect(changed).toMatchObject({ StarRating: 1, IsEdited: true, Sentiment: 'Negative' });
    const history = (await call('GET', `/api/gmb/review/${changed.Id}`, adminToken)).body.Data.History;
    expect(history.find((h: any) => h.Kind === 'updated')).toMatchObject({ Comment: toChange.comment });
    // A removed review can no longer be answered.
    const refused = await call('POST', `/api/gmb/review-reply/${removed.Id}`, adminToken, { LocationId: locationId, ReviewId: removed.Id, Comment: 'Hello' });
    expect(refused.status).toBe(422);
  }, 90_000);

  it('a review created on Google is pushed (no poll runs) and reaches the live stream; a push with a bad token is 401 and changes nothing', async () => {
    // Connecting the account set its notification setting to Locus's topic.
    const topic = stack.config.google.pubsub.topic;
    expect(topic).not.toBe('');
    const pubsub = async () => (await (await fetch(`${stack.sandbox.url}/google/__sandbox/pubsub`)).json()) as any;
    await eventually(async () => Object.values((await pubsub()).settings).some((x: any) => x.pubsubTopic === topic), 'the notification setting');
    expect(Object.values((await pubsub()).settings)).toContainEqual({ pubsubTopic: topic, notificationTypes: ['NEW_REVIEW', 'UPDATED_REVIEW'] });
    const pushEndpoint = `${stack.baseUrl}/api/google/notifications`;
    const audience = `${stack.config.publicUrl.replace(/\/$/, '')}/api/google/notifications`;
    await fetch(`${stack.sandbox.url}/google/__sandbox/pubsub/subscriptions`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ topic, pushEndpoint, audience }),
    });

    const live = await fetch(`${stack.queryUrl}/api/live`, { headers: { Authorization: `Bearer ${adminToken}` } });
    expect(live.status).toBe(200);
    const frames = sseReader(live);
    const created = await sandbox('POST', `/locations/${sandboxLocationId}/reviews`, {
      starRating: 2,
      comment: 'Pushed straight to Locus.',
      reviewerName: 'Pat Push',
    });
    const reviewId = reviewIdOf(created.name);
    // The aggregate page's live stream names the new review (no sync asked, no schedule running).
    for (;;) {
      const frame = await frames.next();
      expect(frame, 'the live stream ended before the review arrived').not.toBeNull();
      const message = frame!.data ? (JSON.parse(frame!.data) as { collection?: string; ids?: string[] }) : null;
      if (message?.collection === 'reviews' && message.ids?.includes(reviewId)) break;
    }
    const row = (await lazy(adminToken, { globalFilter: 'pushed straight' })).body.data[0];
    expect(row).toMatchObject({ ReviewId: reviewId, StarRating: 2, ReviewerDisplayName: 'Pat Push' });
    expect((await stack.eventStore.readStream(`review-sync-${locationId}`)).map((e) => e.type)).toContain('ReviewNotified');

    // A push signed by another key, or without a token, is refused and records nothing.
    const before = (await stack.eventStore.readStream(`review-sync-${locationId}`)).length;
    const message = (data: unknown) => ({
      message: { data: Buffer.from(JSON.stringify(data)).toString('base64'), messageId: randomUUID() },
      subscription: 'projects/x/subscriptions/y',
    });
    const forged = (await (
      await fetch(`${stack.sandbox.url}/google/__sandbox/pubsub/foreign-token`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ audience }),
      })
    ).json()) as { token: string };
    const body = message({ type: 'NEW_REVIEW', review: created.name, location: created.name.replace(/\/reviews\/.*$/, '') });
    for (const authorization of [`Bearer ${forged.token}`, 'Bearer not-a-jwt', '']) {
      const res = await fetch(pushEndpoint, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', ...(authorization ? { Authorization: authorization } : {}) },
        body: JSON.stringify(body),
      });
      expect(res.status, authorization).toBe(401);
    }
    expect((await stack.eventStore.readStream(`review-sync-${locationId}`)).length).toBe(before);
  }, 60_000);

  it('exports the filtered reviews as CSV, formulas escaped, within what the caller sees', async () => {
    const exportCsv = async (token: string, query: Record<string, string>) => {
      const res = await fetch(`${stack.baseUrl}/api/gmb/${companyId}/reviews-export?${new URLSearchParams(query)}`, {
        headers: { Authorization: `Bearer ${token}` },
      });
      return { status: res.status, type: res.headers.get('content-type'), text: await res.text() };
    };
    const rowsOf = (text: string) => parse(text, { columns: true, bom: true }) as Record<string, string>[];

    const five = await exportCsv(adminToken, { MinRating: '5', sortField: 'CreateTime', sortOrder: '-1' });
    expect(five.status).toBe(200);
    expect(five.type).toContain('text/csv');
    const fiveRows = rowsOf(five.text);
    expect(fiveRows.length).toBe((await lazy(adminToken, { Params: { MinRating: 5 } })).body.filteredResultsCount);
    expect(fiveRows.every((r) => r.Rating === '5')).toBe(true);
    expect(Object.keys(fiveRows[0]!)).toEqual(expect.arrayContaining(['Location', 'Reviewer', 'Rating', 'Review', 'Reply', 'Status']));

    // A reviewer's text a spreadsheet would run is written as text.
    const googleSide = await sandbox('GET', `/locations/${sandboxLocationId}/reviews`);
    const target = googleSide.reviews.find((r: any) => r.comment && !r.comment.startsWith('Changed'));
    await sandbox('PATCH', `/locations/${sandboxLocationId}/reviews/${target.reviewId}`, { comment: '=HYPERLINK("http://evil.example","prize")' });
    await call('POST', `/api/gmb/${locationId}/sync`, adminToken);
    const injected = await eventually(async () => {
      const r = rowsOf((await exportCsv(adminToken, { LocationId: locationId, globalFilter: 'hyperlink' })).text);
      return r.length ? r : null;
    }, 'the changed review in the export');
    expect(injected[0]!.Review).toBe(`'=HYPERLINK("http://evil.example","prize")`);

    // A company user's export holds only their locations; another location answers 404; a bad filter names its field.
    const mine = rowsOf((await exportCsv(userToken, {})).text);
    const theirs = await lazy(userToken, { rows: 1 });
    expect(mine.length).toBe(theirs.body.totalResultsCount);
    expect((await exportCsv(userToken, { LocationId: randomUUID() })).status).toBe(404);
    const bad = await exportCsv(adminToken, { MinRating: '9' });
    expect(bad.status).toBe(400);
    expect(bad.text).toContain('MinRating');
  }, 60_000);
});
