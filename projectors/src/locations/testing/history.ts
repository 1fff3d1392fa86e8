import { emptyProfile, type LocationProfile } from '@locus/contracts';
import { recorder } from '@locus/platform/runtime/testing/recorded-events';

/** The locations projections' specs: a history of two locations with their users. */
export const profile = (title: string, storeCode: string): LocationProfile => ({
  ...emptyProfile(),
  Title: title,
  StoreCode: storeCode,
  PrimaryPhoneNumber: '(303) 555-0100',
  PrimaryCategory: { Name: 'categories/gcid:dentist', DisplayName: 'Dentist' },
  StreetAddressLine1: '1 Main St',
  StreetAddressLine2: 'Suite 2',
  State: 'CO',
  Town: 'Denver',
  PostCode: '80202',
  Latitude: 39.7,
  Longitude: -104.9,
});
export const google = (name: string, extra: Record<string, unknown> = {}) => ({
  googleName: name,
  placeId: 'place',
  mapsUri: 'https://maps.example/x',
  openStatus: 'OPEN',
  canReopen: false,
  canDelete: true,
  thumbnailUrl: 'https://img.example/t.png',
  totalRating: 4.37,
  totalRatingsCount: 12,
  ...extra,
});

/** Two locations of company c1 (one imported, one created and published), a deleted one, assignments and edits. */
export const history = () => {
  const e = recorder();
  const base = { companyId: 'c1', connectionId: 'k1', accountName: 'accounts/1', accountDisplayName: 'Brand' };
  return [
    e(
      'LocationImported',
      {
        ...base,
        locationId: 'L1',
        processId: 'p',
        profile: profile('Pearl St', 'B-2'),
        hours: [],
        attributes: {},
        urls: {},
        google: google('locations/1', { openStatus: 'CLOSED_TEMPORARILY', canReopen: true }),
        syncedAt: '2025-03-04T09:00:01.000Z',
      },
      'c1',
    ),
    e('LocationCreated', { ...base, locationId: 'L2', profile: profile('Main St', 'a-1'), hours: [], attributes: { IsWomenOwned: true } }, 'c1'),
    e('LocationCreated', { ...base, locationId: 'L3', profile: profile('Gone', 'Z-9'), hours: [], attributes: {} }, 'c1'),
    e('LocationDeleted', { locationId: 'L3', companyId: 'c1', deletedFromGoogle: false, storeCode: 'Z-9', requestId: null }, 'c1'),
    e('LocationPublishRequested', { locationId: 'L2', requestId: 'r' }, 'c1'),
    e(
      'LocationPublished',
      {
        locationId: 'L2',
        requestId: 'r',
        google: google('locations/2', { thumbnailUrl: null, totalRating: null, totalRatingsCount: 0 }),
        publishedAt: '2025-03-04T09:00:06.000Z',
      },
      'c1',
    ),
    e(
      'LocationHoursUpdated',
      { locationId: 'L2', hours: [{ openDay: 'MONDAY', openTime: { hours: 9, minutes: 0 }, closeDay: 'MONDAY', closeTime: { hours: 17, minutes: 0 } }] },
      'c1',
    ),
    e('LocationAttributesUpdated', { locationId: 'L2', attributes: { IsWomenOwned: false }, urls: { UrlFacebook: 'https://fb.example/x' } }, 'c1'),
    e(
      'LocationGoogleUpdateFailed',
      {
        locationId: 'L2',
        sourceEventId: 'event-8',
        sourceType: 'LocationAttributesUpdated',
        code: 'GOOGLE.INVALID_ARGUMENT',
        message: 'Google rejected the location attributes',
      },
      'c1',
    ),
    e(
      'UserAssignedToLocation',
      { locationId: 'L2', userId: 'u1', userName: 'Uma User', userEmail: 'uma@x.test', isPrimaryOwner: true, isStaffMember: false, reason: 'assigned' },
      'c1',
    ),
    e(
      'UserAssignedToLocation',
      { locationId: 'L2', userId: 'u2', userName: 'Sam Staff', userEmail: 'sam@x.test', isPrimaryOwner: false, isStaffMember: true, reason: 'assigned' },
      'c1',
    ),
    e(
      'UserAssignedToLocation',
      { locationId: 'L1', userId: 'u2', userName: 'Sam Staff', userEmail: 'sam@x.test', isPrimaryOwner: false, isStaffMember: false, reason: 'assigned' },
      'c1',
    ),
    e('UserUpdated', { userId: 'u1', firstName: 'Uma', lastName: 'Owner', email: 'uma@x.test', phoneNumber: '' }, 'c1'),
    e(
      'LocationUpdated',
      { locationId: 'L2', profile: { ...profile('Main St', 'a-1'), StreetAddressLine1: '2 Main St' }, changed: ['StreetAddressLine1'] },
      'c1',
    ),
  ];
};
