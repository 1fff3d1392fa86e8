import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCanvas } from '../kit/png';
import { createRng } from '../kit/rng';
import { startSandbox, type RunningSandbox } from '../index';
import { CATEGORIES } from './data/catalog';
import { BRANDS, INDEPENDENTS } from './seed/content';
import { consentAs, sandboxUsers } from './testing';

const SCOPE = 'openid email profile https://www.googleapis.com/auth/business.manage';
const REDIRECT = 'http://localhost:5999/google-auth-callback';
const AM = '/google/mybusinessaccountmanagement/v1';
const BI = '/google/mybusinessbusinessinformation/v1';
const V4 = '/google/mybusiness/v4';
const PERF = '/google/businessprofileperformance/v1';
const MASK = 'name,title,storeCode,storefrontAddress,phoneNumbers,categories,websiteUri,regularHours,profile,latlng,openInfo,metadata';

let sandbox: RunningSandbox;
let dataDir: string;
let imageServer: Server;
let imageUrl: string;

function authorizeUrl(extra: Record<string, string> = {}) {
  const u = new URL(`${sandbox.url}/google/oauth/authorize`);
  const params = {
    client_id: 'locus-test',
    redirect_uri: REDIRECT,
    response_type: 'code',
    scope: SCOPE,
    state: 's-123',
    access_type: 'offline',
    prompt: 'consent',
    ...extra,
  };
  for (const [k, v] of Object.entries(params)) u.searchParams.set(k, v);
  return u.toString();
}

async function token(form: Record<string, string>) {
  const res = await fetch(`${sandbox.url}/google/oauth/token`, {
    method: 'POST',
    body: new URLSearchParams({ client_id: 'locus-test', client_secret: 'secret', ...form }),
  });
  return { status: res.status, json: (await res.json()) as Record<string, string | number> };
}

async function signIn(email: string) {
  const consent = await consentAs(authorizeUrl(), email);
  const { json } = await token({ grant_type: 'authorization_code', code: consent.code, redirect_uri: REDIRECT });
  return json as { access_token: string; refresh_token?: string; expires_in: number };
}

async function api(accessToken: string | undefined, method: string, pathAndQuery: string, body?: unknown) {
  const res = await fetch(`${sandbox.url}${pathAndQuery}`, {
    method,
    headers: { ...(accessToken ? { authorization: `Bearer ${accessToken}` } : {}), ...(body !== undefined ? { 'content-type': 'application/json' } : {}) },
    ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
  });
  const text = await res.text();
  return { status: res.status, headers: res.headers, json: (text ? JSON.parse(text) : {}) as any };
}

const validLocation = () => ({
  title: 'Summit Insurance Partners - Waco',
  storeCode: 'SIP-9001',
  phoneNumbers: { primaryPhone: '(254) 555-0142' },
  categories: { primaryCategory: { name: 'categories/gcid:insurance_agency' } },
  storefrontAddress: { regionCode: 'US', postalCode: '76701', administrativeArea: 'TX', locality: 'Waco', addressLines: ['510 Austin Ave'] },
  websiteUri: 'https://www.summitinsurancepartners.com/locations/waco',
  latlng: { latitude: 31.5549, longitude: -97.1467 },
  regularHours: { periods: [{ openDay: 'MONDAY', openTime: { hours: 9 }, closeDay: 'MONDAY', closeTime: { hours: 17 } }] },
  profile: { description: 'Insurance in Waco.' },
});

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(tmpdir(), 'sandbox-google-'));
  sandbox = await startSandbox({ httpPort: 0, smtpPort: 0, dataDir, google: { editsPerWindow: 3, editWindowMs: 2500 } });
  // A photo large enough for Google's 10 KB / 250 px minimum, served over HTTP for media.create.
  const c = createCanvas(400, 300);
  const rng = createRng(7);
  for (let y = 0; y < 300; y += 4) for (let x = 0; x < 400; x += 4) c.fillRect(x, y, 4, 4, [rng.int(0, 255), rng.int(0, 255), rng.int(0, 255)]);
  const png = c.toPng();
  imageServer = createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'image/png' });
    res.end(png);
  });
  await new Promise<void>((r) => imageServer.listen(0, '127.0.0.1', r));
  imageUrl = `http://127.0.0.1:${(imageServer.address() as AddressInfo).port}/photo.png`;
});

afterAll(async () => {
  await sandbox?.close();
  await new Promise<void>((r) => imageServer?.close(() => r()));
  rmSync(dataDir, { recursive: true, force: true });
});

describe('Google OAuth simulator', () => {
  it('shows a chooser page with the seeded users and "Continue as" buttons', async () => {
    const res = await fetch(authorizeUrl());
    const html = await res.text();
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('text/html');
    for (const u of await sandboxUsers(sandbox.url)) {
      expect(html).toContain(u.email);
      expect(html).toContain(`Continue as ${u.name.split(' ')[0]}`);
    }
    expect(html).toMatch(/<img src="http:\/\/127\.0\.0\.1:\d+\/google\/images\/avatar\//);
    expect(html).toContain('See, edit, create and delete your Google business listings');
  });

  it('refuses a request whose scope lacks business.manage, and one without redirect_uri', async () => {
    const noScope = await fetch(authorizeUrl({ scope: 'openid email' }));
    expect(noScope.status).toBe(400);
    expect(await noScope.text()).toContain('invalid_scope');
    const u = new URL(authorizeUrl());
    u.searchParams.delete('redirect_uri');
    const noRedirect = await fetch(u);
    expect(noRedirect.status).toBe(400);
    expect(await noRedirect.text()).toContain('Missing required parameter: redirect_uri');
  });

  it('redirects back with code and state, exchanges the code once, and refreshes', async () => {
    const consent = await consentAs(authorizeUrl(), 'daniel.kim.autos@gmail.com');
    expect(consent.state).toBe('s-123');
    expect(consent.redirect.origin + consent.redirect.pathname).toBe(REDIRECT);
    const first = await token({ grant_type: 'authorization_code', code: consent.code, redirect_uri: REDIRECT });
    expect(first.status).toBe(200);
    expect(first.json).toMatchObject({ token_type: 'Bearer', scope: SCOPE });
    expect(String(first.json.access_token)).toMatch(/^ya29\./);
    expect(typeof first.json.refresh_token).toBe('string');
    expect(first.json.expires_in).toBe(3599);
    const again = await token({ grant_type: 'authorization_code', code: consent.code, redirect_uri: REDIRECT });
    expect(again).toMatchObject({ status: 400, json: { error: 'invalid_grant' } });

    const info = await api(String(first.json.access_token), 'GET', '/google/oauth/userinfo');
    expect(info.json).toMatchObject({ name: 'Daniel Kim', email: 'daniel.kim.autos@gmail.com', email_verified: true });
    expect(info.json.picture).toMatch(/\/google\/images\/avatar\/DK\//);

    const refreshed = await token({ grant_type: 'refresh_token', refresh_token: String(first.json.refresh_token) });
    expect(refreshed.status).toBe(200);
    expect(refreshed.json.access_token).not.toBe(first.json.access_token);
    expect(refreshed.json.refresh_token).toBeUndefined();
    const bad = await token({ grant_type: 'refresh_token', refresh_token: 'nope' });
    expect(bad).toMatchObject({ status: 400, json: { error: 'invalid_grant' } });
  });

  it('returns a refresh token again only when consent is forced', async () => {
    await signIn('priya.patel.health@gmail.com');
    const consent = await consentAs(authorizeUrl({ prompt: 'select_account' }), 'priya.patel.health@gmail.com');
    const { json } = await token({ grant_type: 'authorization_code', code: consent.code, redirect_uri: REDIRECT });
    expect(json.access_token).toBeDefined();
    expect(json.refresh_token).toBeUndefined();
  });

  it('sends access_denied back to the app when the user cancels', async () => {
    const form = new URLSearchParams(new URL(authorizeUrl()).searchParams);
    form.set('decision', 'deny');
    const res = await fetch(authorizeUrl(), { method: 'POST', body: form, redirect: 'manual' });
    const back = new URL(res.headers.get('location')!);
    expect(back.searchParams.get('error')).toBe('access_denied');
    expect(back.searchParams.get('state')).toBe('s-123');
  });
});

describe('Business Profile APIs', () => {
  let tokenDaniel: string;
  let northwind: string;
  beforeAll(async () => {
    tokenDaniel = (await signIn('daniel.kim.autos@gmail.com')).access_token;
    const accounts = await api(tokenDaniel, 'GET', `${AM}/accounts`);
    northwind = accounts.json.accounts.find((a: { accountName: string }) => a.accountName === 'Northwind Auto Care').name;
  });

  it("answers 401 UNAUTHENTICATED in Google's error shape without a valid bearer token", async () => {
    for (const t of [undefined, 'ya29.not-a-token']) {
      const res = await api(t, 'GET', `${AM}/accounts`);
      expect(res.status).toBe(401);
      expect(res.json.error).toMatchObject({ code: 401, status: 'UNAUTHENTICATED' });
      expect(res.headers.get('www-authenticate')).toContain('Bearer');
    }
  });

  it('lists accounts with roles and pages them at most 20 at a time', async () => {
    const res = await api(tokenDaniel, 'GET', `${AM}/accounts?pageSize=50`);
    expect(res.json.accounts.map((a: { accountName: string }) => a.accountName)).toEqual(['Daniel Kim', 'Kim Realty Group', 'Northwind Auto Care']);
    expect(res.json.accounts[0]).toMatchObject({ type: 'PERSONAL', role: 'PRIMARY_OWNER' });
    expect(res.json.accounts[1]).toMatchObject({ type: 'LOCATION_GROUP', role: 'OWNER' });
    const one = await api(tokenDaniel, 'GET', `${AM}/accounts?pageSize=1`);
    expect(one.json.accounts).toHaveLength(1);
    const two = await api(tokenDaniel, 'GET', `${AM}/accounts?pageSize=1&pageToken=${one.json.nextPageToken}`);
    expect(two.json.accounts[0].accountName).toBe('Kim Realty Group');
  });

  it('requires readMask on locations (400 INVALID_ARGUMENT naming read_mask)', async () => {
    const res = await api(tokenDaniel, 'GET', `${BI}/${northwind}/locations`);
    expect(res.status).toBe(400);
    expect(res.json.error.status).toBe('INVALID_ARGUMENT');
    expect(res.json.error.details[0].fieldViolations[0]).toEqual({ field: 'read_mask', description: 'Field is required' });
  });

  it('pages 300 locations (pageSize capped at 100) ordered by storeCode, with real US data', async () => {
    const seen: any[] = [];
    let pageToken = '';
    let pages = 0;
    do {
      const res = await api(
        tokenDaniel,
        'GET',
        `${BI}/${northwind}/locations?readMask=${MASK}&pageSize=500&orderBy=storeCode${pageToken ? `&pageToken=${pageToken}` : ''}`,
      );
      expect(res.status).toBe(200);
      expect(res.json.locations.length).toBeLessThanOrEqual(100);
      seen.push(...res.json.locations);
      pageToken = res.json.nextPageToken ?? '';
      pages++;
    } while (pageToken);
    expect(pages).toBe(3);
    expect(seen).toHaveLength(300);
    expect(new Set(seen.map((l) => l.name)).size).toBe(300);
    const codes = seen.map((l) => l.storeCode);
    expect(codes).toEqual([...codes].sort());
    const l = seen[0];
    expect(l.storeCode).toBe('NAC-0001');
    expect(l.phoneNumbers.primaryPhone).toMatch(/^\(\d{3}\) \d{3}-\d{4}$/);
    expect(l.storefrontAddress).toMatchObject({ regionCode: 'US' });
    expect(l.storefrontAddress.postalCode).toMatch(/^\d{5}$/);
    expect(l.categories.primaryCategory).toEqual({ name: 'categories/gcid:auto_repair_shop', displayName: 'Auto repair shop' });
    expect(l.regularHours.periods.length).toBeGreaterThan(4);
    expect(Math.abs(l.latlng.latitude)).toBeGreaterThan(15);
    expect(l.metadata.mapsUri).toContain(`${sandbox.url}/google/maps/place/`);
    // a readMask narrows the fields
    const narrow = await api(tokenDaniel, 'GET', `${BI}/${northwind}/locations?readMask=name,title&pageSize=2`);
    expect(Object.keys(narrow.json.locations[0]).sort()).toEqual(['name', 'title']);
  });

  it('filters and orders by title descending; rejects unknown order fields', async () => {
    const res = await api(
      tokenDaniel,
      'GET',
      `${BI}/${northwind}/locations?readMask=name,title,storefrontAddress&filter=${encodeURIComponent('storefrontAddress.administrativeArea="TX"')}&orderBy=${encodeURIComponent('title desc')}&pageSize=100`,
    );
    expect(res.json.totalSize).toBeGreaterThan(0);
    expect(res.json.locations.every((l: any) => l.storefrontAddress.administrativeArea === 'TX')).toBe(true);
    const titles = res.json.locations.map((l: any) => l.title);
    expect(titles).toEqual([...titles].sort((a: string, b: string) => b.localeCompare(a, 'en', { numeric: true })));
    const bad = await api(tokenDaniel, 'GET', `${BI}/${northwind}/locations?readMask=name&orderBy=phone`);
    expect(bad.status).toBe(400);
  });

  it('denies locations of accounts the user does not belong to', async () => {
    const avery = (await signIn('avery.johnson@gmail.com')).access_token;
    const anyNorthwind = (await api(tokenDaniel, 'GET', `${BI}/${northwind}/locations?readMask=name&pageSize=1`)).json.locations[0].name;
    expect((await api(avery, 'GET', `${BI}/${anyNorthwind}?readMask=name`)).status).toBe(403);
    expect((await api(avery, 'GET', `${BI}/${northwind}/locations?readMask=name`)).status).toBe(403);
    expect((await api(avery, 'GET', `${BI}/locations/1234?readMask=name`)).json.error.status).toBe('NOT_FOUND');
  });

  it('creates a location idempotently by requestId, and validateOnly creates nothing', async () => {
    const dry = await api(tokenDaniel, 'POST', `${BI}/${northwind}/locations?validateOnly=true&requestId=r-dry`, validLocation());
    expect(dry.status).toBe(200);
    expect((await api(tokenDaniel, 'GET', `${BI}/${dry.json.name}?readMask=name`)).status).toBe(404);

    const a = await api(tokenDaniel, 'POST', `${BI}/${northwind}/locations?requestId=r-1`, validLocation());
    const b = await api(tokenDaniel, 'POST', `${BI}/${northwind}/locations?requestId=r-1`, validLocation());
    expect(a.status).toBe(200);
    expect(b.json.name).toBe(a.json.name);
    expect(a.json.categories.primaryCategory.displayName).toBe('Insurance agency');
    const got = await api(tokenDaniel, 'GET', `${BI}/${a.json.name}?readMask=${MASK}`);
    expect(got.json.title).toBe('Summit Insurance Partners - Waco');
    const list = await api(tokenDaniel, 'GET', `${BI}/${northwind}/locations?readMask=name&pageSize=100&filter=${encodeURIComponent('storeCode="SIP-9001"')}`);
    expect(list.json.totalSize).toBe(1);
  });

  it('rejects invalid locations with INVALID_ARGUMENT and one field violation per broken rule', async () => {
    const bad = {
      ...validLocation(),
      title: '',
      phoneNumbers: { primaryPhone: '12345' },
      storefrontAddress: { ...validLocation().storefrontAddress, postalCode: '7670' },
      websiteUri: 'not a url',
    };
    const res = await api(tokenDaniel, 'POST', `${BI}/${northwind}/locations?requestId=r-bad`, bad);
    expect(res.status).toBe(400);
    expect(res.json.error.status).toBe('INVALID_ARGUMENT');
    const fields = res.json.error.details.find((d: any) => d['@type'].endsWith('BadRequest')).fieldViolations.map((v: any) => v.field);
    expect(fields).toEqual(expect.arrayContaining(['title', 'phoneNumbers.primaryPhone', 'storefrontAddress.postalCode', 'websiteUri']));
    const reasons = res.json.error.details.filter((d: any) => d['@type'].endsWith('ErrorInfo')).map((d: any) => d.reason);
    expect(reasons).toEqual(expect.arrayContaining(['INVALID_PHONE_NUMBER', 'INVALID_ADDRESS', 'INVALID_URL', 'REQUIRED_FIELD_MISSING']));
    const unknown = await api(tokenDaniel, 'POST', `${BI}/${northwind}/locations`, { ...validLocation(), locationName: 'old v4 field' });
    expect(unknown.json.error.message).toContain('Unknown name "locationName"');
  });

  it('patches with updateMask, validates the result, and keeps untouched fields', async () => {
    const created = await api(tokenDaniel, 'POST', `${BI}/${northwind}/locations?requestId=r-patch`, validLocation());
    const name = created.json.name;
    const noMask = await api(tokenDaniel, 'PATCH', `${BI}/${name}`, { title: 'x' });
    expect(noMask.json.error.details[0].fieldViolations[0].field).toBe('update_mask');
    const badPhone = await api(tokenDaniel, 'PATCH', `${BI}/${name}?updateMask=phoneNumbers`, { phoneNumbers: { primaryPhone: '555-01' } });
    expect(badPhone.status).toBe(400);
    expect(badPhone.json.error.details.find((d: any) => d.reason === 'INVALID_PHONE_NUMBER').metadata.field_mask).toBe('phone_numbers.primary_phone');
    const clearTitle = await api(tokenDaniel, 'PATCH', `${BI}/${name}?updateMask=title`, {});
    expect(clearTitle.status).toBe(400);
    const ok = await api(tokenDaniel, 'PATCH', `${BI}/${name}?updateMask=title,profile.description`, {
      title: 'Summit Insurance - Waco Downtown',
      profile: { description: 'New text' },
      storeCode: 'IGNORED',
    });
    expect(ok.status).toBe(200);
    expect(ok.json).toMatchObject({ title: 'Summit Insurance - Waco Downtown', storeCode: 'SIP-9001', profile: { description: 'New text' } });
  });

  it('limits edits per location per window with 429 RESOURCE_EXHAUSTED and a retry hint', async () => {
    const created = await api(tokenDaniel, 'POST', `${BI}/${northwind}/locations?requestId=r-quota`, validLocation());
    const name = created.json.name; // the create was edit 1 of 3
    for (let i = 0; i < 2; i++) expect((await api(tokenDaniel, 'PATCH', `${BI}/${name}?updateMask=title`, { title: `Quota ${i}` })).status).toBe(200);
    const limited = await api(tokenDaniel, 'PATCH', `${BI}/${name}?updateMask=title`, { title: 'Quota 3' });
    expect(limited.status).toBe(429);
    expect(limited.json.error).toMatchObject({ code: 429, status: 'RESOURCE_EXHAUSTED' });
    expect(limited.json.error.details.find((d: any) => d['@type'].endsWith('RetryInfo')).retryDelay).toMatch(/^\d+(\.\d+)?s$/);
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
    // another location has its own budget; reads are not edits
    expect((await api(tokenDaniel, 'GET', `${BI}/${name}?readMask=name`)).status).toBe(200);
    const delay = Number(limited.json.error.details.find((d: any) => d['@type'].endsWith('RetryInfo')).retryDelay.replace('s', '')) * 1000;
    await new Promise((r) => setTimeout(r, delay + 50));
    expect((await api(tokenDaniel, 'PATCH', `${BI}/${name}?updateMask=title`, { title: 'Quota later' })).status).toBe(200);
  });

  it('deletes a location', async () => {
    const created = await api(tokenDaniel, 'POST', `${BI}/${northwind}/locations?requestId=r-del`, validLocation());
    expect((await api(tokenDaniel, 'DELETE', `${BI}/${created.json.name}`)).json).toEqual({});
    expect((await api(tokenDaniel, 'GET', `${BI}/${created.json.name}?readMask=name`)).status).toBe(404);
  });

  it('injects a transient failure once through the admin hook and the header', async () => {
    await fetch(`${sandbox.url}/google/__sandbox/fail-next`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ status: 503, pathIncludes: '/accounts' }),
    });
    const failed = await api(tokenDaniel, 'GET', `${AM}/accounts`);
    expect(failed.status).toBe(503);
    expect(failed.json.error.status).toBe('UNAVAILABLE');
    expect((await api(tokenDaniel, 'GET', `${AM}/accounts`)).status).toBe(200);
    const once = () => fetch(`${sandbox.url}${AM}/accounts`, { headers: { authorization: `Bearer ${tokenDaniel}`, 'x-sandbox-fail-once': '500:abc' } });
    expect((await once()).status).toBe(500);
    expect((await once()).status).toBe(200);
  });

  it('lists a few hundred real categories with prefix filter and paging', async () => {
    expect(CATEGORIES.length).toBeGreaterThan(300);
    const all = await api(tokenDaniel, 'GET', `${BI}/categories?regionCode=US&languageCode=en&view=BASIC&pageSize=100`);
    expect(all.json.categories).toHaveLength(100);
    expect(all.json.nextPageToken).toBeDefined();
    const dent = await api(tokenDaniel, 'GET', `${BI}/categories?regionCode=US&languageCode=en&view=BASIC&filter=${encodeURIComponent('displayName=dent')}`);
    expect(dent.json.categories.map((c: any) => c.displayName)).toEqual(['Dental clinic', 'Dental hygienist', 'Dentist']);
    expect((await api(tokenDaniel, 'GET', `${BI}/categories?regionCode=US&languageCode=en`)).status).toBe(400);
    // every category used by the seed exists in the catalog
    const used = Object.values(BRANDS)
      .flatMap((b) => [b.primaryCategory, ...b.additionalCategories])
      .concat(INDEPENDENTS.flatMap((i) => [i.category, ...i.extra]));
    for (const c of used)
      expect(
        CATEGORIES.some((x) => x.name === `categories/${c}`),
        c,
      ).toBe(true);
  });

  it('reads and updates attributes with attributeMask', async () => {
    const loc = (await api(tokenDaniel, 'GET', `${BI}/${northwind}/locations?readMask=name&pageSize=1`)).json.locations[0].name;
    const meta = await api(tokenDaniel, 'GET', `${BI}/attributes?parent=${loc}`);
    expect(meta.json.attributeMetadata.map((m: any) => m.parent)).toContain('attributes/has_wheelchair_accessible_entrance');
    const upd = await api(tokenDaniel, 'PATCH', `${BI}/${loc}/attributes?attributeMask=attributes/has_wheelchair_accessible_entrance,attributes/url_facebook`, {
      name: `${loc}/attributes`,
      attributes: [
        { name: 'attributes/has_wheelchair_accessible_entrance', values: [true] },
        { name: 'attributes/url_facebook', uriValues: [{ uri: 'https://www.facebook.com/northwind' }] },
      ],
    });
    expect(upd.status).toBe(200);
    const got = await api(tokenDaniel, 'GET', `${BI}/${loc}/attributes`);
    expect(got.json.attributes).toEqual(expect.arrayContaining([{ name: 'attributes/has_wheelchair_accessible_entrance', valueType: 'BOOL', values: [true] }]));
    const bad = await api(tokenDaniel, 'PATCH', `${BI}/${loc}/attributes?attributeMask=attributes/has_dine_in`, {
      attributes: [{ name: 'attributes/has_dine_in', values: [true] }],
    });
    expect(bad.status).toBe(400);
    expect(bad.json.error.details[0]).toMatchObject({ reason: 'INVALID_ATTRIBUTE_NAME', metadata: { attribute_names: 'attributes/has_dine_in' } });
  });

  it('serves v4 reviews with paging, replies and reply deletion', async () => {
    const loc = (await api(tokenDaniel, 'GET', `${BI}/${northwind}/locations?readMask=name&pageSize=20`)).json.locations;
    let base = '';
    let first: any;
    for (const l of loc) {
      base = `${V4}/${northwind}/${l.name}`;
      first = await api(tokenDaniel, 'GET', `${base}/reviews?pageSize=5`);
      if (first.json.totalReviewCount > 5) break;
    }
    expect(first.json.reviews).toHaveLength(5);
    expect(first.json.averageRating).toBeGreaterThanOrEqual(1);
    expect(first.json.reviews[0].name).toMatch(/^accounts\/\d+\/locations\/\d+\/reviews\//);
    const second = await api(tokenDaniel, 'GET', `${base}/reviews?pageSize=5&pageToken=${first.json.nextPageToken}`);
    expect(second.json.reviews[0].reviewId).not.toBe(first.json.reviews[0].reviewId);
    const review = first.json.reviews[0];
    const reply = await api(tokenDaniel, 'PUT', `${V4}/${review.name}/reply`, { comment: 'Thank you for visiting!' });
    expect(reply.json).toMatchObject({ comment: 'Thank you for visiting!', state: 'APPROVED' });
    expect((await api(tokenDaniel, 'GET', `${V4}/${review.name}`)).json.reviewReply.comment).toBe('Thank you for visiting!');
    const rejected = await api(tokenDaniel, 'PUT', `${V4}/${review.name}/reply`, { comment: 'You are an idiot' });
    expect(rejected.json.state).toBe('REJECTED');
    expect((await api(tokenDaniel, 'DELETE', `${V4}/${review.name}/reply`)).status).toBe(200);
    expect((await api(tokenDaniel, 'GET', `${V4}/${review.name}`)).json.reviewReply).toBeUndefined();
  });

  it('creates, lists and deletes local posts and validates call-to-action urls', async () => {
    const l = (await api(tokenDaniel, 'GET', `${BI}/${northwind}/locations?readMask=name&pageSize=1`)).json.locations[0].name;
    const base = `${V4}/${northwind}/${l}`;
    const bad = await api(tokenDaniel, 'POST', `${base}/localPosts`, { topicType: 'STANDARD', summary: 'Hi', callToAction: { actionType: 'BOOK' } });
    expect(bad.json.error.details.at(-1).fieldViolations[0].field).toBe('callToAction.url');
    const post = await api(tokenDaniel, 'POST', `${base}/localPosts`, {
      topicType: 'EVENT',
      summary: 'Open house',
      event: { title: 'Open house', schedule: { startDate: { year: 2030, month: 5, day: 1 }, endDate: { year: 2030, month: 5, day: 2 } } },
    });
    expect(post.json).toMatchObject({ topicType: 'EVENT', state: 'LIVE' });
    expect(post.json.searchUrl).toContain('/google/maps/place/');
    const phone = await api(tokenDaniel, 'POST', `${base}/localPosts`, { topicType: 'STANDARD', summary: 'Call us at (512) 555-0199 today' });
    expect(phone.json.state).toBe('REJECTED');
    const list = await api(tokenDaniel, 'GET', `${base}/localPosts`);
    expect(list.json.localPosts[0].name).toBe(phone.json.name);
    expect((await api(tokenDaniel, 'DELETE', `${V4}/${post.json.name}`)).status).toBe(200);
    expect((await api(tokenDaniel, 'GET', `${V4}/${post.json.name}`)).status).toBe(404);
  });

  it('lists seeded media served by the sandbox, and creates media from a source URL', async () => {
    const l = (await api(tokenDaniel, 'GET', `${BI}/${northwind}/locations?readMask=name&pageSize=1`)).json.locations[0].name;
    const base = `${V4}/${northwind}/${l}`;
    const list = await api(tokenDaniel, 'GET', `${base}/media`);
    expect(list.json.totalMediaItemCount).toBeGreaterThanOrEqual(3);
    const cover = list.json.mediaItems.find((m: any) => m.locationAssociation.category === 'COVER');
    expect(cover.dimensions).toEqual({ widthPixels: 1280, heightPixels: 720 });
    const img = await fetch(cover.googleUrl);
    expect(img.headers.get('content-type')).toBe('image/png');
    const bytes = Buffer.from(await img.arrayBuffer());
    expect(bytes.readUInt32BE(16)).toBe(1280);
    expect(bytes.readUInt32BE(20)).toBe(720);

    const created = await api(tokenDaniel, 'POST', `${base}/media`, { mediaFormat: 'PHOTO', locationAssociation: { category: 'COVER' }, sourceUrl: imageUrl });
    expect(created.status).toBe(200);
    expect(created.json.dimensions).toEqual({ widthPixels: 400, heightPixels: 300 });
    const served = await fetch(created.json.googleUrl);
    expect(served.status).toBe(200);
    const after = await api(tokenDaniel, 'GET', `${base}/media`);
    expect(after.json.mediaItems.filter((m: any) => m.locationAssociation.category === 'COVER').map((m: any) => m.name)).toEqual([created.json.name]);
    const tooSmall = await api(tokenDaniel, 'POST', `${base}/media`, {
      mediaFormat: 'PHOTO',
      locationAssociation: { category: 'INTERIOR' },
      sourceUrl: `${sandbox.url}/google/images/avatar/AB/123456.svg`,
    });
    expect(tooSmall.status).toBe(400);
    expect((await api(tokenDaniel, 'DELETE', `${V4}/${created.json.name}`)).status).toBe(200);
  });

  it('serves deterministic daily metrics and monthly search keywords', async () => {
    const l = (await api(tokenDaniel, 'GET', `${BI}/${northwind}/locations?readMask=name&pageSize=1`)).json.locations[0].name;
    const q =
      'dailyMetrics=CALL_CLICKS&dailyMetrics=WEBSITE_CLICKS&dailyRange.startDate.year=2025&dailyRange.startDate.month=1&dailyRange.startDate.day=1&dailyRange.endDate.year=2025&dailyRange.endDate.month=1&dailyRange.endDate.day=31';
    const a = await api(tokenDaniel, 'GET', `${PERF}/${l}:fetchMultiDailyMetricsTimeSeries?${q}`);
    const series = a.json.multiDailyMetricTimeSeries[0].dailyMetricTimeSeries;
    expect(series.map((s: any) => s.dailyMetric)).toEqual(['CALL_CLICKS', 'WEBSITE_CLICKS']);
    expect(series[0].timeSeries.datedValues).toHaveLength(31);
    expect(series[0].timeSeries.datedValues[0].date).toEqual({ year: 2025, month: 1, day: 1 });
    expect(series[1].timeSeries.datedValues.some((d: any) => Number(d.value) > 0)).toBe(true);
    const snake = q.replaceAll('dailyRange.startDate', 'daily_range.start_date').replaceAll('dailyRange.endDate', 'daily_range.end_date');
    const b = await api(tokenDaniel, 'GET', `${PERF}/${l}:fetchMultiDailyMetricsTimeSeries?${snake}`);
    expect(b.json).toEqual(a.json);
    expect(b.status).toBe(200);
    expect((await api(tokenDaniel, 'GET', `${PERF}/${l}:fetchMultiDailyMetricsTimeSeries?${q}`)).json).toEqual(a.json);
    expect((await api(tokenDaniel, 'GET', `${PERF}/${l}:fetchMultiDailyMetricsTimeSeries?dailyMetrics=NOPE&${q.split('&').slice(2).join('&')}`)).status).toBe(
      400,
    );
    const kw = await api(
      tokenDaniel,
      'GET',
      `${PERF}/${l}/searchkeywords/impressions/monthly?monthlyRange.startMonth.year=2025&monthlyRange.startMonth.month=1&monthlyRange.endMonth.year=2025&monthlyRange.endMonth.month=6`,
    );
    expect(kw.json.searchKeywordsCounts.length).toBeGreaterThan(5);
    expect(kw.json.searchKeywordsCounts[0]).toMatchObject({ searchKeyword: expect.any(String), insightsValue: { value: expect.stringMatching(/^\d+$/) } });
  });

  it('creates the benchmark account on demand', async () => {
    const res = await fetch(`${sandbox.url}/google/__sandbox/bench-account`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ locations: 1500 }),
    });
    const bench = await res.json();
    expect(bench).toMatchObject({ accountName: 'Atlas Hardware', locationCount: 1500, owner: { email: 'bench.operator@gmail.com' } });
    const t = (await signIn('bench.operator@gmail.com')).access_token;
    const page = await api(t, 'GET', `${BI}/${bench.name}/locations?readMask=name,storeCode&pageSize=100&orderBy=storeCode`);
    expect(page.json.locations[99].storeCode).toBe('ATH-0100');
  });
});

describe('seed and persistence', () => {
  it('generates the same data from the same seed and keeps edits across restarts', async () => {
    const other = mkdtempSync(path.join(tmpdir(), 'sandbox-google-b-'));
    const a = await startSandbox({ httpPort: 0, smtpPort: 0, dataDir: other, seed: 42 });
    const summary = async (url: string) => (await (await fetch(`${url}/google/__sandbox`)).json()) as any;
    const s1 = await summary(a.url);
    const counts = s1.accounts.map((x: any) => x.locationCount).filter((n: number) => n >= 20);
    expect(Math.min(...counts)).toBeGreaterThanOrEqual(20);
    expect(Math.max(...counts)).toBeLessThanOrEqual(300);
    const email = 'maria.garcia.biz@gmail.com';
    const consent = await consentAs(
      `${a.url}/google/oauth/authorize?client_id=c&redirect_uri=${encodeURIComponent(REDIRECT)}&response_type=code&scope=${encodeURIComponent(SCOPE)}&access_type=offline`,
      email,
    );
    const tok = (await (
      await fetch(`${a.url}/google/oauth/token`, {
        method: 'POST',
        body: new URLSearchParams({ client_id: 'c', client_secret: 'x', grant_type: 'authorization_code', code: consent.code, redirect_uri: REDIRECT }),
      })
    ).json()) as any;
    const sunrise = s1.accounts.find((x: any) => x.accountName === 'Sunrise Coffee Co.').name;
    const first = (await (
      await fetch(`${a.url}${BI}/${sunrise}/locations?readMask=name,title&pageSize=1`, { headers: { authorization: `Bearer ${tok.access_token}` } })
    ).json()) as any;
    const locName = first.locations[0].name;
    const patched = await fetch(`${a.url}${BI}/${locName}?updateMask=title`, {
      method: 'PATCH',
      headers: { authorization: `Bearer ${tok.access_token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ title: 'Renamed Before Restart' }),
    });
    expect(patched.status).toBe(200);
    await a.close();

    const b = await startSandbox({ httpPort: 0, smtpPort: 0, dataDir: other, seed: 42 });
    expect((await summary(b.url)).accounts).toEqual(s1.accounts);
    const again = await fetch(`${b.url}${BI}/${locName}?readMask=title`, { headers: { authorization: `Bearer ${tok.access_token}` } });
    expect(await again.json()).toEqual({ title: 'Renamed Before Restart' });
    await b.close();

    const fresh = mkdtempSync(path.join(tmpdir(), 'sandbox-google-c-'));
    const c = await startSandbox({ httpPort: 0, smtpPort: 0, dataDir: fresh, seed: 42 });
    const s3 = await summary(c.url);
    expect(s3.users).toEqual(s1.users);
    expect(s3.accounts.map((x: any) => x.name)).toEqual(s1.accounts.map((x: any) => x.name));
    await c.close();
    rmSync(other, { recursive: true, force: true });
    rmSync(fresh, { recursive: true, force: true });
  });
});
