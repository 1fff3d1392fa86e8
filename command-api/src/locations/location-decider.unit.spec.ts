import { emptyProfile } from '@locus/contracts';
import { describe, it } from 'vitest';
import type { LocationEvent } from '@locus/contracts';
import { locationDecider } from './location-decider';
import { deciderSpec } from '../kit/testing/decider-spec';

const L = 'loc-1';
const profile = {
  ...emptyProfile(),
  Title: 'Main St Dental',
  StoreCode: 'MS-1',
  PrimaryPhoneNumber: '(303) 555-0100',
  StreetAddressLine1: '1600 Glenarm Pl',
  State: 'CO',
  Town: 'Denver',
  PostCode: '80202',
  OpeningDate: '2020-05-01',
};
const created: LocationEvent = {
  type: 'LocationCreated',
  data: { locationId: L, companyId: 'c1', connectionId: 'k1', accountName: 'accounts/1', accountDisplayName: 'Acme', profile, hours: [], attributes: {} },
};
const published: LocationEvent = {
  type: 'LocationPublished',
  data: {
    locationId: L,
    requestId: 'r1',
    publishedAt: '2025-01-01T00:00:00Z',
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
const who = (userId: string) => ({ userId, userName: `User ${userId}`, userEmail: `${userId}@x.test` });

/** given(events).when(command) → then(events) / thenThrows(code). */
const { given } = deciderSpec(locationDecider);

describe('location decider', () => {
  it('creates a location once', () => {
    given([])
      .when({ type: 'CreateLocation', data: created.data as never })
      .then([created]);
    given([created])
      .when({ type: 'CreateLocation', data: created.data as never })
      .thenThrows('LOCATION.EXISTS');
  });

  it('records only changed profile fields, and nothing when nothing changed', () => {
    const next = { ...profile, Website: 'https://x.example.com', LocaleZeKeyWords: ['dentist'] };
    given([created])
      .when({ type: 'UpdateLocation', data: { profile: next } })
      .then([{ type: 'LocationUpdated', data: { locationId: L, profile: next, changed: ['LocaleZeKeyWords', 'Website'] } }]);
    given([created]).when({ type: 'UpdateLocation', data: { profile } }).then([]);
  });

  it('publishes an unpublished location once; a pending publish is awaited, not repeated', () => {
    given([created])
      .when({ type: 'RequestPublish', data: { requestId: 'r1' } })
      .then([{ type: 'LocationPublishRequested', data: { locationId: L, requestId: 'r1' } }]);
    given([created, { type: 'LocationPublishRequested', data: { locationId: L, requestId: 'r1' } }])
      .when({ type: 'RequestPublish', data: { requestId: 'r2' } })
      .then([]);
    given([created, published])
      .when({ type: 'RequestPublish', data: { requestId: 'r3' } })
      .thenThrows('LOCATION.ALREADY_PUBLISHED');
  });

  it('refuses to publish what Google would refuse, naming the missing fields as the form does', () => {
    const incomplete: LocationEvent = {
      ...created,
      data: { ...created.data, profile: { ...profile, Town: '', PostCode: '', OpeningDate: null } },
    } as LocationEvent;
    given([incomplete])
      .when({ type: 'RequestPublish', data: { requestId: 'r1' } })
      .thenThrows('LOCATION.INCOMPLETE');
  });

  it('syncs only published locations', () => {
    given([created])
      .when({ type: 'RequestSync', data: { requestId: 's1' } })
      .thenThrows('LOCATION.NOT_PUBLISHED');
    given([created, published])
      .when({ type: 'RequestSync', data: { requestId: 's1' } })
      .then([{ type: 'LocationSyncRequested', data: { locationId: L, requestId: 's1' } }]);
  });

  it('deletes at once unless a published location is deleted from Google too', () => {
    const deleted: LocationEvent = {
      type: 'LocationDeleted',
      data: { locationId: L, companyId: 'c1', deletedFromGoogle: false, storeCode: 'MS-1', requestId: null },
    };
    given([created])
      .when({ type: 'DeleteLocation', data: { requestId: 'd1', deleteFromGoogle: true } })
      .then([deleted]);
    given([created, published])
      .when({ type: 'DeleteLocation', data: { requestId: 'd1', deleteFromGoogle: false } })
      .then([deleted]);
    given([created, published])
      .when({ type: 'DeleteLocation', data: { requestId: 'd1', deleteFromGoogle: true } })
      .then([{ type: 'LocationDeleteRequested', data: { locationId: L, requestId: 'd1' } }]);
    given([created, deleted])
      .when({ type: 'SetRegularHours', data: { hours: [] } })
      .thenThrows('LOCATION.NOT_FOUND');
  });

  it('a new primary owner demotes the previous one to co-owner', () => {
    const first: LocationEvent = {
      type: 'UserAssignedToLocation',
      data: { locationId: L, ...who('u1'), isPrimaryOwner: true, isStaffMember: false, reason: 'assigned' },
    };
    given([created])
      .when({ type: 'AssignUser', data: { ...who('u1'), isPrimaryOwner: true, isStaffMember: false, known: {} } })
      .then([first]);
    given([created, first])
      .when({ type: 'AssignUser', data: { ...who('u2'), isPrimaryOwner: true, isStaffMember: false, known: { u1: who('u1') } } })
      .then([
        { type: 'UserAssignedToLocation', data: { locationId: L, ...who('u1'), isPrimaryOwner: false, isStaffMember: false, reason: 'demoted' } },
        { type: 'UserAssignedToLocation', data: { locationId: L, ...who('u2'), isPrimaryOwner: true, isStaffMember: false, reason: 'assigned' } },
      ]);
    // Same assignment again: nothing new.
    given([created, first])
      .when({ type: 'AssignUser', data: { ...who('u1'), isPrimaryOwner: true, isStaffMember: false, known: {} } })
      .then([]);
    given([created])
      .when({ type: 'AssignUser', data: { ...who('u1'), isPrimaryOwner: true, isStaffMember: true, known: {} } })
      .thenThrows('LOCATION.STAFF_PRIMARY');
  });

  it('unassigns only an assigned user', () => {
    const first: LocationEvent = {
      type: 'UserAssignedToLocation',
      data: { locationId: L, ...who('u1'), isPrimaryOwner: false, isStaffMember: true, reason: 'assigned' },
    };
    given([created, first])
      .when({ type: 'UnassignUser', data: { userId: 'u1' } })
      .then([{ type: 'UserUnassignedFromLocation', data: { locationId: L, userId: 'u1' } }]);
    given([created])
      .when({ type: 'UnassignUser', data: { userId: 'u1' } })
      .thenThrows('LOCATION.USER_NOT_ASSIGNED');
  });

  it('saves the Users dialog: each updated group replaces its members; the primary owner is never a co-owner', () => {
    const staff: LocationEvent = {
      type: 'UserAssignedToLocation',
      data: { locationId: L, ...who('s1'), isPrimaryOwner: false, isStaffMember: true, reason: 'assigned' },
    };
    const co: LocationEvent = {
      type: 'UserAssignedToLocation',
      data: { locationId: L, ...who('c1'), isPrimaryOwner: false, isStaffMember: false, reason: 'assigned' },
    };
    given([created, staff, co])
      .when({ type: 'SaveAssociations', data: { primaryOwner: who('c1'), staff: [who('s2')], known: { s1: who('s1'), c1: who('c1') } } })
      .then([
        { type: 'UserUnassignedFromLocation', data: { locationId: L, userId: 's1' } },
        { type: 'UserAssignedToLocation', data: { locationId: L, ...who('c1'), isPrimaryOwner: true, isStaffMember: false, reason: 'assigned' } },
        { type: 'UserAssignedToLocation', data: { locationId: L, ...who('s2'), isPrimaryOwner: false, isStaffMember: true, reason: 'assigned' } },
      ]);
  });
});
