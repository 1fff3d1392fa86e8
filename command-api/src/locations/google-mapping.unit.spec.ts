import { describe, expect, it } from 'vitest';
import { emptyProfile } from '@locus/contracts';
import type { GoogleLocation } from '../google/types';
import { attributesFromGoogle, googleAttributeChanges, googleUpdateMask, hoursFromGoogle, profileFromGoogle, toGoogleLocation } from './google-mapping';

const googleLocation: GoogleLocation = {
  name: 'locations/123',
  title: 'Sunrise Coffee - Pearl St',
  storeCode: 'SC-014',
  phoneNumbers: { primaryPhone: '(303) 555-0142', additionalPhones: ['(800) 555-0100'] },
  categories: {
    primaryCategory: { name: 'categories/gcid:coffee_shop', displayName: 'Coffee shop' },
    additionalCategories: [{ name: 'categories/gcid:cafe', displayName: 'Cafe' }],
  },
  storefrontAddress: {
    regionCode: 'US',
    administrativeArea: 'CO',
    locality: 'Boulder',
    postalCode: '80302',
    addressLines: ['1801 Pearl St', 'Unit 2', 'Back door'],
  },
  websiteUri: 'https://sunrise.example.com',
  regularHours: { periods: [{ openDay: 'MONDAY', openTime: { hours: 7 }, closeDay: 'MONDAY', closeTime: { hours: 15, minutes: 30 } }] },
  latlng: { latitude: 40.019, longitude: -105.27 },
  openInfo: { status: 'OPEN', openingDate: { year: 2019, month: 4, day: 0 } },
  profile: { description: 'Coffee.' },
};

describe('Google location mapping', () => {
  it('reads Google fields and keeps the fields only Locus holds', () => {
    const base = { ...emptyProfile(), PrimaryEmail: 'owner@example.com', LocaleZeKeyWords: ['coffee'] };
    const p = profileFromGoogle(googleLocation, base);
    expect(p).toMatchObject({
      Title: 'Sunrise Coffee - Pearl St',
      StoreCode: 'SC-014',
      AdditionalPhoneNumbers: ['(800) 555-0100'],
      PrimaryCategory: { Name: 'categories/gcid:coffee_shop', DisplayName: 'Coffee shop' },
      StreetAddressLine1: '1801 Pearl St',
      StreetAddressLine2: 'Unit 2, Back door',
      State: 'CO',
      Town: 'Boulder',
      OpeningDate: '2019-04-01',
      PrimaryEmail: 'owner@example.com',
      LocaleZeKeyWords: ['coffee'],
    });
    expect(hoursFromGoogle(googleLocation)).toEqual([
      { openDay: 'MONDAY', openTime: { hours: 7, minutes: 0 }, closeDay: 'MONDAY', closeTime: { hours: 15, minutes: 30 } },
    ]);
  });

  it('writes back what it read', () => {
    const p = profileFromGoogle(googleLocation);
    const out = toGoogleLocation(p, hoursFromGoogle(googleLocation));
    expect(out).toMatchObject({
      title: googleLocation.title,
      storeCode: 'SC-014',
      phoneNumbers: googleLocation.phoneNumbers,
      categories: { primaryCategory: { name: 'categories/gcid:coffee_shop' }, additionalCategories: [{ name: 'categories/gcid:cafe' }] },
      storefrontAddress: {
        regionCode: 'US',
        administrativeArea: 'CO',
        locality: 'Boulder',
        postalCode: '80302',
        addressLines: ['1801 Pearl St', 'Unit 2, Back door'],
      },
      latlng: googleLocation.latlng,
      openInfo: { status: 'OPEN', openingDate: { year: 2019, month: 4, day: 1 } },
      profile: { description: 'Coffee.' },
    });
  });

  it('maps changed profile fields to Google update masks; local-only fields send nothing', () => {
    expect(googleUpdateMask(['Title', 'Town', 'State', 'PrimaryPhoneNumber', 'ProfileDescription'])).toEqual([
      'title',
      'storefrontAddress',
      'phoneNumbers',
      'profile.description',
    ]);
    expect(googleUpdateMask(['PrimaryEmail', 'LocaleZeKeyWords', 'Facebook'])).toEqual([]);
  });

  it('maps attribute flags, languages and Place Page URLs both ways, removing unset ones', () => {
    const read = attributesFromGoogle({
      name: 'locations/1/attributes',
      attributes: [
        { name: 'attributes/is_owned_by_women', values: [true] },
        { name: 'attributes/has_free_parking_lot', values: [false] },
        { name: 'attributes/languages_spoken', repeatedEnumValue: { setValues: ['english', 'spanish'], unsetValues: ['french'] } },
        { name: 'attributes/url_facebook', uriValues: [{ uri: 'https://facebook.com/x' }] },
      ],
    });
    expect(read).toEqual({
      attributes: { IsWomenOwned: true, FreeParkingLot: false, EnglishSpoken: true, SpanishSpoken: true, FrenchSpoken: false },
      urls: { UrlFacebook: 'https://facebook.com/x' },
    });
    const next = { attributes: { IsWomenOwned: true, EnglishSpoken: true }, urls: { UrlInstagram: 'https://instagram.com/x' } };
    const changes = googleAttributeChanges(read, next);
    expect(changes.mask.sort()).toEqual(
      ['attributes/has_free_parking_lot', 'attributes/languages_spoken', 'attributes/url_facebook', 'attributes/url_instagram'].sort(),
    );
    expect(changes.attributes).toEqual([
      { name: 'attributes/languages_spoken', valueType: 'REPEATED_ENUM', repeatedEnumValue: { setValues: ['english'], unsetValues: [] } },
      { name: 'attributes/url_instagram', valueType: 'URL', uriValues: [{ uri: 'https://instagram.com/x' }] },
    ]);
  });
});
