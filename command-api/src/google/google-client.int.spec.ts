import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSandbox, type RunningSandbox } from '@locus/sandbox/index';
import { consentAs } from '@locus/sandbox/google/testing';
import { createGoogleBusinessClient, v4LocationName, type GoogleBusinessClient } from './client';
import { GoogleApiError, googleErrorToAppError } from './errors';
import {
  buildGoogleAuthorizeUrl,
  exchangeGoogleAuthCode,
  fetchGoogleUserInfo,
  GOOGLE_BUSINESS_SCOPE,
  revokeGoogleToken,
  type GoogleEndpoints,
  type GoogleTokens,
} from './oauth';
import { createLocationWriteQueue } from './write-queue';
import type { GoogleLocation } from './types';

const REDIRECT = 'http://localhost:5999/google-auth-callback';
const EDITS = 3;
const WINDOW_MS = 2000;

let sandbox: RunningSandbox;
let dataDir: string;
let cfg: GoogleEndpoints;

function endpoints(base: string): GoogleEndpoints {
  return {
    clientId: 'locus-client',
    clientSecret: 'locus-secret',
    authUrl: `${base}/google/oauth/authorize`,
    tokenUrl: `${base}/google/oauth/token`,
    userInfoUrl: `${base}/google/oauth/userinfo`,
    accountManagementUrl: `${base}/google/mybusinessaccountmanagement/v1`,
    businessInformationUrl: `${base}/google/mybusinessbusinessinformation/v1`,
    v4Url: `${base}/google/mybusiness/v4`,
    performanceUrl: `${base}/google/businessprofileperformance/v1`,
    verificationsUrl: `${base}/google/mybusinessverifications/v1`,
    directoryUrl: `${base}/google/admin/directory/v1`,
    uploadUrl: `${base}/google/upload/v1/media`,
    qandaUrl: `${base}/google/mybusinessqanda/v1`,
    notificationsUrl: `${base}/google/mybusinessnotifications/v1`,
    pubsub: { topic: '', audience: '', issuer: 'https://accounts.google.com', jwksUrl: `${base}/google/oauth2/v3/certs` },
  };
}

async function connect(email: string): Promise<GoogleTokens> {
  const url = buildGoogleAuthorizeUrl(cfg, { redirectUri: REDIRECT, state: 'state-1' });
  const consent = await consentAs(url, email);
  expect(consent.state).toBe('state-1');
  return exchangeGoogleAuthCode(cfg, { code: consent.code, redirectUri: REDIRECT });
}

const admin = (p: string, body: unknown) =>
  fetch(`${sandbox.url}/google/__sandbox${p}`, {
    method: p === '/options' ? 'PATCH' : 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });

const fastRetry = { baseDelayMs: 40, maxDelayMs: 2000, maxAttempts: 6, maxTotalDelayMs: 10_000 };

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(tmpdir(), 'google-client-'));
  sandbox = await startSandbox({ httpPort: 0, smtpPort: 0, dataDir, google: { editsPerWindow: EDITS, editWindowMs: WINDOW_MS } });
  cfg = endpoints(sandbox.url);
});
afterAll(async () => {
  await sandbox?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

describe('Google OAuth helpers', () => {
  it('builds a code-flow URL with business.manage and offline access, and exchanges the code', async () => {
    const url = new URL(buildGoogleAuthorizeUrl(cfg, { redirectUri: REDIRECT, state: 'abc', loginHint: 'daniel.kim.autos@gmail.com' }));
    expect(url.searchParams.get('scope')!.split(' ')).toContain(GOOGLE_BUSINESS_SCOPE);
    expect(url.searchParams.get('access_type')).toBe('offline');
    expect(url.searchParams.get('prompt')).toBe('consent');
    expect(url.searchParams.get('response_type')).toBe('code');
    const tokens = await connect('daniel.kim.autos@gmail.com');
    expect(tokens.refreshToken).toBeDefined();
    expect(tokens.expiresAt).toBeGreaterThan(Date.now());
    const me = await fetchGoogleUserInfo(cfg, tokens.accessToken);
    expect(me).toMatchObject({ name: 'Daniel Kim', email: 'daniel.kim.autos@gmail.com', emailVerified: true });
    expect(me.picture).toMatch(/^http/);
  });

  it('reports a reused code as a readable error', async () => {
    const consent = await consentAs(buildGoogleAuthorizeUrl(cfg, { redirectUri: REDIRECT, state: 's' }), 'maria.garcia.biz@gmail.com');
    await exchangeGoogleAuthCode(cfg, { code: consent.code, redirectUri: REDIRECT });
    const err = await exchangeGoogleAuthCode(cfg, { code: consent.code, redirectUri: REDIRECT }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(GoogleApiError);
    expect((err as GoogleApiError).code).toBe('GOOGLE.REAUTH_REQUIRED');
  });
});

describe('Google Business Profile client', () => {
  let tokens: GoogleTokens;
  let client: GoogleBusinessClient;
  let northwind: string;
  const refreshed: GoogleTokens[] = [];
  const retries: { operation: string; code: string; delayMs: number }[] = [];

  beforeAll(async () => {
    tokens = await connect('daniel.kim.autos@gmail.com');
    client = createGoogleBusinessClient({
      config: cfg,
      tokens,
      refreshSkewMs: 0,
      retry: fastRetry,
      onTokensRefreshed: (t) => void refreshed.push(t),
      onRetry: (e) => void retries.push({ operation: e.operation, code: e.error.code, delayMs: e.delayMs }),
    });
    for await (const a of client.allAccounts()) if (a.accountName === 'Northwind Auto Care') northwind = a.name;
  });

  it('pages through accounts and all 300 locations of an account with an async iterator', async () => {
    const accounts = [];
    for await (const a of client.allAccounts()) accounts.push(a.accountName);
    expect(accounts).toEqual(['Daniel Kim', 'Kim Realty Group', 'Northwind Auto Care']);
    const names = new Set<string>();
    let last: GoogleLocation | undefined;
    for await (const l of client.allLocations(northwind, { orderBy: 'storeCode' })) {
      names.add(l.name!);
      last = l;
    }
    expect(names.size).toBe(300);
    expect(last?.storeCode).toBe('NAC-0300');
    expect(last?.storefrontAddress?.regionCode).toBe('US');
    const small = await client.listLocations(northwind, { pageSize: 7, readMask: 'name,title' });
    expect(small.items).toHaveLength(7);
    expect(small.nextPageToken).toBeDefined();
  });

  it('refreshes the access token when Google says it expired (401), once, and reports the new tokens', async () => {
    const before = client.tokens().accessToken;
    await admin('/tokens/expire', {});
    const loc = await client.getLocation((await client.listLocations(northwind, { pageSize: 1 })).items[0]!.name!);
    expect(loc.title).toContain('Northwind Auto Care');
    expect(client.tokens().accessToken).not.toBe(before);
    expect(refreshed.at(-1)?.accessToken).toBe(client.tokens().accessToken);
    expect(refreshed.at(-1)?.refreshToken).toBe(tokens.refreshToken);
  });

  it('refreshes before calling when the stored token has already expired', async () => {
    const count = refreshed.length;
    const stale = createGoogleBusinessClient({
      config: cfg,
      tokens: { ...client.tokens(), expiresAt: Date.now() - 1000 },
      retry: fastRetry,
      onTokensRefreshed: (t) => void refreshed.push(t),
    });
    await stale.getAccount(northwind);
    expect(refreshed.length).toBe(count + 1);
  });

  it('retries a 503 with backoff for reads and idempotent writes, but not for new posts', async () => {
    retries.length = 0;
    await admin('/fail-next', { status: 503, pathIncludes: '/accounts' });
    const account = await client.getAccount(northwind);
    expect(account.accountName).toBe('Northwind Auto Care');
    expect(retries).toEqual([expect.objectContaining({ operation: 'accounts.get', code: 'GOOGLE.UNAVAILABLE' })]);

    const loc = (await client.listLocations(northwind, { pageSize: 1 })).items[0]!.name!;
    await admin('/fail-next', { status: 503, pathIncludes: '/localPosts', method: 'POST' });
    const err = await client.createLocalPost(v4LocationName(northwind, loc), { topicType: 'STANDARD', summary: 'Hello' }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(GoogleApiError);
    expect((err as GoogleApiError).code).toBe('GOOGLE.UNAVAILABLE');
    expect((err as GoogleApiError).message).toBe('Google is temporarily unavailable (503 UNAVAILABLE) for the post.');
  });

  it("backs off on 429 RESOURCE_EXHAUSTED, honouring Google's retry delay, until the edit goes through", async () => {
    retries.length = 0;
    const loc = (await client.listLocations(northwind, { pageSize: 1, pageToken: (await client.listLocations(northwind, { pageSize: 10 })).nextPageToken! }))
      .items[0]!.name!;
    const titles = Array.from({ length: EDITS + 2 }, (_, i) => `Northwind Auto Care - Edit ${i}`);
    for (const title of titles) await client.updateLocation(loc, { title }, ['title']);
    expect((await client.getLocation(loc)).title).toBe(titles.at(-1));
    const limited = retries.filter((r) => r.code === 'GOOGLE.RATE_LIMITED');
    expect(limited.length).toBeGreaterThan(0);
    // the wait follows the RetryInfo hint (the rest of the window), not the 40 ms base delay
    expect(Math.max(...limited.map((r) => r.delayMs))).toBeGreaterThan(200);
  });

  it('with a write queue, keeps edits under the limit so Google never answers 429', async () => {
    retries.length = 0;
    const queued = createGoogleBusinessClient({
      config: cfg,
      tokens: client.tokens(),
      retry: fastRetry,
      writeQueue: createLocationWriteQueue({ editsPerWindow: EDITS, windowMs: WINDOW_MS, marginMs: 300 }),
      onRetry: (e) => void retries.push({ operation: e.operation, code: e.error.code, delayMs: e.delayMs }),
    });
    const page = await queued.listLocations(northwind, { pageSize: 2, readMask: 'name', orderBy: 'title desc' });
    const [a, b] = page.items.map((l) => l.name!);
    const writes = [0, 1, 2, 3, 4].flatMap((i) => [
      queued.updateLocation(a!, { title: `Queued A ${i}` }, ['title']),
      queued.updateAttributes(b!, [{ name: 'attributes/has_wheelchair_accessible_entrance', values: [i % 2 === 0] }], ['has_wheelchair_accessible_entrance']),
    ]);
    await Promise.all(writes);
    expect(retries.filter((r) => r.code === 'GOOGLE.RATE_LIMITED')).toEqual([]);
    expect((await queued.getLocation(a!)).title).toBe('Queued A 4');
    expect((await queued.getAttributes(b!)).attributes).toEqual(
      expect.arrayContaining([{ name: 'attributes/has_wheelchair_accessible_entrance', valueType: 'BOOL', values: [true] }]),
    );
  });

  it('turns a validation error into a readable message naming the field', async () => {
    const loc = (await client.listLocations(northwind, { pageSize: 1, orderBy: 'storeCode desc' })).items[0]!;
    const err = await client
      .updateLocation(loc.name!, { storefrontAddress: { ...loc.storefrontAddress!, postalCode: '1234' } }, ['storefrontAddress'])
      .catch((e: unknown) => e);
    expect(err).toBeInstanceOf(GoogleApiError);
    const g = err as GoogleApiError;
    expect(g.code).toBe('GOOGLE.INVALID_ARGUMENT');
    expect(g.message).toBe('Google rejected the location: storefrontAddress.postalCode: "1234" is not a valid US ZIP code.');
    expect(g.info.fieldViolations).toEqual([
      { field: 'storefrontAddress.postalCode', description: '"1234" is not a valid US ZIP code.', reason: 'INVALID_ADDRESS' },
    ]);
    const app = googleErrorToAppError(g);
    expect(app.status).toBe(400);
    expect(app.fields).toEqual([{ field: 'storefrontAddress.postalCode', message: '"1234" is not a valid US ZIP code.' }]);
  });

  it("refuses a write over Google's limits before sending it: description 750 characters, post summary 1,500, reply 4,096 bytes", async () => {
    const loc = (await client.listLocations(northwind, { pageSize: 1 })).items[0]!;
    const v4 = v4LocationName(northwind, loc.name!);
    const refusal = async (write: Promise<unknown>) => {
      const err = await write.then(
        () => null,
        (e: unknown) => e,
      );
      expect(err).toBeInstanceOf(GoogleApiError);
      return err as GoogleApiError;
    };
    const description = await refusal(client.updateLocation(loc.name!, { profile: { description: 'd'.repeat(751) } }, ['profile.description']));
    expect(description.code).toBe('GOOGLE.INVALID_ARGUMENT');
    expect(description.message).toBe('Not sent to Google: Business Description is 751 characters; Google allows at most 750');
    expect(googleErrorToAppError(description).fields).toEqual([
      { field: 'profile.description', message: 'Business Description is 751 characters; Google allows at most 750' },
    ]);
    // the description is checked only when the mask names it
    await client.updateLocation(loc.name!, { title: loc.title!, profile: { description: 'd'.repeat(751) } }, ['title']);
    const summary = await refusal(client.createLocalPost(v4, { topicType: 'STANDARD', summary: 's'.repeat(1501) }));
    expect(summary.message).toBe('Not sent to Google: Post summary is 1,501 characters; Google allows at most 1,500');
    const reviews = await client.listReviews(v4, { pageSize: 1 });
    const review = reviews.items[0]!;
    const reply = await refusal(client.replyToReview(review.name, 'é'.repeat(2049)));
    expect(reply.message).toBe('Not sent to Google: Reply is 4,098 bytes; Google allows at most 4,096');
    // Google holds none of them
    expect((await client.getLocation(loc.name!)).profile?.description).toBe(loc.profile?.description);
    const posts = [];
    for await (const p of client.allLocalPosts(v4)) posts.push(p.summary);
    expect(posts).not.toContain('s'.repeat(1501));
    expect((await client.getReview(review.name)).reviewReply?.comment ?? null).toBe(review.reviewReply?.comment ?? null);
  });

  it('creates with a requestId (safe to retry) and deletes a location', async () => {
    const location: GoogleLocation = {
      title: 'Northwind Auto Care - Boise East',
      storeCode: 'NAC-9999',
      phoneNumbers: { primaryPhone: '(208) 555-0177' },
      categories: { primaryCategory: { name: 'categories/gcid:auto_repair_shop' } },
      storefrontAddress: { regionCode: 'US', administrativeArea: 'ID', locality: 'Boise', postalCode: '83706', addressLines: ['1200 E Park Blvd'] },
      latlng: { latitude: 43.6, longitude: -116.19 },
    };
    await admin('/fail-next', { status: 500, pathIncludes: '/locations', method: 'POST' });
    const created = await client.createLocation(northwind, location, { requestId: 'req-42' });
    const again = await client.createLocation(northwind, location, { requestId: 'req-42' });
    expect(again.name).toBe(created.name);
    expect(created.categories?.primaryCategory?.displayName).toBe('Auto repair shop');
    await client.deleteLocation(created.name!);
    const err = await client.getLocation(created.name!).catch((e: unknown) => e);
    expect((err as GoogleApiError).code).toBe('GOOGLE.NOT_FOUND');
    expect((err as GoogleApiError).message).toBe('Google could not find the location.');
  });

  it('reads categories, reviews, posts, media and performance', async () => {
    const cats = [];
    for await (const c of client.allCategories()) cats.push(c);
    expect(cats.length).toBeGreaterThan(300);
    expect((await client.listCategories({ filter: 'displayName=pizza' })).items.map((c) => c.displayName)).toEqual(['Pizza delivery', 'Pizza restaurant']);

    const loc = (await client.listLocations(northwind, { pageSize: 1 })).items[0]!.name!;
    const v4 = v4LocationName(northwind, loc);
    const reviews = await client.listReviews(v4, { pageSize: 3 });
    let count = 0;
    for await (const _ of client.allReviews(v4, { pageSize: 5 })) count++;
    expect(count).toBe(reviews.totalReviewCount);
    if (reviews.items[0]) {
      const reply = await client.replyToReview(reviews.items[0].name, 'Thanks for coming in!');
      expect(reply.comment).toBe('Thanks for coming in!');
      await client.deleteReviewReply(reviews.items[0].name);
    }
    const post = await client.createLocalPost(v4, {
      topicType: 'OFFER',
      summary: '10% off brakes',
      event: { title: 'Brake special', schedule: { startDate: { year: 2030, month: 1, day: 1 }, endDate: { year: 2030, month: 1, day: 31 } } },
      offer: { couponCode: 'BRAKES10' },
    });
    expect(post.state).toBe('LIVE');
    const posts = [];
    for await (const p of client.allLocalPosts(v4)) posts.push(p.name);
    expect(posts).toContain(post.name);
    await client.deleteLocalPost(post.name!);
    const media = await client.listMedia(v4);
    expect(media.items.some((m) => m.locationAssociation?.category === 'LOGO')).toBe(true);

    const series = await client.fetchDailyMetrics(loc, ['BUSINESS_IMPRESSIONS_MOBILE_MAPS', 'CALL_CLICKS'], {
      startDate: { year: 2025, month: 3, day: 1 },
      endDate: { year: 2025, month: 3, day: 7 },
    });
    expect(series.map((s) => [s.dailyMetric, s.datedValues.length])).toEqual([
      ['BUSINESS_IMPRESSIONS_MOBILE_MAPS', 7],
      ['CALL_CLICKS', 7],
    ]);
    const keywords = await client.listSearchKeywordImpressions(loc, { startMonth: { year: 2025, month: 1 }, endMonth: { year: 2025, month: 3 } });
    expect(keywords.items[0]?.searchKeyword).toBeTruthy();
  });

  it('asks for reconnection once the refresh token is revoked', async () => {
    const own = await connect('priya.patel.health@gmail.com');
    await revokeGoogleToken(cfg, own.refreshToken!);
    const revoked = createGoogleBusinessClient({ config: cfg, tokens: own, retry: fastRetry });
    const err = await revoked.listAccounts().catch((e: unknown) => e);
    expect((err as GoogleApiError).code).toBe('GOOGLE.REAUTH_REQUIRED');
    expect((err as GoogleApiError).message).toContain('reconnect the Google account');
    expect(googleErrorToAppError(err as GoogleApiError).status).toBe(422);
  });
});
