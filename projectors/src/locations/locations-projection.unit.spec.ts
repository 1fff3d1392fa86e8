import { describe, expect, it } from 'vitest';
import { LOCATIONS_COLLECTION, LOCATION_LINK_SOURCES_COLLECTION, LOCATION_USERS_COLLECTION, type LocationDoc, type LocationUserDoc } from '@locus/contracts';
import { foldInMemory } from '@locus/platform/runtime/testing/shop-projection';
import { recorder } from '@locus/platform/runtime/testing/recorded-events';
import { memoryProjectionDocs } from '@locus/platform/runtime/testing/projection-memory';
import { projectionHandles, type ProjectionDefinition, type ProjectionDocs } from '@locus/platform/runtime/definitions';
import { google, history, profile } from './testing/history';
import { locationsProjection } from './locations-projection';
import { locationUsersProjection } from './location-users-projection';

describe('locations projection', () => {
  it('builds directory rows with sort and search keys, Google status and owner', async () => {
    const result = await foldInMemory(locationsProjection, history());
    const docs = Object.fromEntries((result.get(LOCATIONS_COLLECTION) as LocationDoc[]).map((d) => [d._id, d]));
    expect(Object.keys(docs).sort()).toEqual(['L1', 'L2']);
    expect(docs.L1).toMatchObject({
      isPublished: true,
      openStatus: 'ClosedTemporarily',
      canReopen: true,
      totalRating: 4.37,
      totalRatingsCount: 12,
      lastSyncDate: '2025-03-04T09:00:01.000Z',
      storeCodeSort: 'b-2',
      stateCode: 'CO',
      townLower: 'denver',
      postCode: '80202',
    });
    expect(docs.L2).toMatchObject({
      openStatus: 'Published',
      googleName: 'locations/2',
      storeCodeSort: 'a-1',
      primaryOwnerId: 'u1',
      primaryOwnerName: 'Uma Owner',
      hours: [{ openDay: 'MONDAY' }],
      attributes: { IsWomenOwned: false },
      urls: { UrlFacebook: 'https://fb.example/x' },
      googleError: 'Google rejected the location attributes',
      // The hours edit waits for Google; the attributes edit was answered (failed); the address edit waits.
      pendingGoogleEdits: 2,
      searchText: ['a-1', 'main st', '(303) 555-0100', 'uma owner', '2 main st', 'suite 2'].join('\u0001'),
    });
  });

  it('clears a failed delete from Google once a later attempt supersedes it', async () => {
    const e = recorder('2025-03-05T00:00:00.000Z');
    const failed = e(
      'LocationDeleteFailed',
      { locationId: 'L1', requestId: 'd1', code: 'GOOGLE.FAILED_PRECONDITION', message: 'Google refused the location: Site managers cannot delete locations.' },
      'c1',
    );
    const errorOf = async (events: ReturnType<typeof history>) =>
      ((await foldInMemory(locationsProjection, events)).get(LOCATIONS_COLLECTION) as LocationDoc[]).find((d) => d._id === 'L1')!.googleError;
    expect(await errorOf([...history(), e('LocationDeleteRequested', { locationId: 'L1', requestId: 'd1' }, 'c1'), failed])).toMatch(/Site managers/);
    for (const next of [
      e('LocationDeleteRequested', { locationId: 'L1', requestId: 'd2' }, 'c1'),
      e('LocationSyncRequested', { locationId: 'L1', requestId: 's1' }, 'c1'),
    ]) {
      expect(await errorOf([...history(), failed, next]), next.type).toBeNull();
    }
  });

  it('shows a new logo set in Locus (a bulk edit) as the thumbnail until Google answers another one', async () => {
    const e = recorder('2025-03-06T00:00:00.000Z');
    const thumbnailOf = async (events: ReturnType<typeof history>) =>
      ((await foldInMemory(locationsProjection, events)).get(LOCATIONS_COLLECTION) as LocationDoc[]).find((d) => d._id === 'L1')!.thumbnailUrl;
    const logo = 'https://img.example/new-logo.png';
    const bulkLogo = e(
      'LocationUpdated',
      {
        locationId: 'L1',
        profile: { ...profile('Pearl St', 'b-2'), Title: 'Pearl St Renamed', LocationProfileMedia: logo },
        changed: ['Title', 'LocationProfileMedia'],
        bulkJobId: 'j1',
      },
      'c1',
    );
    const before = await thumbnailOf(history());
    expect(before).not.toBe(logo);
    expect(await thumbnailOf([...history(), bulkLogo])).toBe(logo);
    // An edit of other fields leaves the thumbnail alone.
    const titleOnly = e('LocationUpdated', { locationId: 'L1', profile: { ...profile('Pearl St', 'b-2'), Title: 'Other' }, changed: ['Title'] }, 'c1');
    expect(await thumbnailOf([...history(), titleOnly])).toBe(before);
  });

  it('keeps user links with the location snapshot and badges (location-users projection)', async () => {
    const links = (await foldInMemory(locationUsersProjection, history())).get(LOCATION_USERS_COLLECTION) as LocationUserDoc[];
    const byId = Object.fromEntries(links.map((l) => [l._id, l]));
    expect(Object.keys(byId).sort()).toEqual(['L1:u2', 'L2:u1', 'L2:u2']);
    expect(byId['L2:u1']).toMatchObject({
      companyId: 'c1',
      userName: 'Uma Owner',
      isPrimaryOwner: true,
      // L2 was created without a thumbnail and published with none from Google.
      location: { title: 'Main St', streetAddressLine1: '2 Main St', streetAddressLine2: 'Suite 2', thumbnailUrl: null },
      searchText: ['main st', '2 main st', 'suite 2'].join('\u0001'),
    });
    expect(byId['L2:u2']).toMatchObject({ isStaffMember: true, createdAt: '2025-03-04T09:00:11.000Z' });
    expect(byId['L1:u2']).toMatchObject({ location: { title: 'Pearl St', thumbnailUrl: 'https://img.example/t.png' } });
    // The directory projection keeps no links.
    expect((await foldInMemory(locationsProjection, history())).get(LOCATION_USERS_COLLECTION) ?? []).toEqual([]);
  });

  it('refreshes the snapshot in the links when the location is synced from Google', async () => {
    const e = recorder('2025-03-05T00:00:00.000Z');
    const synced = e(
      'LocationSynced',
      {
        locationId: 'L1',
        requestId: 's1',
        profile: profile('Pearl Street', 'B-2'),
        hours: [],
        attributes: {},
        urls: {},
        google: google('locations/1', { thumbnailUrl: null }),
        syncedAt: '2025-03-05T00:00:00.000Z',
      },
      'c1',
    );
    const links = (await foldInMemory(locationUsersProjection, [...history(), synced])).get(LOCATION_USERS_COLLECTION) as LocationUserDoc[];
    // Google sent no thumbnail: the one kept stays, as on the location document.
    expect(links.find((l) => l._id === 'L1:u2')!.location).toEqual({
      title: 'Pearl Street',
      thumbnailUrl: 'https://img.example/t.png',
      streetAddressLine1: '1 Main St',
      streetAddressLine2: 'Suite 2',
    });
  });

  it('leaves the links alone when an edit keeps what they show (title, address, thumbnail): no read of them, no write', async () => {
    const projection: ProjectionDefinition = locationUsersProjection;
    const memory = memoryProjectionDocs();
    for (const event of history()) if (projectionHandles(projection)(event.type)) await projection.evolve(event, memory.docs);
    const calls: string[] = [];
    const counted: ProjectionDocs = {
      get: (c, id) => memory.docs.get(c, id),
      find: (c, filter) => (calls.push(`find ${c}`), memory.docs.find(c, filter)),
      put: (c, doc) => (calls.push(`put ${c}`), memory.docs.put(c, doc)),
      delete: (c, id) => (calls.push(`delete ${c}`), memory.docs.delete(c, id)),
    };
    const e = recorder('2025-03-05T00:00:00.000Z');
    const same = { ...profile('Pearl St', 'B-2'), StreetAddressLine1: '1 Main St', StreetAddressLine2: 'Suite 2', Website: 'https://new.example' };
    await projection.evolve(e('LocationUpdated', { locationId: 'L1', profile: same, changed: ['Website'] }, 'c1'), counted);
    expect(calls).toEqual([]);
    await projection.evolve(e('LocationUpdated', { locationId: 'L1', profile: { ...same, Title: 'Pearl Street' }, changed: ['Title'] }, 'c1'), counted);
    expect(calls).toEqual([`put ${LOCATION_LINK_SOURCES_COLLECTION}`, `find ${LOCATION_USERS_COLLECTION}`, `put ${LOCATION_USERS_COLLECTION}`]);
    expect((memory.all(LOCATION_USERS_COLLECTION) as LocationUserDoc[]).find((l) => l._id === 'L1:u2')!.location.title).toBe('Pearl Street');
  });

  it("drops a disconnected account's locations and links; keeps other accounts", async () => {
    const e = recorder('2025-03-05T00:00:00.000Z');
    const other = e(
      'LocationCreated',
      {
        locationId: 'L9',
        companyId: 'c1',
        connectionId: 'k2',
        accountName: 'accounts/2',
        accountDisplayName: 'Other',
        profile: profile('Other', 'O-1'),
        hours: [],
        attributes: {},
      },
      'c1',
    );
    const events = [
      ...history(),
      other,
      e(
        'UserAssignedToLocation',
        { locationId: 'L9', userId: 'u1', userName: 'Uma', userEmail: 'u@x.test', isPrimaryOwner: false, isStaffMember: false, reason: 'assigned' },
        'c1',
      ),
      e('GoogleAccountDisconnected', { connectionId: 'k1', companyId: 'c1', accountName: 'accounts/1' }, 'c1'),
    ];
    const result = await foldInMemory(locationsProjection, events);
    expect((result.get(LOCATIONS_COLLECTION) as LocationDoc[]).map((d) => d._id)).toEqual(['L9']);
    const links = (await foldInMemory(locationUsersProjection, events)).get(LOCATION_USERS_COLLECTION) as LocationUserDoc[];
    expect(links.map((l) => l._id)).toEqual(['L9:u1']);
  });

  it('clears the owner of a deleted user', async () => {
    const e = recorder('2025-03-05T00:00:00.000Z');
    const events = [...history(), e('UserDeleted', { userId: 'u1', companyId: 'c1', reason: 'deleted' }, 'c1')];
    const result = await foldInMemory(locationsProjection, events);
    const l2 = (result.get(LOCATIONS_COLLECTION) as LocationDoc[]).find((d) => d._id === 'L2')!;
    expect(l2).toMatchObject({ primaryOwnerId: null, primaryOwnerName: null });
    const links = (await foldInMemory(locationUsersProjection, events)).get(LOCATION_USERS_COLLECTION) as LocationUserDoc[];
    expect(links.map((l) => l._id).sort()).toEqual(['L1:u2', 'L2:u2']);
  });

  it("drops a deleted company's locations and links", async () => {
    const e = recorder('2025-03-05T00:00:00.000Z');
    const events = [...history(), e('CompanyDeleted', { companyId: 'c1' }, 'c1')];
    expect((await foldInMemory(locationsProjection, events)).get(LOCATIONS_COLLECTION)).toEqual([]);
    const links = await foldInMemory(locationUsersProjection, events);
    expect(links.get(LOCATION_USERS_COLLECTION)).toEqual([]);
    expect(links.get(LOCATION_LINK_SOURCES_COLLECTION)).toEqual([]);
  });

  it('gives the same documents when the history is replayed, and when it is replayed twice', async () => {
    for (const projection of [locationsProjection, locationUsersProjection]) {
      const once = await foldInMemory(projection, history());
      expect(await foldInMemory(projection, history())).toEqual(once);
      expect(await foldInMemory(projection, [...history(), ...history()])).toEqual(once);
    }
  });
});
