import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  DAYS_OF_WEEK,
  emptyBulkEditValues,
  GOOGLE_LANGUAGES_ATTRIBUTE,
  LOCATION_ATTRIBUTE_FLAGS,
  PLACE_PAGE_URL_FIELDS,
  type BulkEditField,
  type BulkEditValues,
  type CategoryRef,
  type HoursPeriod,
  type LocationEvent,
  type LocationProfile,
  type UpdateLocationFields,
} from '@locus/contracts';
import type { ReadModels } from '@locus/platform';
import { citiesOf } from '@locus/platform/geo/us-places';
import type { GoogleLocation } from '../google/types';
import { bulkEditChange } from './bulk-edit/location-change';
import { emailImportProfile } from './email-import';
import { googleAttributeChanges, googleEditMask, googleUpdateMask, toGoogleLocation, type RecordedEdit } from './google-mapping';
import { locationDecider, type LocationCommand } from './location-decider';
import { evolveLocation, initialLocationState, type LocationData } from './location-state';
import { profileFromUpdate } from './profile-input';

/**
 * Every way a location is written, over random locations and random subsets of field edits: the
 * events record exactly the fields whose value the edit changed, and the PATCH Google receives
 * names exactly their Google fields — applied to Google's copy, it changes those and nothing else
 * (the pin above all, unless the city or the coordinates were edited).
 */
const RUNS = { numRuns: 200, seed: 22 } as const;

const STATES = ['FL', 'TX', 'CO', 'NY'] as const;
const cities = Object.fromEntries(STATES.map((s) => [s, citiesOf(s)!.slice(0, 6)]));
const CATEGORIES: CategoryRef[] = [
  { Name: 'categories/gcid:dentist', DisplayName: 'Dentist' },
  { Name: 'categories/gcid:cafe', DisplayName: 'Cafe' },
  { Name: 'categories/gcid:florist', DisplayName: 'Florist' },
];
/** The cached category list, the only read model an edit consults. */
const categoryReadModels = {
  collection: () => ({
    find: async (filter: { _id: { $in: string[] } }) =>
      CATEGORIES.filter((c) => filter._id.$in.includes(c.Name)).map((c) => ({ _id: c.Name, name: c.Name, displayName: c.DisplayName })),
  }),
} as unknown as ReadModels;

const word = fc.stringMatching(/^[A-Z][a-z]{2,8}$/);
const digits = (n: number) => fc.stringMatching(new RegExp(`^[0-9]{${n}}$`));
const phone = fc.tuple(fc.integer({ min: 200, max: 999 }), digits(4)).map(([a, b]) => `(512) ${a}-${b}`);
const url = word.map((w) => `https://${w.toLowerCase()}.example.com`);
const category = fc.constantFrom(...CATEGORIES);
const hoursArb: fc.Arbitrary<HoursPeriod[]> = fc.subarray([...DAYS_OF_WEEK], { minLength: 0 }).chain((days) =>
  fc.tuple(...days.map(() => fc.tuple(fc.integer({ min: 6, max: 11 }), fc.integer({ min: 13, max: 21 }), fc.constantFrom(0, 30)))).map((times) =>
    days.map((day, i) => {
      const [open, close, minutes] = times[i]!;
      return { openDay: day, openTime: { hours: open, minutes }, closeDay: day, closeTime: { hours: close, minutes: 0 } };
    }),
  ),
);

/** A location with its own pin near, never at, its city's centre (as most real ones are). */
const locationArb = fc
  .record({
    state: fc.constantFrom(...STATES),
    cityIndex: fc.nat({ max: 5 }),
    dLat: fc.double({ min: 0.001, max: 0.05, noNaN: true }),
    dLng: fc.double({ min: 0.001, max: 0.05, noNaN: true }),
    title: word,
    storeCode: fc.stringMatching(/^[A-Z]{2}-[0-9]{1,4}$/),
    phone,
    extraPhones: fc.array(phone, { maxLength: 2 }),
    primary: fc.option(category, { nil: null }),
    website: url,
    description: fc.lorem({ maxCount: 12 }),
    line1: fc.tuple(fc.integer({ min: 1, max: 9999 }), word).map(([n, w]) => `${n} ${w} St`),
    postCode: digits(5),
    email: fc.option(
      word.map((w) => `${w.toLowerCase()}@example.com`),
      { nil: null },
    ),
    owner: word,
    listingId: fc.option(digits(6), { nil: null }),
    hours: hoursArb,
  })
  .map((r): { profile: LocationProfile; hours: HoursPeriod[] } => {
    const city = cities[r.state]![r.cityIndex % cities[r.state]!.length]!;
    return {
      hours: r.hours,
      profile: {
        Title: r.title,
        StoreCode: r.storeCode,
        PrimaryPhoneNumber: r.phone,
        AdditionalPhoneNumbers: r.extraPhones,
        TollFreeNumber: '',
        PrimaryEmail: r.email,
        OwnerFirstName: r.owner,
        OwnerLastName: '',
        LocaleTagline: '',
        PrimaryCategory: r.primary,
        AdditionalCategories: [],
        SelectedLocaleZeCategories: [],
        LocaleZeKeyWords: [],
        StreetAddressLine1: r.line1,
        StreetAddressLine2: '',
        Region: 'US',
        State: r.state,
        Town: city.Name,
        PostCode: r.postCode,
        Latitude: Number((city.Latitude + r.dLat).toFixed(6)),
        Longitude: Number((city.Longitude - r.dLng).toFixed(6)),
        Website: r.website,
        ProfileDescription: r.description,
        OpeningDate: '2015-04-01',
        Twitter: '',
        LinkedIn: '',
        Facebook: '',
        Yelp: '',
        Instagram: '',
        GooglePlus: '',
        LocationProfileMedia: null,
        LocationCoverMedia: null,
        LocalezeListingId: r.listingId,
      },
    };
  });

/** A published location (imported from Google), as its stream folds. */
function published(profile: LocationProfile, hours: HoursPeriod[], attributes: Record<string, boolean> = {}, urls: Record<string, string> = {}): LocationData {
  const imported: LocationEvent = {
    type: 'LocationImported',
    data: {
      locationId: 'L1',
      companyId: 'C1',
      connectionId: 'K1',
      accountName: 'accounts/1',
      accountDisplayName: 'Acme',
      processId: 'P1',
      profile,
      hours,
      attributes,
      urls,
      google: {
        googleName: 'locations/1',
        placeId: null,
        mapsUri: null,
        openStatus: 'OPEN',
        canReopen: false,
        canDelete: true,
        thumbnailUrl: null,
        totalRating: null,
        totalRatingsCount: 0,
      },
      syncedAt: '2026-01-01T00:00:00Z',
    },
  };
  return evolveLocation(initialLocationState(), imported) as LocationData;
}

const decide = (state: LocationData, command: LocationCommand): LocationEvent[] => {
  const out = locationDecider.decide(command, state);
  return Array.isArray(out) ? out : [out];
};
const after = (state: LocationData, events: LocationEvent[]) =>
  events.reduce((s, e) => evolveLocation(s, e), state as ReturnType<typeof initialLocationState>) as LocationData;
const editsOf = (events: LocationEvent[]): RecordedEdit[] =>
  events.map((e) => (e.type === 'LocationUpdated' ? { type: e.type, changed: e.data.changed } : { type: e.type }));
const changedOf = (events: LocationEvent[]) => events.flatMap((e) => (e.type === 'LocationUpdated' ? e.data.changed : []));

/** Google's PATCH semantics: each path of the mask takes the body's value there (absent: cleared); the rest stays. */
function patch(onGoogle: GoogleLocation, body: GoogleLocation, mask: readonly string[]): GoogleLocation {
  const next = structuredClone(onGoogle) as Record<string, unknown>;
  for (const path of mask) {
    const [head, sub] = path.split('.') as [string, string | undefined];
    const value = (body as Record<string, unknown>)[head];
    if (!sub) {
      if (value === undefined) delete next[head];
      else next[head] = structuredClone(value);
      continue;
    }
    const inner = { ...((next[head] as Record<string, unknown> | undefined) ?? {}) };
    const v = (value as Record<string, unknown> | undefined)?.[sub];
    if (v === undefined) delete inner[sub];
    else inner[sub] = structuredClone(v);
    next[head] = inner;
  }
  return next as GoogleLocation;
}

/** The mask paths whose value differs between two Google locations. */
const GOOGLE_PATHS = [
  'title',
  'storeCode',
  'phoneNumbers',
  'categories',
  'storefrontAddress',
  'latlng',
  'websiteUri',
  'profile.description',
  'openInfo.openingDate',
  'regularHours',
];
const at = (loc: GoogleLocation, path: string) => path.split('.').reduce<unknown>((v, k) => (v as Record<string, unknown> | undefined)?.[k], loc);
const googleDiff = (a: GoogleLocation, b: GoogleLocation) => GOOGLE_PATHS.filter((p) => JSON.stringify(at(a, p)) !== JSON.stringify(at(b, p)));
const sorted = (xs: readonly string[]) => [...new Set(xs)].sort();

/**
 * What Google holds after the edit's PATCH: only the paths of the mask moved, they hold what Locus
 * now holds, and the mask is exactly the Google fields of the edited fields that changed.
 */
function expectGoogleExact(before: LocationData, next: LocationData, events: LocationEvent[], editedAndChanged: readonly string[], hoursChanged: boolean) {
  const mask = googleEditMask(editsOf(events));
  expect(sorted(mask)).toEqual(sorted([...googleUpdateMask(editedAndChanged), ...(hoursChanged ? ['regularHours'] : [])]));
  const onGoogle = toGoogleLocation(before.profile, before.hours);
  const wanted = toGoogleLocation(next.profile, next.hours);
  const patched = patch(onGoogle, wanted, mask);
  expect(sorted(googleDiff(onGoogle, patched))).toEqual(sorted(googleDiff(onGoogle, wanted)));
  for (const path of googleDiff(onGoogle, patched)) expect(mask).toContain(path);
  expect(googleDiff(patched, wanted)).toEqual([]);
}

// ---------- the Edit dialog (POST /api/gmb/:id/update) ----------

type EditKey = keyof UpdateLocationFields;
/** One field of the Edit dialog: the body value it sends, given the location, and the profile fields it sets. */
const EDITS: Record<string, { arb: (p: LocationProfile) => fc.Arbitrary<Partial<UpdateLocationFields>>; fields: (keyof LocationProfile)[] }> = {
  StoreCode: { arb: () => fc.stringMatching(/^[A-Z]{2}-[0-9]{1,4}$/).map((v) => ({ StoreCode: v })), fields: ['StoreCode'] },
  LocaleTagline: { arb: () => word.map((v) => ({ LocaleTagline: v })), fields: ['LocaleTagline'] },
  StreetAddressLine1: { arb: () => word.map((v) => ({ StreetAddressLine1: `1 ${v} Ave` })), fields: ['StreetAddressLine1'] },
  StreetAddressLine2: { arb: () => word.map((v) => ({ StreetAddressLine2: `Suite ${v}` })), fields: ['StreetAddressLine2'] },
  PostCode: { arb: () => digits(5).map((v) => ({ PostCode: v })), fields: ['PostCode'] },
  PrimaryPhoneNumber: { arb: () => phone.map((v) => ({ PrimaryPhoneNumber: v })), fields: ['PrimaryPhoneNumber'] },
  TollFreeNumber: { arb: () => digits(4).map((v) => ({ TollFreeNumber: `(800) 555-${v}` })), fields: ['TollFreeNumber'] },
  PrimaryEmail: {
    arb: () =>
      fc
        .option(
          word.map((w) => `${w.toLowerCase()}@example.org`),
          { nil: null },
        )
        .map((v) => ({ PrimaryEmail: v })),
    fields: ['PrimaryEmail'],
  },
  OwnerFirstName: { arb: () => word.map((v) => ({ OwnerFirstName: v })), fields: ['OwnerFirstName'] },
  Website: { arb: () => url.map((v) => ({ Website: v })), fields: ['Website'] },
  Facebook: { arb: () => url.map((v) => ({ Facebook: v })), fields: ['Facebook'] },
  ProfileDescription: { arb: () => fc.lorem({ maxCount: 10 }).map((v) => ({ ProfileDescription: v })), fields: ['ProfileDescription'] },
  LocalezeListingId: { arb: () => fc.option(digits(7), { nil: null }).map((v) => ({ LocalezeListingId: v })), fields: ['LocalezeListingId'] },
  LocaleZeKeyWords: { arb: () => fc.array(word, { maxLength: 3 }).map((v) => ({ LocaleZeKeyWords: v })), fields: ['LocaleZeKeyWords'] },
  LocationProfileMedia: { arb: () => fc.option(url, { nil: null }).map((v) => ({ LocationProfileMedia: v })), fields: ['LocationProfileMedia'] },
  OpeningDate: { arb: () => fc.constantFrom('2015-04-01', '2019-09-15').map((v) => ({ OpeningDate: v })), fields: ['OpeningDate'] },
  PrimaryCategoryId: { arb: () => category.map((c) => ({ PrimaryCategoryId: c.Name })), fields: ['PrimaryCategory'] },
  // Another city of the state (or the same one, sent again): its centre becomes the pin only when the city changes.
  Town: { arb: (p) => fc.constantFrom(...cities[p.State]!).map((c) => ({ Town: c.Name })), fields: ['Town', 'Latitude', 'Longitude'] },
  State: { arb: (p) => fc.constant({ State: p.State }), fields: ['State'] },
};

/** A random subset of the dialog's fields, each sent with a new value or (as a careless client would) its current one. */
const editArb = (p: LocationProfile) =>
  fc
    .subarray(Object.keys(EDITS), { minLength: 1 })
    .chain((keys) =>
      fc
        .tuple(...keys.map((k) => fc.oneof(EDITS[k]!.arb(p), fc.constant(currentValueOf(p, k as EditKey)))))
        .map((parts) => ({ keys, body: Object.assign({}, ...parts) as UpdateLocationFields })),
    );
const currentValueOf = (p: LocationProfile, key: EditKey): Partial<UpdateLocationFields> =>
  key === 'PrimaryCategoryId' ? (p.PrimaryCategory ? { PrimaryCategoryId: p.PrimaryCategory.Name } : {}) : { [key]: p[key as keyof LocationProfile] };

describe('write paths send only what changed (fast-check, 200 cases each)', () => {
  it('Edit dialog: the event and the PATCH hold exactly the fields edited to a new value; the pin moves only with the city', async () => {
    await fc.assert(
      fc.asyncProperty(
        locationArb.chain((l) => editArb(l.profile).map((e) => ({ ...l, ...e }))),
        async ({ profile, hours, keys, body }) => {
          const before = published(profile, hours);
          const next = await profileFromUpdate(categoryReadModels, before.profile, body);
          const events = decide(before, { type: 'UpdateLocation', data: { profile: next } });
          const state = after(before, events);
          const cityMoved = body.Town !== undefined && body.Town !== profile.Town;
          const edited = keys.flatMap((k) => EDITS[k]!.fields).filter((f) => f !== 'Latitude' && f !== 'Longitude');
          const changed = edited.filter((f) => JSON.stringify(state.profile[f] ?? null) !== JSON.stringify(profile[f] ?? null));
          const expected = [...changed, ...(cityMoved ? ['Latitude', 'Longitude'] : [])];
          expect(sorted(changedOf(events))).toEqual(sorted(expected));
          if (!cityMoved) expect([state.profile.Latitude, state.profile.Longitude]).toEqual([profile.Latitude, profile.Longitude]);
          for (const k of Object.keys(profile) as (keyof LocationProfile)[]) if (!expected.includes(k)) expect(state.profile[k]).toEqual(profile[k]);
          expectGoogleExact(before, state, events, expected, false);
        },
      ),
      RUNS,
    );
  });

  it('Edit dialog: the website and Localeze listing id alone keep the pin (the reported Tallahassee case)', async () => {
    const tallahassee = citiesOf('FL')!.find((c) => c.Name === 'Tallahassee')!;
    const profile = {
      ...fc.sample(locationArb, { numRuns: 1, seed: 1 })[0]!.profile,
      State: 'FL',
      Town: 'Tallahassee',
      Latitude: 30.475629,
      Longitude: -84.306526,
    };
    expect([tallahassee.Latitude, tallahassee.Longitude]).not.toEqual([profile.Latitude, profile.Longitude]);
    const before = published(profile, []);
    // The dialog sent its address fields unchanged with the two edits.
    const next = await profileFromUpdate(categoryReadModels, profile, {
      State: 'FL',
      Town: 'Tallahassee',
      Website: 'https://garcia.example.com',
      LocalezeListingId: '998877',
    });
    const events = decide(before, { type: 'UpdateLocation', data: { profile: next } });
    expect(changedOf(events)).toEqual(['Website', 'LocalezeListingId']);
    expect(googleEditMask(editsOf(events))).toEqual(['websiteUri']);
    expect([next.Latitude, next.Longitude]).toEqual([30.475629, -84.306526]);
  });

  it('hours: new hours are one LocationHoursUpdated and a PATCH of regularHours alone; the same hours nothing', () => {
    fc.assert(
      fc.property(locationArb, hoursArb, fc.boolean(), ({ profile, hours }, newHours, same) => {
        const before = published(profile, hours);
        // The same hours may come in another order (the form sorts from Monday; Google need not).
        const sent = same ? structuredClone(hours).reverse() : newHours;
        const events = decide(before, { type: 'SetRegularHours', data: { hours: sent } });
        const canonical = (h: HoursPeriod[]) => h.map((p) => JSON.stringify(p)).sort();
        const hoursChanged = JSON.stringify(canonical(sent)) !== JSON.stringify(canonical(hours));
        expect(events.map((e) => e.type)).toEqual(hoursChanged ? ['LocationHoursUpdated'] : []);
        const state = after(before, events);
        expect(state.profile).toEqual(profile);
        expectGoogleExact(before, state, events, [], hoursChanged);
      }),
      RUNS,
    );
  });

  it('attributes: only the flags and URLs sent change, and the attribute mask names exactly those that did', () => {
    const flagsArb = fc.dictionary(fc.constantFrom(...LOCATION_ATTRIBUTE_FLAGS.map((f) => f.key)), fc.boolean(), { maxKeys: 8 });
    const urlsArb = fc.dictionary(fc.constantFrom(...PLACE_PAGE_URL_FIELDS.map((f) => f.key)), url, { maxKeys: 4 });
    const flagEdits = fc.dictionary(fc.constantFrom(...LOCATION_ATTRIBUTE_FLAGS.map((f) => f.key)), fc.option(fc.boolean(), { nil: null }), { maxKeys: 6 });
    const urlEdits = fc.dictionary(fc.constantFrom(...PLACE_PAGE_URL_FIELDS.map((f) => f.key)), fc.option(url, { nil: null }), { maxKeys: 3 });
    fc.assert(
      fc.property(locationArb, flagsArb, urlsArb, flagEdits, urlEdits, ({ profile, hours }, attributes, urls, flagChanges, urlChanges) => {
        const before = published(profile, hours, attributes, urls);
        const events = decide(before, { type: 'SetAttributes', data: { attributes: flagChanges, urls: urlChanges } });
        const state = after(before, events);
        const moved = (was: Record<string, unknown>, now: Record<string, unknown>, keys: string[]) => keys.filter((k) => was[k] !== now[k]);
        const flagKeys = LOCATION_ATTRIBUTE_FLAGS.map((f) => f.key);
        const urlKeys = PLACE_PAGE_URL_FIELDS.map((f) => f.key);
        const flagsMoved = moved(before.attributes, state.attributes, flagKeys);
        const urlsMoved = moved(before.urls, state.urls, urlKeys);
        // What moved was sent, to what was sent; nothing else moved.
        for (const k of flagsMoved) expect(state.attributes[k] ?? null).toEqual(flagChanges[k]);
        for (const k of urlsMoved) expect(state.urls[k] ?? null).toEqual(urlChanges[k]);
        for (const [k, v] of Object.entries(flagChanges)) expect(state.attributes[k] ?? null).toEqual(v);
        expect(events.length).toBe(flagsMoved.length + urlsMoved.length > 0 ? 1 : 0);
        const changes = googleAttributeChanges({ attributes: before.attributes, urls: before.urls }, { attributes: state.attributes, urls: state.urls });
        const expectedMask = [
          ...LOCATION_ATTRIBUTE_FLAGS.filter((f) => f.google.kind === 'bool' && flagsMoved.includes(f.key)).map(
            (f) => `attributes/${(f.google as { attribute: string }).attribute}`,
          ),
          ...(LOCATION_ATTRIBUTE_FLAGS.some((f) => f.google.kind === 'language' && flagsMoved.includes(f.key))
            ? [`attributes/${GOOGLE_LANGUAGES_ATTRIBUTE}`]
            : []),
          ...PLACE_PAGE_URL_FIELDS.filter((f) => urlsMoved.includes(f.key)).map((f) => `attributes/${f.attribute}`),
        ];
        expect(sorted(changes.mask)).toEqual(sorted(expectedMask));
        for (const a of changes.attributes) expect(changes.mask).toContain(a.name);
        expect(state.profile).toEqual(profile);
      }),
      RUNS,
    );
  });

  it('bulk edit: a location changes only in the fields the job edits, and Google gets exactly the ones that moved', () => {
    const BULK_FIELDS: Partial<Record<BulkEditField, (keyof LocationProfile)[]>> = {
      BusinessName: ['Title'],
      PhoneNumber: ['PrimaryPhoneNumber'],
      AdditionalPhoneNumber: ['AdditionalPhoneNumbers'],
      PrimaryCategory: ['PrimaryCategory'],
      AdditionalCategories: ['AdditionalCategories'],
      LocaleZeCategories: ['SelectedLocaleZeCategories'],
      Address1: ['StreetAddressLine1'],
      Address2: ['StreetAddressLine2'],
      State: ['State'],
      Website: ['Website'],
      BusninessDescription: ['ProfileDescription'],
      ProfilePhoto: ['LocationProfileMedia'],
      CoverPhoto: ['LocationCoverMedia'],
      BusinessHours: [],
    };
    const valuesArb: fc.Arbitrary<BulkEditValues> = fc.record({
      Title: word,
      PrimaryPhoneNumber: phone,
      AdditionalPhoneNumber: fc.array(phone, { maxLength: 2 }).map((p) => p.join(', ')),
      StreetAddressLine1: word.map((w) => `9 ${w} Rd`),
      StreetAddressLine2: fc.constantFrom('', 'Suite 1'),
      Website: url,
      ProfileDescription: fc.lorem({ maxCount: 8 }),
      PrimaryCategory: fc.option(category, { nil: null }),
      AdditionalCategories: fc.subarray(CATEGORIES),
      LocaleZeCategories: fc.constantFrom([], [{ Id: '1', Name: 'Dentists' }]),
      State: fc.constantFrom(...STATES),
      ProfilePhoto: fc.option(url, { nil: null }),
      CoverPhoto: fc.option(url, { nil: null }),
      DefaultImages: fc.constant([]),
      Hours: hoursArb,
    });
    const fieldsArb = fc.subarray(Object.keys(BULK_FIELDS) as BulkEditField[], { minLength: 1 });
    fc.assert(
      fc.property(locationArb, fieldsArb, valuesArb, fc.boolean(), ({ profile, hours }, fields, values, sameAsNow) => {
        const before = published(profile, hours);
        // Half the jobs carry the location's own values: nothing of those may move.
        const v: BulkEditValues = sameAsNow
          ? {
              ...emptyBulkEditValues(),
              Title: profile.Title,
              PrimaryPhoneNumber: profile.PrimaryPhoneNumber,
              Website: profile.Website,
              State: profile.State,
              Hours: hours,
            }
          : values;
        const change = bulkEditChange(before.profile, fields, v);
        const events = decide(before, {
          type: 'UpdateLocation',
          data: { profile: change.profile, ...(change.hours ? { hours: change.hours } : {}), bulkJobId: 'J1' },
        });
        const state = after(before, events);
        const edited = fields.flatMap((f) => BULK_FIELDS[f] ?? []);
        const changed = edited.filter((f) => JSON.stringify(state.profile[f]) !== JSON.stringify(profile[f]));
        expect(sorted(changedOf(events))).toEqual(sorted(changed));
        for (const k of Object.keys(profile) as (keyof LocationProfile)[]) if (!edited.includes(k)) expect(state.profile[k]).toEqual(profile[k]);
        const hoursChanged = fields.includes('BusinessHours') && JSON.stringify(v.Hours) !== JSON.stringify(hours);
        expect(events.some((e) => e.type === 'LocationHoursUpdated')).toBe(hoursChanged);
        expectGoogleExact(before, state, events, changed, hoursChanged);
      }),
      RUNS,
    );
  });

  it('restore: the chosen fields return to their earlier values; only those that differ are recorded and sent', () => {
    const RESTORABLE: (keyof LocationProfile)[] = [
      'Title',
      'StoreCode',
      'PrimaryPhoneNumber',
      'AdditionalPhoneNumbers',
      'PrimaryEmail',
      'OwnerFirstName',
      'PrimaryCategory',
      'StreetAddressLine1',
      'State',
      'Town',
      'PostCode',
      'Latitude',
      'Longitude',
      'Website',
      'ProfileDescription',
      'OpeningDate',
    ];
    fc.assert(
      fc.property(locationArb, locationArb, fc.subarray(RESTORABLE), fc.boolean(), (earlier, now, chosen, withHours) => {
        const before = published(now.profile, now.hours);
        const profile: Partial<LocationProfile> = Object.fromEntries(chosen.map((f) => [f, earlier.profile[f]]));
        const events = decide(before, {
          type: 'RestoreLocation',
          data: { profile, ...(withHours ? { hours: earlier.hours } : {}), restoredFrom: { position: 1, at: '2026-01-01T00:00:00Z' } },
        });
        const state = after(before, events);
        const changed = chosen.filter((f) => JSON.stringify(earlier.profile[f]) !== JSON.stringify(now.profile[f]));
        expect(sorted(changedOf(events))).toEqual(sorted(changed));
        for (const k of Object.keys(now.profile) as (keyof LocationProfile)[])
          expect(state.profile[k]).toEqual(chosen.includes(k) ? earlier.profile[k] : now.profile[k]);
        const hoursChanged = withHours && JSON.stringify(earlier.hours) !== JSON.stringify(now.hours);
        expectGoogleExact(before, state, events, changed, hoursChanged);
      }),
      RUNS,
    );
  });

  it('email import: a row changes the email and the owner names it gives, which Google does not hold: no PATCH', () => {
    const row = fc.record({
      email: word.map((w) => `${w.toLowerCase()}@import.test`),
      firstName: fc.constantFrom('', 'Ana', 'Luis'),
      lastName: fc.constantFrom('', 'Garcia'),
    });
    fc.assert(
      fc.property(locationArb, row, ({ profile, hours }, r) => {
        const before = published(profile, hours);
        const events = decide(before, { type: 'UpdateLocation', data: { profile: emailImportProfile(before.profile, r) } });
        const state = after(before, events);
        const expected = [
          ...(r.email !== profile.PrimaryEmail ? ['PrimaryEmail'] : []),
          ...(r.firstName && r.firstName !== profile.OwnerFirstName ? ['OwnerFirstName'] : []),
          ...(r.lastName && r.lastName !== profile.OwnerLastName ? ['OwnerLastName'] : []),
        ];
        expect(sorted(changedOf(events))).toEqual(sorted(expected));
        expect(googleEditMask(editsOf(events))).toEqual([]);
        expectGoogleExact(before, state, events, expected, false);
      }),
      RUNS,
    );
  });
});
