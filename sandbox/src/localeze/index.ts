import path from 'node:path';
import type Koa from 'koa';
import { escapeHtml } from '../kit/html';
import { jsonApiMiddleware, type ApiErrorAnswer } from '../kit/json-api';
import type { SandboxEnv, SandboxModule } from '../kit/module';
import { createRng, hashString } from '../kit/rng';
import { createRouteTable } from '../kit/routes';
import { createSnapshotFile } from '../kit/snapshot';

/**
 * A Localeze (listing distribution) simulator: the directories a listing is published to, each
 * with its disposition, and Localeze's business categories. Any listing id of 4-12 digits
 * exists; its directories and dispositions are deterministic from the seed and the id until the
 * admin API changes one (kept in `localeze.json`).
 */

export const DISPOSITIONS = ['Successful', 'Pending', 'Submitted', 'Rejected', 'Not Supported'] as const;
export type Disposition = (typeof DISPOSITIONS)[number];

/** The publisher network, with the colour of each generated logo and the listing URL pattern. */
export const DIRECTORIES: { platform: string; color: string; url: string }[] = [
  { platform: 'Apple Maps', color: '#000000', url: 'https://maps.apple.com/?auid={id}' },
  { platform: 'Bing Places', color: '#008373', url: 'https://www.bing.com/maps?ss=ypid.YN{id}' },
  { platform: 'Yahoo Local', color: '#6001d2', url: 'https://local.yahoo.com/info-{id}' },
  { platform: 'Foursquare', color: '#f94877', url: 'https://foursquare.com/v/{id}' },
  { platform: 'MapQuest', color: '#2a6b18', url: 'https://www.mapquest.com/us/business-{id}' },
  { platform: 'Superpages', color: '#e4002b', url: 'https://www.superpages.com/bp/{id}' },
  { platform: 'Yellowbot', color: '#f5b800', url: 'https://www.yellowbot.com/l/{id}' },
  { platform: 'Citysearch', color: '#0f5ca8', url: 'https://www.citysearch.com/profile/{id}' },
  { platform: 'HERE', color: '#48dad0', url: 'https://wego.here.com/p/{id}' },
  { platform: 'TomTom', color: '#df1b12', url: 'https://plan.tomtom.com/en/?p={id}' },
  { platform: 'Uber', color: '#000000', url: 'https://m.uber.com/looking?place={id}' },
  { platform: 'Alexa', color: '#00caff', url: '' },
  { platform: 'Waze', color: '#33ccff', url: 'https://www.waze.com/live-map/directions?place={id}' },
  { platform: "Judy's Book", color: '#7b3f99', url: 'https://www.judysbook.com/biz/{id}' },
];

/** Localeze's category list (a slice of its taxonomy), ids as Localeze numbers them. */
export const LOCALEZE_CATEGORIES: { id: number; name: string }[] = [
  'Accountants',
  'Advertising Agencies',
  'Apartments',
  'Attorneys',
  'Auto Repair & Service',
  'Auto Parts & Supplies',
  'Bakeries',
  'Banks',
  'Barbers',
  'Beauty Salons',
  'Book Stores',
  'Cafes',
  'Car Wash',
  'Caterers',
  'Child Care',
  'Chiropractors',
  'Cleaning Services',
  'Clothing Stores',
  'Coffee Shops',
  'Computer Repair',
  'Contractors',
  'Convenience Stores',
  'Dentists',
  'Department Stores',
  'Dermatologists',
  'Dry Cleaners',
  'Electricians',
  'Florists',
  'Furniture Stores',
  'Gas Stations',
  'Gift Shops',
  'Grocery Stores',
  'Gyms & Fitness Centers',
  'Hair Salons',
  'Hardware Stores',
  'Health Clinics',
  'Home Insurance',
  'Hotels',
  'HVAC Contractors',
  'Insurance Agents',
  'Jewelry Stores',
  'Landscaping',
  'Life Insurance',
  'Locksmiths',
  'Mexican Restaurants',
  'Movers',
  'Nail Salons',
  'Optometrists',
  'Orthodontists',
  'Pediatricians',
  'Pet Stores',
  'Pharmacies',
  'Physical Therapists',
  'Physicians & Surgeons',
  'Pizza',
  'Plumbers',
  'Real Estate Agents',
  'Restaurants',
  'Roofing Contractors',
  'Spas',
  'Tire Dealers',
  'Urgent Care',
  'Veterinarians',
  'Yoga Instruction',
].map((name) => ({ id: 1_000_000 + (hashString(name) % 9_000_000), name }));

interface Override {
  disposition?: Disposition;
  isEnabled?: boolean;
  link?: string | null;
  lastModified: string;
}

interface LocalezeState {
  version: 1;
  /** When this sandbox's Localeze data began (ms); generated dates lie before it, so they do not move between calls. */
  anchor: number;
  /** `listingId|platform` → what the admin API set. */
  overrides: Record<string, Override>;
}

class LocalezeError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly field?: string,
  ) {
    super(message);
  }
}

const slug = (platform: string) =>
  platform
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');

export function createLocalezeModule(env: SandboxEnv): SandboxModule {
  const snapshot = createSnapshotFile<LocalezeState>(path.join(env.dataDir, 'localeze.json'));
  const loaded = snapshot.load();
  const fresh = (): LocalezeState => ({ version: 1, anchor: Date.now(), overrides: {} });
  let state: LocalezeState = loaded?.version === 1 && typeof loaded.anchor === 'number' ? loaded : fresh();
  snapshot.schedule(() => state);
  const failures: { status: number; remaining: number }[] = [];
  const routes = createRouteTable();
  const abs = (p: string) => `${env.url()}${p}`;

  const listingId = (raw: string) => {
    if (!/^\d{4,12}$/.test(raw)) throw new LocalezeError(404, `Listing ${raw} was not found.`, 'listingId');
    return raw;
  };

  /** The directories of a listing: 9-14 of the network, dispositions mostly Successful, dated before now. */
  const directoriesOf = (id: string) => {
    const rng = createRng(`${env.seed}:localeze:${id}`);
    const count = rng.int(9, DIRECTORIES.length);
    const now = state.anchor;
    return DIRECTORIES.slice(0, count).map((d) => {
      const disposition = rng.weighted<Disposition>([
        ['Successful', 6],
        ['Pending', 1.5],
        ['Submitted', 1],
        ['Rejected', 0.7],
        ['Not Supported', 0.5],
      ]);
      const base = {
        platform: d.platform,
        logoUrl: abs(`/localeze/logos/${slug(d.platform)}.svg`),
        isEnabled: disposition !== 'Not Supported',
        disposition,
        lastModified: new Date(now - rng.int(1, 120) * 86_400_000 - rng.int(0, 86_399) * 1000).toISOString().replace(/\.\d{3}Z$/, 'Z'),
        link: disposition === 'Successful' && d.url ? d.url.replace('{id}', `${id}${rng.int(100, 999)}`) : null,
      };
      const o = state.overrides[`${id}|${d.platform}`];
      return o
        ? {
            ...base,
            ...(o.disposition ? { disposition: o.disposition } : {}),
            ...(o.isEnabled !== undefined ? { isEnabled: o.isEnabled } : {}),
            ...(o.link !== undefined ? { link: o.link } : {}),
            lastModified: o.lastModified,
          }
        : base;
    });
  };

  const authorize = (ctx: Koa.Context) => {
    if (!/^Bearer\s+\S/i.test(ctx.get('authorization')) && !ctx.get('x-api-key'))
      throw new LocalezeError(401, 'An API key is required (Authorization: Bearer <key> or x-api-key).');
    const failure = failures[0];
    if (failure) {
      if (--failure.remaining <= 0) failures.shift();
      throw new LocalezeError(failure.status, 'The Localeze service is temporarily unavailable.');
    }
  };

  routes.add('GET', '/localeze/v1/listings/{listingId}/directories', (ctx, p) => {
    authorize(ctx);
    const id = listingId(p.listingId!);
    ctx.body = { listingId: id, directories: directoriesOf(id) };
  });

  routes.add('GET', '/localeze/v1/categories', (ctx) => {
    authorize(ctx);
    ctx.body = { categories: LOCALEZE_CATEGORIES };
  });

  routes.add('GET', '/localeze/logos/{name}.svg', (ctx, p) => {
    const d = DIRECTORIES.find((x) => slug(x.platform) === p.name);
    if (!d) throw new LocalezeError(404, 'No such logo.');
    const initials = d.platform
      .split(/\s+/)
      .map((w) => w[0])
      .join('')
      .slice(0, 2)
      .toUpperCase();
    ctx.type = 'image/svg+xml';
    ctx.set('Cache-Control', 'public, max-age=86400');
    ctx.body = `<svg xmlns="http://www.w3.org/2000/svg" width="64" height="64" viewBox="0 0 64 64"><rect width="64" height="64" rx="12" fill="${escapeHtml(d.color)}"/><text x="32" y="41" font-family="Arial,sans-serif" font-size="24" font-weight="700" fill="#fff" text-anchor="middle">${escapeHtml(initials)}</text></svg>`;
  });

  const admin = '/localeze/__sandbox';
  const body = (ctx: Koa.Context): Record<string, unknown> => {
    const b = ctx.request.body;
    if (b === undefined || b === '') return {};
    if (b === null || typeof b !== 'object' || Array.isArray(b)) throw new LocalezeError(400, 'The request body must be a JSON object.', 'body');
    return b as Record<string, unknown>;
  };

  const summary = (ctx: Koa.Context) => {
    ctx.body = { dispositions: DISPOSITIONS, platforms: DIRECTORIES.map((d) => d.platform), overrides: state.overrides, armedFailures: failures };
  };
  routes.add('GET', admin, summary);
  routes.add('GET', '/localeze', summary);

  routes.add('PUT', `${admin}/listings/{listingId}/directories/{platform}`, (ctx, p) => {
    const id = listingId(p.listingId!);
    const d = DIRECTORIES.find((x) => x.platform.toLowerCase() === p.platform!.toLowerCase() || slug(x.platform) === p.platform);
    if (!d) throw new LocalezeError(404, `Unknown platform ${p.platform}.`, 'platform');
    const b = body(ctx);
    if (b.disposition !== undefined && !DISPOSITIONS.includes(b.disposition as Disposition))
      throw new LocalezeError(400, `disposition must be one of ${DISPOSITIONS.join(', ')}.`, 'disposition');
    if (b.isEnabled !== undefined && typeof b.isEnabled !== 'boolean') throw new LocalezeError(400, 'isEnabled must be true or false.', 'isEnabled');
    if (b.link !== undefined && b.link !== null && (typeof b.link !== 'string' || !/^https?:\/\/\S+$/.test(b.link)))
      throw new LocalezeError(400, 'link must be an http(s) URL or null.', 'link');
    state.overrides[`${id}|${d.platform}`] = {
      ...(b.disposition !== undefined ? { disposition: b.disposition as Disposition } : {}),
      ...(b.isEnabled !== undefined ? { isEnabled: b.isEnabled as boolean } : {}),
      ...(b.link !== undefined ? { link: b.link as string | null } : {}),
      lastModified: new Date().toISOString().replace(/\.\d{3}Z$/, 'Z'),
    };
    snapshot.schedule(() => state);
    ctx.body = directoriesOf(id).find((x) => x.platform === d.platform);
  });

  routes.add('POST', `${admin}/fail-next`, (ctx) => {
    const b = body(ctx);
    const status = Number(b.status ?? 503);
    const count = Number(b.count ?? 1);
    if (![429, 500, 502, 503, 504].includes(status)) throw new LocalezeError(400, 'status must be 429, 500, 502, 503 or 504.', 'status');
    if (!Number.isInteger(count) || count < 1 || count > 100) throw new LocalezeError(400, 'count must be an integer from 1 to 100.', 'count');
    failures.push({ status, remaining: count });
    ctx.body = { armed: failures };
  });

  routes.add('POST', `${admin}/reset`, (ctx) => {
    state = fresh();
    failures.length = 0;
    snapshot.schedule(() => state);
    ctx.body = { reset: true };
  });

  const answer = (e: LocalezeError): ApiErrorAnswer => ({
    status: e.status,
    body: { error: { code: e.status, message: e.message, ...(e.field ? { field: e.field } : {}) } },
    ...(e.status === 429 ? { headers: { 'Retry-After': '1' } } : {}),
  });
  return {
    name: 'localeze',
    prefix: '/localeze',
    middleware: jsonApiMiddleware({
      prefix: '/localeze',
      routes,
      noRoute: (method, p, pathMatched) =>
        answer(new LocalezeError(pathMatched ? 405 : 404, pathMatched ? `Method ${method} is not allowed here.` : `No Localeze route for ${method} ${p}.`)),
      known: (err) => (err instanceof LocalezeError ? answer(err) : undefined),
      badBody: (status, message) => answer(new LocalezeError(status, `The body is not valid JSON (${message}).`, 'body')),
      internal: answer(new LocalezeError(500, 'Internal error.')),
      log: env.log,
    }),
    summary: () => `Localeze: directories and dispositions of any listing id, ${LOCALEZE_CATEGORIES.length} categories`,
    async close() {
      snapshot.flush();
    },
  };
}
