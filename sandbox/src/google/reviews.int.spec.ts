import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSandbox, type RunningSandbox } from '../index';
import { TYPE_REVIEW_TEXTS } from './seed/review-content';
import { accessTokenFor, callJson } from './testing';

const AM = '/google/mybusinessaccountmanagement/v1';
const BI = '/google/mybusinessbusinessinformation/v1';
const V4 = '/google/mybusiness/v4';
const ADMIN = '/google/__sandbox';
const STAR = { ONE: 1, TWO: 2, THREE: 3, FOUR: 4, FIVE: 5 } as Record<string, number>;

interface Started {
  sandbox: RunningSandbox;
  dir: string;
}
const started: Started[] = [];
async function start(seed?: number): Promise<RunningSandbox> {
  const dir = mkdtempSync(path.join(tmpdir(), 'sandbox-reviews-'));
  const sandbox = await startSandbox({ httpPort: 0, smtpPort: 0, dataDir: dir, ...(seed ? { seed } : {}), log: () => {} });
  started.push({ sandbox, dir });
  return sandbox;
}
afterAll(async () => {
  for (const s of started) {
    await s.sandbox.close();
    rmSync(s.dir, { recursive: true, force: true });
  }
});

/** An account's location names (`locations/{id}`) and the v4 base path of each. */
async function locationsOf(url: string, token: string, accountName: string, count = 100) {
  const accounts = await callJson(url, token, 'GET', `${AM}/accounts`);
  const account = accounts.json.accounts.find((a: { accountName: string }) => a.accountName === accountName).name as string;
  const list = await callJson(url, token, 'GET', `${BI}/${account}/locations?readMask=name,title&pageSize=${count}`);
  return (list.json.locations as { name: string; title: string }[]).map((l) => ({ ...l, id: l.name.split('/')[1]!, v4: `${V4}/${account}/${l.name}` }));
}

/** Every review of a location through Google's paging. */
async function allReviews(url: string, token: string, v4: string, orderBy = 'updateTime desc', pageSize = 50) {
  const reviews: any[] = [];
  let pageToken = '';
  let first: any;
  do {
    const res = await callJson(
      url,
      token,
      'GET',
      `${v4}/reviews?pageSize=${pageSize}&orderBy=${encodeURIComponent(orderBy)}${pageToken ? `&pageToken=${pageToken}` : ''}`,
    );
    expect(res.status).toBe(200);
    first ??= res.json;
    reviews.push(...(res.json.reviews ?? []));
    pageToken = res.json.nextPageToken ?? '';
  } while (pageToken);
  return { reviews, averageRating: first.averageRating as number, totalReviewCount: first.totalReviewCount as number };
}

describe('Google v4 reviews', () => {
  let url: string;
  let token: string;
  let northwind: Awaited<ReturnType<typeof locationsOf>>;
  beforeAll(async () => {
    url = (await start()).url;
    token = await accessTokenFor(url, 'daniel.kim.autos@gmail.com');
    northwind = await locationsOf(url, token, 'Northwind Auto Care', 40);
  });

  it("lists a location's reviews in Google's shape, paged, with averageRating and totalReviewCount over all of them", async () => {
    let loc = northwind[0]!;
    for (const l of northwind) {
      if ((await callJson(url, token, 'GET', `${l.v4}/reviews?pageSize=1`)).json.totalReviewCount > 25) {
        loc = l;
        break;
      }
    }
    const { reviews, averageRating, totalReviewCount } = await allReviews(url, token, loc.v4, 'updateTime desc', 10);
    expect(reviews.length).toBe(totalReviewCount);
    expect(new Set(reviews.map((r) => r.reviewId)).size).toBe(totalReviewCount);
    expect(averageRating).toBe(Math.round((reviews.reduce((s, r) => s + STAR[r.starRating]!, 0) / reviews.length) * 10) / 10);
    for (const r of reviews) {
      expect(r.name).toBe(`${loc.v4.slice(V4.length + 1)}/reviews/${r.reviewId}`);
      expect(Object.keys(STAR)).toContain(r.starRating);
      expect(r.createTime).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
      expect(r.updateTime >= r.createTime).toBe(true);
      expect(typeof r.reviewer.displayName).toBe('string');
      if (r.reviewer.isAnonymous) expect(r.reviewer).toEqual({ displayName: 'A Google User', isAnonymous: true });
      else expect(r.reviewer.profilePhotoUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/google\/images\/avatar\//);
      expect(r.removeAt).toBeUndefined();
    }
    const times = reviews.map((r) => r.updateTime);
    expect(times).toEqual([...times].sort().reverse());
  });

  it('orders by rating ascending and descending, and refuses unknown orders and a page token of another order', async () => {
    const loc = northwind[1]!;
    const asc = (await allReviews(url, token, loc.v4, 'rating')).reviews.map((r) => STAR[r.starRating]!);
    const desc = (await allReviews(url, token, loc.v4, 'rating desc')).reviews.map((r) => STAR[r.starRating]!);
    expect(asc).toEqual([...asc].sort((a, b) => a - b));
    expect(desc).toEqual([...asc].reverse());
    const bad = await callJson(url, token, 'GET', `${loc.v4}/reviews?orderBy=stars`);
    expect(bad.status).toBe(400);
    expect(bad.json.error.details.at(-1).fieldViolations[0].field).toBe('orderBy');
    const first = await callJson(url, token, 'GET', `${northwind[2]!.v4}/reviews?pageSize=1&orderBy=rating`);
    const mismatched = await callJson(url, token, 'GET', `${northwind[2]!.v4}/reviews?pageSize=1&pageToken=${first.json.nextPageToken}`);
    expect(mismatched.status).toBe(400);
    expect(mismatched.json.error.details.at(-1).fieldViolations[0].field).toBe('pageToken');
  });

  it('seeds a realistic mix: every star rating, some without text, some replied, some anonymous, texts of the business type', async () => {
    const all: any[] = [];
    for (const l of northwind.slice(0, 30)) all.push(...(await allReviews(url, token, l.v4)).reviews);
    const counts = Object.fromEntries(Object.keys(STAR).map((s) => [s, all.filter((r) => r.starRating === s).length]));
    for (const s of Object.keys(STAR)) expect(counts[s]).toBeGreaterThan(0);
    expect(counts.FIVE + counts.FOUR).toBeGreaterThan(all.length / 2);
    expect(all.filter((r) => r.comment === undefined).length).toBeGreaterThan(0);
    expect(all.filter((r) => r.reviewReply?.state === 'APPROVED').length).toBeGreaterThan(all.length / 4);
    expect(all.filter((r) => !r.reviewReply).length).toBeGreaterThan(0);
    expect(all.filter((r) => r.reviewer.isAnonymous).length).toBeGreaterThan(0);
    // An auto shop's reviews speak of cars; no coffee-shop text shows up there.
    const comments = all.map((r) => r.comment ?? '');
    const start = (t: string) => t.split('{')[0]!.slice(0, 25);
    const distinctive = (texts: string[]) => texts.map(start).filter((t) => t.length >= 12);
    const autoTexts = distinctive(Object.values(TYPE_REVIEW_TEXTS.auto).flat());
    const coffeeTexts = distinctive(Object.values(TYPE_REVIEW_TEXTS.coffee).flat());
    expect(comments.some((c) => autoTexts.some((t) => c.startsWith(t)))).toBe(true);
    expect(comments.some((c) => coffeeTexts.some((t) => c.startsWith(t)))).toBe(false);
  });

  it('gets one review, replies (updateReply) and deletes the reply (deleteReply)', async () => {
    const [r] = (await callJson(url, token, 'GET', `${northwind[3]!.v4}/reviews?pageSize=1`)).json.reviews;
    const got = await callJson(url, token, 'GET', `${V4}/${r.name}`);
    expect(got.json).toEqual(r);
    const reply = await callJson(url, token, 'PUT', `${V4}/${r.name}/reply`, { comment: 'Thanks for choosing Northwind!' });
    expect(reply.status).toBe(200);
    expect(reply.json).toMatchObject({ comment: 'Thanks for choosing Northwind!', state: 'APPROVED', updateTime: expect.any(String) });
    expect((await callJson(url, token, 'GET', `${V4}/${r.name}`)).json.reviewReply.comment).toBe('Thanks for choosing Northwind!');
    const admin = await callJson(url, undefined, 'GET', `${ADMIN}/locations/${northwind[3]!.id}/reviews/${r.reviewId}`);
    expect(admin.json.reviewReply.comment).toBe('Thanks for choosing Northwind!');

    const empty = await callJson(url, token, 'PUT', `${V4}/${r.name}/reply`, { comment: '  ' });
    expect(empty.status).toBe(400);
    expect(empty.json.error.details.at(-1).fieldViolations[0].field).toBe('comment');
    const long = await callJson(url, token, 'PUT', `${V4}/${r.name}/reply`, { comment: 'x'.repeat(4097) });
    expect(long.status).toBe(400);

    expect((await callJson(url, token, 'DELETE', `${V4}/${r.name}/reply`)).status).toBe(200);
    expect((await callJson(url, token, 'GET', `${V4}/${r.name}`)).json.reviewReply).toBeUndefined();
    expect((await callJson(url, token, 'DELETE', `${V4}/${r.name}/reply`)).status).toBe(404);
    expect((await callJson(url, token, 'GET', `${V4}/${r.name}x`)).status).toBe(404);
  });

  it('batchGetReviews lists the reviews of several locations of an account in one order, paged, optionally without rating-only ones', async () => {
    const account = northwind[0]!.v4.split('/locations/')[0]!.slice(V4.length + 1);
    const three = northwind.slice(6, 9);
    const expected = (await Promise.all(three.map((l) => allReviews(url, token, l.v4)))).flatMap((x) => x.reviews);
    const seen: any[] = [];
    let pageToken: string | undefined;
    do {
      const res = await callJson(url, token, 'POST', `${V4}/${account}/locations:batchGetReviews`, {
        locationNames: three.map((l) => `${account}/${l.name}`),
        pageSize: 20,
        ...(pageToken ? { pageToken } : {}),
      });
      expect(res.status).toBe(200);
      seen.push(...res.json.locationReviews);
      pageToken = res.json.nextPageToken;
    } while (pageToken);
    expect(seen.map((x) => x.review.reviewId).sort()).toEqual(expected.map((r) => r.reviewId).sort());
    const times = seen.map((x) => x.review.updateTime);
    expect(times).toEqual([...times].sort().reverse());
    for (const x of seen) expect(x.review.name.startsWith(`${x.name}/reviews/`)).toBe(true);
    const withText = await callJson(url, token, 'POST', `${V4}/${account}/locations:batchGetReviews`, {
      locationNames: three.map((l) => `${account}/${l.name}`),
      ignoreRatingOnlyReviews: true,
      pageSize: 50,
    });
    expect(withText.json.locationReviews.every((x: any) => typeof x.review.comment === 'string')).toBe(true);
    const tooMany = await callJson(url, token, 'POST', `${V4}/${account}/locations:batchGetReviews`, {
      locationNames: Array.from({ length: 51 }, () => `${account}/${three[0]!.name}`),
    });
    expect(tooMany.json.error.details.at(-1).fieldViolations[0].field).toBe('locationNames');
    const foreign = await callJson(url, token, 'POST', `${V4}/${account}/locations:batchGetReviews`, { locationNames: ['accounts/1/locations/2'] });
    expect(foreign.json.error.details.at(-1).fieldViolations[0].field).toBe('locationNames[0]');
  });

  it('refuses reviews of a location the caller cannot see', async () => {
    const other = await accessTokenFor(url, 'marcus.lee.newbiz@gmail.com');
    const res = await callJson(url, other, 'GET', `${northwind[0]!.v4}/reviews`);
    expect(res.status).toBe(403);
    expect(res.json.error.status).toBe('PERMISSION_DENIED');
    expect((await callJson(url, undefined, 'GET', `${northwind[0]!.v4}/reviews`)).status).toBe(401);
  });

  it('lets tests add, change and remove reviews through the admin API', async () => {
    const loc = northwind[4]!;
    const before = await allReviews(url, token, loc.v4);
    const added = await callJson(url, undefined, 'POST', `${ADMIN}/locations/${loc.id}/reviews`, {
      starRating: 'TWO',
      comment: 'Oil change took three hours.',
      reviewerName: 'Jamie Rivera',
    });
    expect(added.status).toBe(200);
    expect(added.json).toMatchObject({
      starRating: 'TWO',
      comment: 'Oil change took three hours.',
      reviewer: { displayName: 'Jamie Rivera', isAnonymous: false },
    });
    const afterAdd = await allReviews(url, token, loc.v4);
    expect(afterAdd.totalReviewCount).toBe(before.totalReviewCount + 1);
    expect(afterAdd.reviews[0]).toEqual(added.json);

    const changed = await callJson(url, undefined, 'PATCH', `${ADMIN}/locations/${loc.id}/reviews/${added.json.reviewId}`, {
      starRating: 4,
      comment: 'Took long, but they fixed it right.',
      updateTime: '2099-01-01T00:00:00Z',
    });
    expect(changed.json).toMatchObject({
      starRating: 'FOUR',
      comment: 'Took long, but they fixed it right.',
      createTime: added.json.createTime,
      updateTime: '2099-01-01T00:00:00.000Z',
    });
    expect((await callJson(url, token, 'GET', `${V4}/${added.json.name}`)).json.starRating).toBe('FOUR');

    const badStars = await callJson(url, undefined, 'POST', `${ADMIN}/locations/${loc.id}/reviews`, { starRating: 7 });
    expect(badStars.status).toBe(400);
    expect(badStars.json.error.details.at(-1).fieldViolations[0].field).toBe('starRating');
    expect((await callJson(url, undefined, 'POST', `${ADMIN}/locations/123/reviews`, {})).status).toBe(404);

    expect((await callJson(url, undefined, 'DELETE', `${ADMIN}/locations/${loc.id}/reviews/${added.json.reviewId}`)).status).toBe(200);
    expect((await callJson(url, token, 'GET', `${V4}/${added.json.name}`)).status).toBe(404);
    expect((await allReviews(url, token, loc.v4)).totalReviewCount).toBe(before.totalReviewCount);
    const removed = await callJson(url, undefined, 'GET', `${ADMIN}/locations/${loc.id}/reviews?includeRemoved=true`);
    expect(removed.json.removed.map((x: any) => x.review.reviewId)).toContain(added.json.reviewId);
  });

  it('counts review calls against the enforced quotas and honours injected failures', async () => {
    const loc = northwind[5]!;
    await callJson(url, undefined, 'PATCH', `${ADMIN}/options`, { queriesPerMinute: 2 });
    try {
      expect((await callJson(url, token, 'GET', `${loc.v4}/reviews`)).status).toBe(200);
      expect((await callJson(url, token, 'GET', `${loc.v4}/reviews`)).status).toBe(200);
      const limited = await callJson(url, token, 'GET', `${loc.v4}/reviews`);
      expect(limited.status).toBe(429);
      expect(limited.json.error.status).toBe('RESOURCE_EXHAUSTED');
      expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
    } finally {
      await callJson(url, undefined, 'PATCH', `${ADMIN}/options`, { queriesPerMinute: 0 });
    }
    await callJson(url, undefined, 'POST', `${ADMIN}/fail-next`, { status: 503, pathIncludes: '/reply', method: 'PUT' });
    const [r] = (await callJson(url, token, 'GET', `${loc.v4}/reviews?pageSize=1`)).json.reviews;
    expect((await callJson(url, token, 'PUT', `${V4}/${r.name}/reply`, { comment: 'Thanks!' })).status).toBe(503);
    expect((await callJson(url, token, 'PUT', `${V4}/${r.name}/reply`, { comment: 'Thanks!' })).status).toBe(200);
  });
});

describe('reviews over time (the data clock)', () => {
  it('brings new unreplied reviews, edits and removes some as the data clock moves, the same way for the same seed', async () => {
    const a = await start(77);
    const b = await start(77);
    const run = async (s: RunningSandbox) => {
      const t = await accessTokenFor(s.url, 'daniel.kim.autos@gmail.com');
      const locs = (await locationsOf(s.url, t, 'Northwind Auto Care', 100)).slice(0, 40);
      const ids = async () => {
        const out = new Map<string, any>();
        for (const l of locs) for (const r of (await allReviews(s.url, t, l.v4)).reviews) out.set(r.reviewId, { ...r, loc: l.id });
        return out;
      };
      const before = await ids();
      // Nothing arrives or goes during the first day.
      await callJson(s.url, undefined, 'POST', `${ADMIN}/clock`, { advanceMs: 3_600_000 });
      expect([...(await ids()).keys()]).toEqual([...before.keys()]);
      const clock = await callJson(s.url, undefined, 'POST', `${ADMIN}/clock`, { advanceDays: 31 });
      expect(clock.json.offsetMs).toBe(3_600_000 + 31 * 86_400_000);
      const after = await ids();
      const arrived = [...after.values()].filter((r) => !before.has(r.reviewId));
      const gone = [...before.values()].filter((r) => !after.has(r.reviewId));
      const edited = [...after.values()]
        .filter((r) => before.has(r.reviewId) && before.get(r.reviewId).updateTime !== r.updateTime)
        .map((r) => ({ before: before.get(r.reviewId), after: r }));
      return { arrived, gone, edited, before, locs, dataNow: clock.json.dataNow as string };
    };
    const ra = await run(a);
    const rb = await run(b);
    expect(ra.arrived.length).toBeGreaterThan(10);
    expect(ra.gone.length).toBeGreaterThan(0);
    expect(ra.gone.length).toBeLessThan(ra.before.size / 10);
    for (const r of ra.arrived) {
      expect(r.reviewReply).toBeUndefined();
      expect(
        r.createTime >
          [...ra.before.values()]
            .map((x) => x.createTime)
            .sort()
            .at(-1),
      ).toBe(true);
      expect(r.createTime <= ra.dataNow).toBe(true);
    }
    // Some reviewers edit their review: a star up or down, an update added to the text, a later updateTime.
    expect(ra.edited.length).toBeGreaterThan(0);
    for (const { before, after } of ra.edited) {
      expect(Math.abs(STAR[after.starRating]! - STAR[before.starRating]!)).toBe(1);
      expect(after.comment).toContain('Update: ');
      if (before.comment) expect(after.comment.startsWith(before.comment)).toBe(true);
      expect(after.createTime).toBe(before.createTime);
      expect(after.updateTime > before.updateTime && after.updateTime <= ra.dataNow).toBe(true);
    }
    expect(rb.edited.map((e) => `${e.after.reviewId}|${e.after.starRating}`).sort()).toEqual(
      ra.edited.map((e) => `${e.after.reviewId}|${e.after.starRating}`).sort(),
    );
    const removed = await callJson(a.url, undefined, 'GET', `${ADMIN}/locations/${ra.gone[0].loc}/reviews?includeRemoved=true`);
    expect(removed.json.removed.map((x: any) => x.review.reviewId)).toContain(ra.gone[0].reviewId);
    // Same seed, same story: the same reviews arrive (same ids, stars and texts) and the same ones go.
    const key = (r: any) => `${r.reviewId}|${r.starRating}|${r.comment ?? ''}`;
    expect(rb.arrived.map(key).sort()).toEqual(ra.arrived.map(key).sort());
    expect(rb.gone.map(key).sort()).toEqual(ra.gone.map(key).sort());
    expect((await callJson(a.url, undefined, 'POST', `${ADMIN}/clock`, { advanceDays: -1 })).status).toBe(400);
  });
});
