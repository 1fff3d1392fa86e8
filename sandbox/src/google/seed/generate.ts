import { createRng, hashString, type Rng } from '../../kit/rng';
import { findCategory } from '../data/catalog';
import { attributesForCategory, LANGUAGES } from '../data/attributes';
import type { AccountRole, AccountType, GAccount, GLocation, GState, GUser, JsonObject } from '../state';
import { BRANDS, DIRECTIONS, INDEPENDENTS, STREET_NAMES, STREET_SUFFIXES, SUITE_KINDS, type Brand, type HoursProfile } from './content';
import { seedCities, type SeedCity } from './geo';

const DAYS = ['MONDAY', 'TUESDAY', 'WEDNESDAY', 'THURSDAY', 'FRIDAY', 'SATURDAY', 'SUNDAY'] as const;

/** Google's TimeOfDay in JSON omits zero fields. */
export function timeOfDay(hours: number, minutes = 0): JsonObject {
  const t: JsonObject = {};
  if (hours) t.hours = hours;
  if (minutes) t.minutes = minutes;
  return t;
}

const span = (days: readonly string[], open: [number, number], close: [number, number]) =>
  days.map((d) => ({ openDay: d, openTime: timeOfDay(...open), closeDay: d, closeTime: timeOfDay(...close) }));

export function hoursFor(profile: HoursProfile, rng: Rng): JsonObject {
  const wk = DAYS.slice(0, 5);
  let periods;
  switch (profile) {
    case 'office':
      periods = rng.chance(0.3) ? span(wk, [8, 30], [17, 30]) : span(wk, [9, 0], [17, 0]);
      break;
    case 'retail':
      periods = [...span(DAYS.slice(0, 6), [8, 0], [20, 0]), ...span(['SUNDAY'], [9, 0], [18, 0])];
      break;
    case 'restaurant':
      periods = [...span(['SUNDAY', 'MONDAY', 'TUESDAY', 'WEDNESDAY', 'THURSDAY'], [11, 0], [22, 0]), ...span(['FRIDAY', 'SATURDAY'], [11, 0], [23, 0])];
      break;
    case 'coffee':
      periods = [...span(wk, [6, 0], [19, 0]), ...span(['SATURDAY', 'SUNDAY'], [7, 0], [18, 0])];
      break;
    case 'medical':
      periods = [...span(wk, [8, 0], rng.chance(0.4) ? [19, 0] : [17, 0]), ...(rng.chance(0.6) ? span(['SATURDAY'], [9, 0], [13, 0]) : [])];
      break;
    case 'auto':
      periods = [...span(wk, [7, 30], [18, 0]), ...span(['SATURDAY'], [8, 0], [16, 0])];
      break;
    case 'salon':
      periods = [...span(['TUESDAY', 'WEDNESDAY', 'THURSDAY', 'FRIDAY'], [10, 0], [19, 0]), ...span(['SATURDAY'], [9, 0], [17, 0])];
      break;
    case 'fitness':
      periods = [...span(wk, [5, 30], [21, 0]), ...span(['SATURDAY', 'SUNDAY'], [7, 0], [17, 0])];
      break;
  }
  return { periods } as unknown as JsonObject;
}

export function usPhone(rng: Rng, areaCode: number): string {
  let exchange: number;
  do exchange = rng.int(201, 989);
  while (exchange % 100 === 11 || exchange === 555);
  return `(${areaCode}) ${exchange}-${String(rng.int(0, 9999)).padStart(4, '0')}`;
}

const slug = (s: string) =>
  s
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');

export function newNumericId(rng: Rng, taken: (id: string) => boolean, length = 19): string {
  let id: string;
  do id = rng.digits(length);
  while (taken(id));
  return id;
}

export function placeIdFor(rng: Rng): string {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_-';
  let s = 'ChIJ';
  for (let i = 0; i < 23; i++) s += alphabet[rng.int(0, alphabet.length - 1)];
  return s;
}

interface LocationSpec {
  title: string;
  storeCode?: string;
  primaryCategory: string;
  additionalCategories: string[];
  hours: HoursProfile;
  website?: string;
  description?: string;
  city: SeedCity;
}

function categoryJson(name: string): JsonObject {
  const c = findCategory(name);
  return { name: c?.name ?? `categories/${name}`, displayName: c?.displayName ?? name };
}

function buildLocation(rng: Rng, spec: LocationSpec, accountId: string, state: GState, brandKey: string, anchor: Date): GLocation {
  const { city } = spec;
  const line1 = `${rng.int(100, 9899)} ${rng.pick(DIRECTIONS)}${rng.pick(STREET_NAMES)} ${rng.pick(STREET_SUFFIXES)}`;
  const addressLines = [line1];
  if (rng.chance(0.3)) addressLines.push(`${rng.pick(SUITE_KINDS)} ${rng.int(1, 9) * 100 + rng.int(0, 40)}`);
  const zip = String(rng.int(city.zip[0], city.zip[1])).padStart(5, '0');
  const phoneNumbers: JsonObject = { primaryPhone: usPhone(rng, rng.pick(city.areaCodes)) };
  if (rng.chance(0.15)) phoneNumbers.additionalPhones = [usPhone(rng, rng.pick([800, 833, 844, 855, 866, 877, 888]))];
  const opening = new Date(Date.UTC(rng.int(1995, 2022), rng.int(0, 11), rng.int(1, 28)));
  const resource: JsonObject = {
    languageCode: 'en',
    title: spec.title,
    phoneNumbers,
    categories: {
      primaryCategory: categoryJson(spec.primaryCategory),
      ...(spec.additionalCategories.length ? { additionalCategories: spec.additionalCategories.map(categoryJson) } : {}),
    },
    storefrontAddress: {
      regionCode: 'US',
      languageCode: 'en',
      postalCode: zip,
      administrativeArea: city.state,
      locality: city.city,
      addressLines,
    },
    regularHours: hoursFor(spec.hours, rng),
    latlng: {
      latitude: Math.round((city.latitude + (rng.next() - 0.5) * 0.08) * 1e6) / 1e6,
      longitude: Math.round((city.longitude + (rng.next() - 0.5) * 0.08) * 1e6) / 1e6,
    },
    openInfo: {
      status: rng.chance(0.02) ? 'CLOSED_TEMPORARILY' : 'OPEN',
      canReopen: true,
      openingDate: { year: opening.getUTCFullYear(), month: opening.getUTCMonth() + 1, day: opening.getUTCDate() },
    },
  };
  if (spec.storeCode) resource.storeCode = spec.storeCode;
  if (spec.website) resource.websiteUri = spec.website;
  if (spec.description) resource.profile = { description: spec.description };
  const id = newNumericId(rng, (x) => x in state.locations);
  const created = new Date(anchor.getTime() - rng.int(30, 900) * 86_400_000).toISOString();
  return {
    id,
    accountId,
    resource,
    attributes: seedAttributes(rng, spec.primaryCategory, spec.website),
    placeId: placeIdFor(rng),
    createTime: created,
    updateTime: created,
    brandKey,
  };
}

function seedAttributes(rng: Rng, primaryCategory: string, website?: string): JsonObject[] {
  const out: JsonObject[] = [];
  for (const meta of attributesForCategory(`categories/${primaryCategory}`)) {
    const name = meta.parent;
    if (meta.valueType === 'BOOL') {
      if (rng.chance(0.45)) out.push({ name, valueType: 'BOOL', values: [rng.chance(0.8)] });
    } else if (meta.valueType === 'ENUM') {
      if (rng.chance(0.5)) out.push({ name, valueType: 'ENUM', values: ['free_wi_fi'] });
    } else if (meta.valueType === 'REPEATED_ENUM') {
      const set = [
        'english',
        ...rng.sample(
          LANGUAGES.slice(1).map(([v]) => v),
          rng.int(0, 2),
        ),
      ];
      out.push({ name, valueType: 'REPEATED_ENUM', repeatedEnumValue: { setValues: set, unsetValues: [] } });
    } else if (website && rng.chance(0.35)) {
      const host = new URL(website).hostname.replace(/^www\./, '').split('.')[0];
      const uri =
        name === 'attributes/url_appointment'
          ? `${new URL(website).origin}/book`
          : name === 'attributes/url_menu'
            ? `${new URL(website).origin}/menu`
            : name === 'attributes/url_order_ahead'
              ? `${new URL(website).origin}/order`
              : `https://www.${name.replace('attributes/url_', '')}.com/${host}`;
      out.push({ name, valueType: 'URL', uriValues: [{ uri }] });
    }
  }
  return out;
}

function brandLocation(rng: Rng, brand: Brand, index: number, pool: SeedCity[]): LocationSpec {
  const city = rng.pick(pool);
  const storeCode = `${brand.storeCodePrefix}-${String(index + 1).padStart(4, '0')}`;
  return {
    title: brand.titleWithCity ? `${brand.name} - ${city.city}` : brand.name,
    storeCode,
    primaryCategory: brand.primaryCategory,
    additionalCategories: rng.sample(brand.additionalCategories, rng.int(1, brand.additionalCategories.length)),
    hours: brand.hours,
    website: `https://www.${brand.domain}/locations/${slug(city.city)}-${city.state.toLowerCase()}-${storeCode.toLowerCase()}`,
    description: brand.description.replace(/\{city\}/g, city.city),
    city,
  };
}

function cityPool(states: string[]): SeedCity[] {
  const all = seedCities();
  const pool = states.length ? all.filter((c) => states.includes(c.state)) : all;
  return pool.length ? pool : all;
}

interface AccountPlan {
  accountName: string;
  type: AccountType;
  brandKey: string;
  locations: number;
  members: { user: number; role: AccountRole }[];
}

const USERS: Omit<GUser, 'sub'>[] = [
  { name: 'Avery Johnson', givenName: 'Avery', familyName: 'Johnson', email: 'avery.johnson@gmail.com', color: '#1a73e8' },
  { name: 'Maria Garcia', givenName: 'Maria', familyName: 'Garcia', email: 'maria.garcia.biz@gmail.com', color: '#d93025' },
  { name: 'Daniel Kim', givenName: 'Daniel', familyName: 'Kim', email: 'daniel.kim.autos@gmail.com', color: '#188038' },
  { name: 'Priya Patel', givenName: 'Priya', familyName: 'Patel', email: 'priya.patel.health@gmail.com', color: '#9334e6' },
  { name: 'Marcus Lee', givenName: 'Marcus', familyName: 'Lee', email: 'marcus.lee.newbiz@gmail.com', color: '#e37400' },
];

const PLANS: AccountPlan[] = [
  {
    accountName: 'Summit Insurance Partners',
    type: 'LOCATION_GROUP',
    brandKey: 'summit',
    locations: 48,
    members: [
      { user: 0, role: 'PRIMARY_OWNER' },
      { user: 1, role: 'MANAGER' },
    ],
  },
  { accountName: 'Sunrise Coffee Co.', type: 'LOCATION_GROUP', brandKey: 'sunrise', locations: 120, members: [{ user: 1, role: 'PRIMARY_OWNER' }] },
  { accountName: 'Garcia Family Dental', type: 'LOCATION_GROUP', brandKey: 'garciaDental', locations: 24, members: [{ user: 1, role: 'PRIMARY_OWNER' }] },
  { accountName: 'Northwind Auto Care', type: 'LOCATION_GROUP', brandKey: 'northwind', locations: 300, members: [{ user: 2, role: 'PRIMARY_OWNER' }] },
  { accountName: 'Kim Realty Group', type: 'LOCATION_GROUP', brandKey: 'kimRealty', locations: 36, members: [{ user: 2, role: 'OWNER' }] },
  { accountName: 'Evergreen Health Clinic', type: 'LOCATION_GROUP', brandKey: 'evergreen', locations: 75, members: [{ user: 3, role: 'PRIMARY_OWNER' }] },
  {
    accountName: 'Bloom & Co. Salon',
    type: 'LOCATION_GROUP',
    brandKey: 'bloom',
    locations: 20,
    members: [
      { user: 3, role: 'PRIMARY_OWNER' },
      { user: 0, role: 'SITE_MANAGER' },
    ],
  },
  // last, so the accounts above keep the data they had: the demo's home-services company
  { accountName: 'Summit Home Services', type: 'LOCATION_GROUP', brandKey: 'summitHome', locations: 32, members: [{ user: 4, role: 'PRIMARY_OWNER' }] },
];

/** Personal accounts and the standalone businesses they hold. */
const PERSONAL_LOCATIONS: Record<number, number[]> = { 0: [0, 1, 2], 3: [3, 4] };

export function emptyState(seed: number, anchor: Date): GState {
  return {
    version: 1,
    seed,
    anchor: anchor.toISOString(),
    users: [],
    accounts: {},
    locations: {},
    reviews: {},
    posts: {},
    media: {},
    createRequests: {},
    oauth: { codes: {}, accessTokens: {}, refreshTokens: {}, consents: {} },
  };
}

export function generateState(seed: number, anchor: Date): GState {
  const state = emptyState(seed, anchor);
  const rng = createRng(seed);
  state.users = USERS.map((u) => ({ ...u, sub: rng.digits(21) }));
  const addAccount = (a: Omit<GAccount, 'id' | 'locationIds'>): GAccount => {
    const id = newNumericId(rng, (x) => x in state.accounts, 20);
    const account: GAccount = { ...a, id, locationIds: [] };
    state.accounts[id] = account;
    return account;
  };
  // Every Google user has a personal account.
  state.users.forEach((u, i) => {
    const personal = addAccount({
      accountName: u.name,
      type: 'PERSONAL',
      verificationState: 'UNVERIFIED',
      vettedState: 'NOT_VETTED',
      members: [{ sub: u.sub, role: 'PRIMARY_OWNER' }],
      brandKey: 'independent',
    });
    for (const which of PERSONAL_LOCATIONS[i] ?? []) {
      const ind = INDEPENDENTS[which]!;
      const city = rng.pick(seedCities());
      const loc = buildLocation(
        rng,
        {
          title: ind.title,
          primaryCategory: ind.category,
          additionalCategories: ind.extra,
          hours: ind.hours,
          website: `https://www.${ind.domain}/`,
          description: `${ind.title} is a locally owned ${findCategory(ind.category)?.displayName.toLowerCase() ?? 'business'} in ${city.city}, ${city.state}. Stop by and say hello!`,
          city,
        },
        personal.id,
        state,
        'independent',
        anchor,
      );
      state.locations[loc.id] = loc;
      personal.locationIds.push(loc.id);
    }
  });
  for (const plan of PLANS) {
    const brand = BRANDS[plan.brandKey]!;
    const account = addAccount({
      accountName: plan.accountName,
      type: plan.type,
      verificationState: 'VERIFIED',
      vettedState: 'NOT_VETTED',
      members: plan.members.map((m) => ({ sub: state.users[m.user]!.sub, role: m.role })),
      brandKey: plan.brandKey,
      accountNumber: rng.digits(10),
    });
    addBrandLocations(state, account, brand, plan.locations, rng, anchor);
    markVoiceOfMerchant(state, account);
  }
  // A Google Workspace administrator (Admin SDK directory), from its own random stream so the
  // data above stays as it was.
  state.users.push({ ...WORKSPACE_ADMIN, sub: createRng(`${seed}:workspace`).digits(21) });
  addDemoGoogleUpdates(state);
  return state;
}

/**
 * A few profiles Google changed on its own (demo data for "Google changed N fields"): in each
 * brand account, the third location shows another phone, and the fifth shorter Saturday hours
 * and a website without "www.". Derived from the data, so the random streams stay as they were.
 */
function addDemoGoogleUpdates(state: GState): void {
  for (const account of Object.values(state.accounts)) {
    if (account.type === 'PERSONAL') continue;
    const third = state.locations[account.locationIds[2] ?? ''];
    const phone = third?.resource.phoneNumbers as { primaryPhone?: string } | undefined;
    if (third && phone?.primaryPhone) {
      const digits = phone.primaryPhone.replace(/\d(?=\d{0,1}$)/g, (d) => String((Number(d) + 3) % 10));
      third.googleUpdated = { phoneNumbers: { ...phone, primaryPhone: digits } };
    }
    const fifth = state.locations[account.locationIds[4] ?? ''];
    if (!fifth) continue;
    const updated: JsonObject = {};
    const hours = fifth.resource.regularHours as { periods?: { openDay: string; closeTime?: { hours?: number } }[] } | undefined;
    const periods = hours?.periods ?? [];
    if (periods.some((p) => p.openDay === 'SATURDAY' && (p.closeTime?.hours ?? 0) > 12)) {
      updated.regularHours = {
        periods: periods.map((p) => (p.openDay === 'SATURDAY' ? { ...p, closeTime: { ...p.closeTime, hours: (p.closeTime?.hours ?? 0) - 1 } } : p)),
      } as unknown as JsonObject;
    }
    const website = fifth.resource.websiteUri;
    if (typeof website === 'string' && website.includes('://www.')) updated.websiteUri = website.replace('://www.', '://');
    if (Object.keys(updated).length) fifth.googleUpdated = updated;
  }
}

/**
 * A few locations of each business account that Google asks something of before their edits go
 * live (the Verifications API): fixed positions, so the random data above stays as it was.
 */
function markVoiceOfMerchant(state: GState, account: GAccount) {
  const marks: [number, NonNullable<GLocation['voiceOfMerchant']>][] = [
    [2, { action: 'verify', hasPendingVerification: false }],
    [5, { action: 'resolveOwnershipConflict' }],
    [8, { action: 'complyWithGuidelines', recommendationReason: 'BUSINESS_LOCATION_SUSPENDED' }],
    [11, { action: 'waitForVoiceOfMerchant' }],
  ];
  for (const [index, vom] of marks) {
    const loc = state.locations[account.locationIds[index] ?? ''];
    if (loc) loc.voiceOfMerchant = vom;
  }
}

/** The Workspace admin of summithomeservices.com: signs in with Google and lists its directory. */
export const WORKSPACE_ADMIN = {
  name: 'Jordan Alvarez',
  givenName: 'Jordan',
  familyName: 'Alvarez',
  email: 'jordan.alvarez@summithomeservices.com',
  color: '#0b8043',
};

export function addBrandLocations(state: GState, account: GAccount, brand: Brand, count: number, rng: Rng, anchor: Date) {
  const pool = cityPool(brand.states);
  const start = account.locationIds.length;
  for (let i = 0; i < count; i++) {
    const loc = buildLocation(rng, brandLocation(rng, brand, start + i, pool), account.id, state, brand.key, anchor);
    state.locations[loc.id] = loc;
    account.locationIds.push(loc.id);
  }
}

/** The on-demand benchmark account (default 10,000 locations) owned by its own Google user. */
export function addBenchAccount(state: GState, locations: number): GAccount {
  const existing = Object.values(state.accounts).find((a) => a.brandKey === 'bench');
  if (existing) return existing;
  const rng = createRng(state.seed ^ hashString('bench') ^ locations);
  let user = state.users.find((u) => u.email === 'bench.operator@gmail.com');
  if (!user) {
    user = { sub: rng.digits(21), name: 'Jordan Rivera', givenName: 'Jordan', familyName: 'Rivera', email: 'bench.operator@gmail.com', color: '#5f6368' };
    state.users.push(user);
  }
  const id = newNumericId(rng, (x) => x in state.accounts, 20);
  const account: GAccount = {
    id,
    accountName: 'Atlas Hardware',
    type: 'LOCATION_GROUP',
    verificationState: 'VERIFIED',
    vettedState: 'NOT_VETTED',
    accountNumber: rng.digits(10),
    members: [{ sub: user.sub, role: 'PRIMARY_OWNER' }],
    locationIds: [],
    brandKey: 'bench',
  };
  state.accounts[id] = account;
  addBrandLocations(state, account, BRANDS.bench!, locations, rng, new Date(state.anchor));
  return account;
}

export { DAYS };
