import { randomUUID } from 'node:crypto';
import { parse } from 'csv-parse/sync';
import { describe, expect, it, onTestFinished } from 'vitest';
import {
  authCallbackRoute,
  companyReviewsRoute,
  connectAccountsRoute,
  connectTokenUrlRoute,
  deleteReviewReplyRoute,
  exportReviewsRoute,
  getReviewRoute,
  locationReviewsRoute,
  locationReviewsSummaryRoute,
  locationStream,
  reviewsGrowthRoute,
  reviewsSummaryRoute,
  syncLocationRoute,
  updateReviewReplyRoute,
  type RequestInput,
} from '@locus/contracts';
import { eventually } from '@locus/tests/stack/eventually';
import { requestJson } from '@locus/tests/stack/route-client';
import { consentAs, sandboxDirectory } from '../connections/sandbox-consent';
import { startLocationsTestStack } from '../locations/testing/stack';
import { reviewsCommandRoutes, reviewsReactors } from '.';
import { systemMetadata } from './testing/review-events';
import { reviewIdOf } from './review-id';
import { sseReader } from '@locus/platform/http/testing';
import { reviewsQueryRoutes } from '@locus/query-api/reviews/index';
import { reviewsProjection } from '@locus/projectors/reviews/index';

/** A review as the sandbox's Google shows it. */
interface GoogleReview {
  name: string;
  reviewId: string;
  comment?: string;
  reviewReply?: { comment: string };
}

/** The Google user whose business account each test imports. */
const GOOGLE_USER = 'avery.johnson@gmail.com';

/**
 * The given state of every test: a stack of its own (its own sandbox, so no test sees another's
 * changes on Google) with a company that connected the Google user's smallest business account
 * and has read every location's reviews. `locationId` is the location with the most reviews.
 */
async function givenImportedReviews() {
  const stack = await startLocationsTestStack({
    extras: {
      commandFeatures: [(d) => reviewsCommandRoutes(d)],
      queryFeatures: [reviewsQueryRoutes],
      projections: [reviewsProjection],
      reactors: [(d) => reviewsReactors(d)],
    },
  });
  onTestFinished(() => stack.close());
  const { companyId, adminId, userId, adminToken, userToken } = await stack.seedCompany('Reviews Test Co');
  const { send } = stack.test;
  const tokenUrl = await send(connectTokenUrlRoute, { token: adminToken });
  const { code, state } = await consentAs(tokenUrl.body.RedirectUrl!, GOOGLE_USER);
  const cb = await send(authCallbackRoute, { body: { Code: code, State: state } });
  expect(cb.status, cb.text).toBe(200);
  const { accounts } = await sandboxDirectory(stack.sandbox.url);
  const owned = accounts
    .filter((a) => a.type !== 'PERSONAL' && a.locationCount > 0 && a.members.some((m) => m.email === GOOGLE_USER))
    .sort((a, b) => a.locationCount - b.locationCount)[0]!;
  await stack.waitForProjections();
  const connect = await send(connectAccountsRoute, { params: { processId: cb.body.ProcessId! }, body: { SelectedAccounts: [owned.name] }, token: adminToken });
  expect(connect.status, connect.text).toBe(200);

  // Every imported location's reviews are read.
  const stats = await eventually(
    async () => {
      await stack.waitForProjections();
      const docs = await stack.readModels.collection('review-location-stats').find({});
      return docs.filter((s) => s.lastSyncAt).length === owned.locationCount ? docs : null;
    },
    { what: 'every location’s reviews', timeoutMs: 100_000 },
  );
  const googleTotal = stats.reduce((n, s) => n + Number(s.googleTotalReviewCount ?? 0), 0);
  const busiest = [...stats].sort((a, b) => Number(b.total) - Number(a.total))[0]!;
  const locationId = String(busiest.locationId);
  const imported = (await stack.eventStore.readStream(locationStream(locationId))).find((e) => e.type === 'LocationImported');
  const googleName = (imported?.data as { google?: { googleName?: string } } | undefined)?.google?.googleName;
  const sandboxLocationId = String(googleName).split('/').pop()!;

  /** The sandbox's admin hooks on Google's reviews of the location. */
  const sandbox = async <T = GoogleReview>(method: string, path: string, body?: unknown) => {
    const res = await requestJson<T>(`${stack.sandbox.url}/google/__sandbox/locations/${sandboxLocationId}/reviews${path}`, { method, body });
    expect(res.status, `${method} ${path}: ${res.text}`).toBeLessThan(300);
    return res.body;
  };
  const lazy = (token: string, body: RequestInput<typeof companyReviewsRoute, 'body'> = {}) =>
    send(companyReviewsRoute, { params: { companyId }, body: { first: 0, rows: 10, ...body }, token });
  return { stack, send, companyId, adminId, userId, adminToken, userToken, stats, googleTotal, busiest, locationId, sandboxLocationId, sandbox, lazy };
}

describe('reviews: ingestion from Google, tables, replies, removals and edits', () => {
  it('imports the reviews of an imported location', async () => {
    const { stats, googleTotal, busiest, adminToken, sandbox, lazy } = await givenImportedReviews();
    // The company's total is Google's.
    expect(stats.length).toBeGreaterThan(0);
    expect(googleTotal).toBeGreaterThan(0);
    const all = await lazy(adminToken);
    expect(all.status, all.text).toBe(200);
    expect(all.body.totalResultsCount).toBe(googleTotal);
    expect(all.body.data).toHaveLength(Math.min(10, googleTotal));
    const times = all.body.data.map((r) => r.CreateTime);
    expect(times).toEqual([...times].sort().reverse());
    const googleSide = await sandbox<{ reviews: GoogleReview[] }>('GET', '');
    expect(googleSide.reviews.length).toBe(Number(busiest.total));
  }, 120_000);

  it('filters by rating, unresponded and text; counts match; summary and growth agree', async () => {
    const { send, companyId, adminToken, googleTotal, lazy } = await givenImportedReviews();
    const five = await lazy(adminToken, { Params: { MinRating: 5 } });
    expect(five.body.data.every((r) => r.StarRating === 5)).toBe(true);
    const unresponded = await lazy(adminToken, { Params: { OnlyUnrespondedReviews: true }, rows: 100 });
    expect(unresponded.body.data.every((r) => r.ReviewReplyComment === null)).toBe(true);
    expect(unresponded.body.filteredResultsCount).toBe(unresponded.body.unrespondedCount);
    const summary = await send(reviewsSummaryRoute, { params: { companyId }, token: adminToken });
    expect(summary.body.Data.Total).toBe(googleTotal);
    expect(summary.body.Data.Unresponded).toBe(unresponded.body.unrespondedCount);
    expect(summary.body.Data.ByStars.reduce((a, b) => a + b, 0)).toBe(googleTotal);
    const withText = (await lazy(adminToken, { rows: 100 })).body.data.find((r) => r.Comment && r.Comment.length > 8);
    const term = withText!.Comment!.slice(2, 8);
    const search = await lazy(adminToken, { globalFilter: term.toUpperCase(), rows: 100 });
    expect(search.body.data.length).toBeGreaterThan(0);
    expect(search.body.data.every((r) => `${r.ReviewerDisplayName} ${r.Comment}`.toLowerCase().includes(term.toLowerCase()))).toBe(true);
    const growth = await send(reviewsGrowthRoute, { params: { companyId }, query: { days: 365 }, token: adminToken });
    expect(growth.body.Data).toHaveLength(365);
    expect(growth.body.Data.at(-1)!.Total).toBe(googleTotal);
    const bad = await lazy(adminToken, { Params: { MinRating: 9 } });
    expect(bad.status).toBe(400);
    expect(bad.text).toContain('MinRating');
  }, 120_000);

  it('replies through Google; the reply is on Google and in the row', async () => {
    const { stack, send, adminId, adminToken, locationId, sandbox } = await givenImportedReviews();
    const open = (await send(locationReviewsRoute, { params: { locationId }, body: { Params: { OnlyUnrespondedReviews: true } }, token: adminToken })).body
      .data[0]!;
    expect(open).toBeDefined();
    const googleReviewId = open.LocationName.split('/').pop();
    const reply = await send(updateReviewReplyRoute, {
      params: { reviewId: open.Id },
      body: { LocationId: locationId, ReviewId: open.Id, Comment: 'Thank you for visiting us!' },
      token: adminToken,
    });
    expect(reply.status, reply.text).toBe(200);
    expect(reply.body).toMatchObject({
      Success: true,
      Data: { ReviewReply: { Comment: 'Thank you for visiting us!' } },
      ResponseMessage: 'Your reply to this review has been updated',
    });
    const onGoogle = await sandbox('GET', `/${googleReviewId}`);
    expect(onGoogle.reviewReply!.comment).toBe('Thank you for visiting us!');
    await stack.waitForProjections();
    const row = (await send(getReviewRoute, { params: { reviewId: open.Id }, token: adminToken })).body.Data;
    expect(row).toMatchObject({ ReviewReplyComment: 'Thank you for visiting us!', ReplyState: 'posted', ReplyBy: { kind: 'user', userId: adminId } });

    // Deleting it removes it on Google too.
    const del = await send(deleteReviewReplyRoute, { params: { reviewId: open.Id }, token: adminToken });
    expect(del.body).toMatchObject({ Success: true, ResponseMessage: 'Your reply to this review has been deleted' });
    expect((await sandbox('GET', `/${googleReviewId}`)).reviewReply).toBeUndefined();
    // A reply Google rejects under its content policy is shown as failed, with Google's reason.
    const rejected = await send(updateReviewReplyRoute, {
      params: { reviewId: open.Id },
      body: { LocationId: locationId, ReviewId: open.Id, Comment: 'You are a liar.' },
      token: adminToken,
    });
    expect(rejected.body).toMatchObject({ Success: false, ApiError: { ErrorMessage: expect.stringContaining('content policy') } });
    await stack.waitForProjections();
    expect((await send(getReviewRoute, { params: { reviewId: open.Id }, token: adminToken })).body.Data).toMatchObject({
      ReplyState: 'failed',
      ReviewReplyComment: null,
    });
    // An empty reply names the field.
    const empty = await send(updateReviewReplyRoute, {
      params: { reviewId: open.Id },
      body: { LocationId: locationId, ReviewId: open.Id, Comment: '  ' },
      token: adminToken,
    });
    expect(empty.status).toBe(400);
    expect(empty.text).toContain('Comment');
  }, 120_000);

  it('a company user sees only the reviews of locations assigned to them', async () => {
    const { stack, send, companyId, userId, adminToken, userToken, locationId, lazy } = await givenImportedReviews();
    expect((await lazy(userToken)).body.totalResultsCount).toBe(0);
    const someReview = (await lazy(adminToken)).body.data[0]!;
    expect((await send(getReviewRoute, { params: { reviewId: someReview.Id }, token: userToken })).status).toBe(404);
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
    const locSummary = await send(locationReviewsSummaryRoute, { params: { locationId }, token: adminToken });
    expect(mine.body.totalResultsCount).toBe(locSummary.body.Data.Total + locSummary.body.Data.Removed);
    expect(mine.body.data.every((r) => r.LocationId === locationId)).toBe(true);
    expect((await send(reviewsSummaryRoute, { params: { companyId }, token: userToken })).body.Data.Total).toBe(locSummary.body.Data.Total);
  }, 120_000);

  it('after a sync, a review removed on Google shows removed and a changed one keeps its old text', async () => {
    const { stack, send, adminToken, locationId, sandbox } = await givenImportedReviews();
    const googleSide = await sandbox<{ reviews: GoogleReview[] }>('GET', '');
    const [toRemove, toChange] = googleSide.reviews.filter((r) => r.comment);
    await sandbox('DELETE', `/${toRemove!.reviewId}`);
    await sandbox('PATCH', `/${toChange!.reviewId}`, { starRating: 1, comment: 'Changed my mind: terrible.' });
    const sync = await send(syncLocationRoute, { params: { id: locationId }, token: adminToken });
    expect(sync.status, sync.text).toBeLessThan(300);

    const rows = await eventually(
      async () => {
        await stack.waitForProjections();
        const r = await send(locationReviewsRoute, { params: { locationId }, body: { rows: 100, Params: { Removed: 'only' } }, token: adminToken });
        return r.body.data.length ? r.body.data : null;
      },
      { what: 'the removal' },
    );
    const removed = rows.find((r) => r.LocationName.endsWith(`/${toRemove!.reviewId}`))!;
    expect(removed).toMatchObject({ IsRemoved: true, Comment: toRemove!.comment });
    expect(removed.RemovedAt).toEqual(expect.any(String));

    const changed = await eventually(
      async () => {
        const r = await send(locationReviewsRoute, { params: { locationId }, body: { rows: 5, globalFilter: 'changed my mind' }, token: adminToken });
        return r.body.data[0];
      },
      { what: 'the edit' },
    );
    expect(changed).toMatchObject({ StarRating: 1, IsEdited: true, Sentiment: 'Negative' });
    const history = (await send(getReviewRoute, { params: { reviewId: changed.Id }, token: adminToken })).body.Data.History;
    expect(history.find((h) => h.Kind === 'updated')).toMatchObject({ Comment: toChange!.comment });
    // A removed review can no longer be answered.
    const refused = await send(updateReviewReplyRoute, {
      params: { reviewId: removed.Id },
      body: { LocationId: locationId, ReviewId: removed.Id, Comment: 'Hello' },
      token: adminToken,
    });
    expect(refused.status).toBe(422);
  }, 120_000);

  it('a review created on Google is pushed (no poll runs) and reaches the live stream; a push with a bad token is 401 and changes nothing', async () => {
    const { stack, adminToken, locationId, sandbox, lazy } = await givenImportedReviews();
    // Connecting the account set its notification setting to Locus's topic.
    const topic = stack.config.google.pubsub.topic;
    expect(topic).not.toBe('');
    // With pushes configured, polling is the hourly safety net (and no schedule runs in this stack at all).
    expect(stack.config.reviewsSyncIntervalMs).toBe(3_600_000);
    const pubsub = async () => (await requestJson<{ settings: Record<string, unknown> }>(`${stack.sandbox.url}/google/__sandbox/pubsub`)).body;
    await eventually(async () => Object.values((await pubsub()).settings).some((x) => (x as { pubsubTopic?: string }).pubsubTopic === topic), {
      what: 'the notification setting',
    });
    expect(Object.values((await pubsub()).settings)).toContainEqual({
      pubsubTopic: topic,
      notificationTypes: ['NEW_REVIEW', 'UPDATED_REVIEW', 'GOOGLE_UPDATE'],
    });
    const pushEndpoint = `${stack.baseUrl}/api/google/notifications`;
    const audience = `${stack.config.publicUrl.replace(/\/$/, '')}/api/google/notifications`;
    await requestJson(`${stack.sandbox.url}/google/__sandbox/pubsub/subscriptions`, { method: 'POST', body: { topic, pushEndpoint, audience } });

    const live = await fetch(`${stack.queryUrl}/api/live`, { headers: { Authorization: `Bearer ${adminToken}` } });
    expect(live.status).toBe(200);
    const frames = sseReader(live);
    const created = await sandbox('POST', '', { starRating: 2, comment: 'Pushed straight to Locus.', reviewerName: 'Pat Push' });
    const reviewId = reviewIdOf(created.name);
    // The aggregate page's live stream names the new review within 5 s (no sync asked, no schedule running).
    const named = (async () => {
      for (;;) {
        const frame = await frames.next();
        if (!frame) return 'the live stream ended before the review arrived';
        const message = frame.data ? (JSON.parse(frame.data) as { collection?: string; ids?: string[] }) : null;
        if (message?.collection === 'reviews' && message.ids?.includes(reviewId)) return 'named';
      }
    })();
    const late = new Promise<string>((resolve) => setTimeout(() => resolve('not named within 5 s'), 5_000).unref());
    expect(await Promise.race([named, late])).toBe('named');
    const row = (await lazy(adminToken, { globalFilter: 'pushed straight' })).body.data[0];
    expect(row).toMatchObject({ ReviewId: reviewId, StarRating: 2, ReviewerDisplayName: 'Pat Push' });
    expect((await stack.eventStore.readStream(`review-sync-${locationId}`)).map((e) => e.type)).toContain('ReviewNotified');

    // A push signed by another key, or without a token, is refused and records nothing.
    const before = (await stack.eventStore.readStream(`review-sync-${locationId}`)).length;
    const message = (data: unknown) => ({
      message: { data: Buffer.from(JSON.stringify(data)).toString('base64'), messageId: randomUUID() },
      subscription: 'projects/x/subscriptions/y',
    });
    const forged = (await requestJson<{ token: string }>(`${stack.sandbox.url}/google/__sandbox/pubsub/foreign-token`, { method: 'POST', body: { audience } }))
      .body;
    const body = message({ type: 'NEW_REVIEW', review: created.name, location: created.name.replace(/\/reviews\/.*$/, '') });
    for (const authorization of [`Bearer ${forged.token}`, 'Bearer not-a-jwt', '']) {
      const res = await requestJson(pushEndpoint, { method: 'POST', body, headers: authorization ? { Authorization: authorization } : {} });
      expect(res.status, authorization).toBe(401);
    }
    expect((await stack.eventStore.readStream(`review-sync-${locationId}`)).length).toBe(before);
  }, 120_000);

  it('exports the filtered reviews as CSV, formulas escaped, within what the caller sees', async () => {
    const { send, companyId, adminToken, userToken, locationId, sandbox, lazy } = await givenImportedReviews();
    const exportCsv = async (token: string, query: Record<string, string>) => {
      const res = await send(exportReviewsRoute, { params: { companyId }, query, token });
      return { status: res.status, type: res.headers.get('content-type'), text: res.text };
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
    const googleSide = await sandbox<{ reviews: GoogleReview[] }>('GET', '');
    const target = googleSide.reviews.find((r) => r.comment)!;
    await sandbox('PATCH', `/${target.reviewId}`, { comment: '=HYPERLINK("http://evil.example","prize")' });
    await send(syncLocationRoute, { params: { id: locationId }, token: adminToken });
    const injected = await eventually(
      async () => {
        const r = rowsOf((await exportCsv(adminToken, { LocationId: locationId, globalFilter: 'hyperlink' })).text);
        return r.length ? r : null;
      },
      { what: 'the changed review in the export' },
    );
    expect(injected[0]!.Review).toBe(`'=HYPERLINK("http://evil.example","prize")`);

    // A company user's export holds only their locations; another location answers 404; a bad filter names its field.
    const mine = rowsOf((await exportCsv(userToken, {})).text);
    const theirs = await lazy(userToken, { rows: 1 });
    expect(mine.length).toBe(theirs.body.totalResultsCount);
    expect((await exportCsv(userToken, { LocationId: randomUUID() })).status).toBe(404);
    const bad = await exportCsv(adminToken, { MinRating: '9' });
    expect(bad.status).toBe(400);
    expect(bad.text).toContain('MinRating');
  }, 120_000);
});
