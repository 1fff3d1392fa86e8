import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { CREATE_LOCATION_ATTRIBUTE_KEYS, CreateLocationBodySchema, UpdateLocationFieldsSchema } from '@locus/contracts';
import type { LocationDetails } from '../api/details-api';
import { withCity } from './address-contact';
import { emptyCreateLocationForm, createLocationBody, withLocationDefaults, type CreateLocationForm } from './create-location-form';
import { changedLocationBody, editFormFromLocation, type EditLocationForm } from './edit-location-form';

/** What the browser sends for each location form, over random locations and random subsets of edits (fixed seed, 200 cases each). */
const RUNS = { numRuns: 200, seed: 22 } as const;

const word = fc.stringMatching(/^[A-Z][a-z]{2,8}$/);
const digits = (n: number) => fc.stringMatching(new RegExp(`^[0-9]{${n}}$`));
const phone = fc.tuple(fc.integer({ min: 200, max: 999 }), digits(4)).map(([a, b]) => `(512) ${a}-${b}`);
const url = word.map((w) => `https://${w.toLowerCase()}.example.com`);

const locationArb = fc
  .record({
    title: word,
    storeCode: fc.stringMatching(/^[A-Z]{2}-[0-9]{1,4}$/),
    phone,
    website: url,
    listingId: fc.option(digits(6), { nil: null }),
    lat: fc.double({ min: 25, max: 45, noNaN: true }),
    lng: fc.double({ min: -120, max: -75, noNaN: true }),
    email: fc.option(
      word.map((w) => `${w.toLowerCase()}@example.com`),
      { nil: null },
    ),
    // Stored values a client's normalising would change: stray spaces, a full timestamp.
    line1: fc.constantFrom('1 Main St', ' 1 Main St ', '200 Park Ave'),
    opening: fc.constantFrom('2015-04-01', '2015-04-01T00:00:00', null),
  })
  .map(
    (r) =>
      ({
        Id: 'L1',
        Title: r.title,
        StoreCode: r.storeCode,
        LocaleTagline: '',
        PrimaryCategoryId: 'categories/gcid:dentist',
        SelectedAdditionalCategories: [],
        SelectedLocaleZeCategories: [],
        LocaleZeKeyWords: [],
        LocalezeListingId: r.listingId,
        PrimaryPhoneNumber: r.phone,
        TollFreeNumber: '',
        PrimaryEmail: r.email,
        OwnerFirstName: '',
        OwnerLastName: '',
        StreetAddressLine1: r.line1,
        StreetAddressLine2: '',
        Region: 'US',
        State: 'FL',
        Town: 'Tallahassee',
        PostCode: '32301',
        Latitude: Number(r.lat.toFixed(6)),
        Longitude: Number(r.lng.toFixed(6)),
        Website: r.website,
        Twitter: '',
        LinkedIn: '',
        Facebook: '',
        Yelp: '',
        Instagram: '',
        GooglePlus: '',
        ProfileDescription: 'Family dentist',
        LocationProfileMedia: null,
        LocationCoverMedia: null,
        OpeningDate: r.opening,
      }) as unknown as LocationDetails,
  );

/** One edit a user can make in the Edit dialog: the form change, and the body fields it must send. */
type Edit = { apply: (f: EditLocationForm) => EditLocationForm; sends: string[] };
const EDITS: Record<string, fc.Arbitrary<Edit>> = {
  StoreCode: fc.stringMatching(/^[A-Z]{2}-[0-9]{1,4}$/).map((v) => ({ apply: (f) => ({ ...f, StoreCode: v }), sends: ['StoreCode'] })),
  LocaleTagline: word.map((v) => ({ apply: (f) => ({ ...f, LocaleTagline: v }), sends: ['LocaleTagline'] })),
  LocalezeListingId: digits(7).map((v) => ({ apply: (f) => ({ ...f, LocalezeListingId: v }), sends: ['LocalezeListingId'] })),
  PrimaryPhoneNumber: phone.map((v) => ({ apply: (f) => ({ ...f, PrimaryPhoneNumber: v }), sends: ['PrimaryPhoneNumber'] })),
  PrimaryEmail: word.map((v) => ({ apply: (f) => ({ ...f, PrimaryEmail: `${v.toLowerCase()}@example.org` }), sends: ['PrimaryEmail'] })),
  OwnerLastName: word.map((v) => ({ apply: (f) => ({ ...f, OwnerLastName: v }), sends: ['OwnerLastName'] })),
  StreetAddressLine2: word.map((v) => ({ apply: (f) => ({ ...f, StreetAddressLine2: `Suite ${v}` }), sends: ['StreetAddressLine2'] })),
  PostCode: digits(5).map((v) => ({ apply: (f) => ({ ...f, PostCode: v }), sends: ['PostCode'] })),
  Website: url.map((v) => ({ apply: (f) => ({ ...f, Website: v }), sends: ['Website'] })),
  Yelp: url.map((v) => ({ apply: (f) => ({ ...f, Yelp: v }), sends: ['Yelp'] })),
  ProfileDescription: fc.lorem({ maxCount: 8 }).map((v) => ({ apply: (f) => ({ ...f, ProfileDescription: `${v}.` }), sends: ['ProfileDescription'] })),
  LocaleZeKeyWords: fc.array(word, { minLength: 1, maxLength: 3 }).map((v) => ({ apply: (f) => ({ ...f, LocaleZeKeyWords: v }), sends: ['LocaleZeKeyWords'] })),
  LocationCoverMedia: url.map((v) => ({ apply: (f) => ({ ...f, LocationCoverMedia: v }), sends: ['LocationCoverMedia'] })),
  OpeningDate: fc.constantFrom('2019-09-15', '2021-01-02').map((v) => ({ apply: (f) => ({ ...f, OpeningDate: v }), sends: ['OpeningDate'] })),
  // Choosing a city sets its coordinates (the dialog's only way to move the pin).
  Town: fc.constantFrom({ Name: 'Miami', Latitude: 25.77427, Longitude: -80.19366 }, { Name: 'Tampa', Latitude: 27.94752, Longitude: -82.45843 }).map((c) => ({
    apply: (f) => withCity(f, c),
    sends: ['Town', 'Latitude', 'Longitude'],
  })),
};

describe('location forms send only what the user changed (fast-check)', () => {
  it('Edit dialog: the body names exactly the fields edited, the pin only with a new city', () => {
    const editsArb = fc.subarray(Object.keys(EDITS)).chain((keys) => fc.tuple(...keys.map((k) => EDITS[k]!)));
    fc.assert(
      fc.property(locationArb, editsArb, (location, edits) => {
        const initial = editFormFromLocation(location);
        const form = edits.reduce((f, e) => e.apply(f), initial);
        const body = changedLocationBody(form, initial);
        // An edit back to the value already there is no change.
        const moved = edits
          .flatMap((e) => e.sends)
          .filter((k) => JSON.stringify(form[k as keyof EditLocationForm]) !== JSON.stringify(initial[k as keyof EditLocationForm]));
        expect(Object.keys(body).sort()).toEqual([...new Set(moved)].sort());
        const parsed = UpdateLocationFieldsSchema.safeParse(body);
        expect(parsed.error?.issues ?? []).toEqual([]);
      }),
      RUNS,
    );
  });

  it('Create with the company defaults: what the user typed is kept, empty fields take the defaults, only ticked attributes are sent', () => {
    const defaultsArb = fc.record({
      Title: fc.constantFrom('', 'Garcia Family Dental'),
      PrimaryPhoneNumber: fc.constantFrom('', '(850) 555-0100'),
      PrimaryCategoryId: fc.constantFrom(null, 'categories/gcid:dentist'),
      SelectedAdditionalCategories: fc.constantFrom<string[]>([], ['categories/gcid:orthodontist']),
      StreetAddressLine1: fc.constantFrom('', '1 Default Way'),
      StreetAddressLine2: fc.constantFrom('', 'Suite D'),
      State: fc.constantFrom('', 'FL'),
      Website: fc.constantFrom('', 'https://default.example.com'),
      ProfileDescription: fc.constantFrom('', 'Default description.'),
    });
    const typedArb = fc.record(
      {
        Title: word,
        PrimaryPhoneNumber: phone,
        StreetAddressLine1: word.map((w) => `5 ${w} St`),
        State: fc.constantFrom('TX', 'CO'),
        Website: url,
        ProfileDescription: fc.lorem({ maxCount: 6 }),
      },
      { requiredKeys: [] },
    );
    const ticksArb = fc.subarray([...CREATE_LOCATION_ATTRIBUTE_KEYS]);
    fc.assert(
      fc.property(defaultsArb, typedArb, ticksArb, (defaults, typed, ticked) => {
        const base: CreateLocationForm = { ...emptyCreateLocationForm(), ...typed, AccountId: 'K1' };
        for (const k of ticked) base.attributes[k] = true;
        const body = createLocationBody(withLocationDefaults(base, defaults)).Location as Record<string, unknown>;
        for (const key of ['Title', 'PrimaryPhoneNumber', 'StreetAddressLine1', 'StreetAddressLine2', 'State', 'Website', 'ProfileDescription'] as const) {
          const own = (typed as Record<string, string | undefined>)[key];
          expect(body[key]).toBe((own || defaults[key]).trim());
        }
        expect(body.PrimaryCategoryId).toBe(defaults.PrimaryCategoryId ?? '');
        const sentAttributes = CREATE_LOCATION_ATTRIBUTE_KEYS.filter((k) => k in body);
        expect(sentAttributes.sort()).toEqual([...ticked].sort());
        for (const k of sentAttributes) expect(body[k]).toBe(true);
        // Fields no one filled stay empty rather than invented.
        expect([body.Town, body.PostCode, body.OwnerFirstName, body.StoreCode]).toEqual(['', '', '', '']);
        expect(CreateLocationBodySchema.shape.Location.shape.IsWomenOwned.safeParse(body.IsWomenOwned).success).toBe(true);
      }),
      RUNS,
    );
  });
});
