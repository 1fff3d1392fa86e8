import { emptyProfile, googleChangesErrors, type GoogleChanges, type HoursPeriod, type LocationEvent } from '@locus/contracts';
import { describe, expect, it } from 'vitest';
import { deciderSpec } from '../kit/testing/decider-spec';
import { googleChangesFrom, googleChangesMask } from './google-changes';
import { toGoogleLocation } from './google-mapping';
import { locationDecider } from './location-decider';

const L = 'loc-1';
const monday = (close: number): HoursPeriod => ({
  openDay: 'MONDAY',
  openTime: { hours: 9, minutes: 0 },
  closeDay: 'MONDAY',
  closeTime: { hours: close, minutes: 0 },
});
const profile = {
  ...emptyProfile(),
  Title: 'Main St Dental',
  PrimaryPhoneNumber: '(303) 555-0100',
  Website: 'https://www.main.test/',
  State: 'CO',
  Town: 'Denver',
};
const hours = [monday(17)];
const imported: LocationEvent = {
  type: 'LocationImported',
  data: {
    locationId: L,
    companyId: 'c1',
    connectionId: 'k1',
    accountName: 'accounts/1',
    accountDisplayName: 'Acme',
    processId: 'p1',
    profile,
    hours,
    attributes: {},
    urls: {},
    syncedAt: '2026-01-01T00:00:00Z',
    google: {
      googleName: 'locations/9',
      placeId: 'p',
      mapsUri: null,
      openStatus: 'OPEN',
      canReopen: false,
      canDelete: true,
      thumbnailUrl: null,
      totalRating: null,
      totalRatingsCount: 0,
    },
  },
};
const googlePhone = '(303) 555-0199';
const changes: GoogleChanges = {
  Phone: { profile: { PrimaryPhoneNumber: googlePhone, AdditionalPhoneNumbers: [] }, text: googlePhone },
  Hours: { profile: {}, hours: [monday(15)], text: 'Monday 09:00–15:00' },
};
const found: LocationEvent = { type: 'LocationGoogleChangesFound', data: { locationId: L, changes, diffMask: 'phoneNumbers,regularHours', source: 'sync' } };

const { given } = deciderSpec(locationDecider);

describe("Google's own changes", () => {
  it('reads the fields Google changed from getGoogleUpdated, leaving out those Locus already holds', () => {
    const shown = toGoogleLocation({ ...profile, PrimaryPhoneNumber: googlePhone }, [monday(15)]);
    expect(googleChangesFrom(shown, 'phoneNumbers,regularHours,websiteUri,specialHours', profile, hours)).toEqual(changes);
  });

  it('records what Google shows once, and its end when Google shows nothing of its own any more', () => {
    given([imported])
      .when({ type: 'RecordGoogleChanges', data: { changes, diffMask: 'phoneNumbers,regularHours', source: 'sync' } })
      .then([found]);
    given([imported, found])
      .when({ type: 'RecordGoogleChanges', data: { changes, diffMask: 'phoneNumbers,regularHours', source: 'refresh' } })
      .then([]);
    given([imported, found])
      .when({ type: 'RecordGoogleChanges', data: { changes: {}, diffMask: '', source: 'refresh' } })
      .then([{ type: 'LocationGoogleChangesFound', data: { locationId: L, changes: {}, diffMask: '', source: 'refresh' } }]);
  });

  it("accepting Google's phone makes it Locus's; keeping Locus's hours declines Google's", () => {
    given([imported, found])
      .when({ type: 'ResolveGoogleChanges', data: { accept: ['Phone'], keep: ['Hours'] } })
      .then([
        {
          type: 'LocationGoogleChangesAccepted',
          data: {
            locationId: L,
            fields: ['Phone'],
            accepted: { Phone: changes.Phone! },
            profile: { ...profile, PrimaryPhoneNumber: googlePhone },
            hours,
            changed: ['PrimaryPhoneNumber'],
          },
        },
        { type: 'LocationLocusValuesKept', data: { locationId: L, fields: ['Hours'], declined: { Hours: changes.Hours! } } },
      ]);
  });

  it('refuses a decision on a field Google shows no change of', () => {
    given([imported, found])
      .when({ type: 'ResolveGoogleChanges', data: { accept: ['Website'], keep: [] } })
      .thenThrows(googleChangesErrors.noChange.code);
    const accepted: LocationEvent = {
      type: 'LocationGoogleChangesAccepted',
      data: { locationId: L, fields: ['Phone'], accepted: {}, profile, hours, changed: [] },
    };
    given([imported, found, accepted])
      .when({ type: 'ResolveGoogleChanges', data: { accept: ['Phone'], keep: [] } })
      .thenThrows(googleChangesErrors.noChange.code);
  });

  it('pushes a decision with a mask of exactly the fields decided', () => {
    expect(googleChangesMask(['Phone'])).toEqual(['phoneNumbers']);
    expect(googleChangesMask(['Hours', 'Description'])).toEqual(['regularHours', 'profile.description']);
  });
});
