import { describe, expect, it } from 'vitest';
import type { RecordedEvent } from '@locus/platform/ports';
import { recorder } from '@locus/platform/runtime/testing/recorded-events';
import { projectInMemory } from '@locus/platform/runtime/testing/projection-memory';
import { LOCATION_GROUP_ACCESS_COLLECTION, LOCATION_GROUPS_COLLECTION, type LocationGroupEvent } from '@locus/contracts';
import { locationGroupsProjection } from './location-groups-projection';

type Other =
  | { type: 'CompanyDeleted'; data: { companyId: string } }
  | { type: 'LocationDeleted'; data: { companyId: string; locationId: string; deletedFromGoogle: boolean; storeCode: string; requestId: null } }
  | { type: 'UserDeleted'; data: { companyId: string; userId: string; reason: 'deleted' } };

const recording = () => {
  const record = recorder();
  return (e: LocationGroupEvent | Other) => record(e.type, e.data, e.data.companyId);
};
const given = (events: RecordedEvent[]) => projectInMemory(locationGroupsProjection, events);
const access = async (events: RecordedEvent[]) =>
  (await given(events))
    .all(LOCATION_GROUP_ACCESS_COLLECTION)
    .map((d) => `${String(d.userId)}:${String(d.locationId)}:${String(d.groupId)}:${String(d.access)}`)
    .sort();

const c = 'c1';
const created = (groupId: string, name: string, companyId = c): LocationGroupEvent => ({ type: 'LocationGroupCreated', data: { companyId, groupId, name } });
const added = (groupId: string, ...locationIds: string[]): LocationGroupEvent => ({
  type: 'LocationsAddedToGroup',
  data: { companyId: c, groupId, locationIds },
});
const removed = (groupId: string, ...locationIds: string[]): LocationGroupEvent => ({
  type: 'LocationsRemovedFromGroup',
  data: { companyId: c, groupId, locationIds },
});
const assigned = (groupId: string, userId: string, a: 'owner' | 'staff'): LocationGroupEvent => ({
  type: 'UserAssignedToGroup',
  data: { companyId: c, groupId, userId, access: a },
});

describe('location groups projection', () => {
  it('keeps each group with its locations and users', async () => {
    const r = recording();
    const m = await given([
      r(created('g1', 'East')),
      r(added('g1', 'l1', 'l2')),
      r(assigned('g1', 'u1', 'staff')),
      r({ type: 'LocationGroupRenamed', data: { companyId: c, groupId: 'g1', name: 'East Region' } }),
    ]);
    expect(m.all(LOCATION_GROUPS_COLLECTION)).toEqual([
      expect.objectContaining({
        _id: 'g1',
        companyId: c,
        name: 'East Region',
        nameLower: 'east region',
        locationIds: ['l1', 'l2'],
        users: [{ userId: 'u1', access: 'staff' }],
      }),
    ]);
  });

  it("gives a group's users its locations, including those added after the assignment, and takes them back", async () => {
    const r = recording();
    const base = [r(created('g1', 'East')), r(added('g1', 'l1')), r(assigned('g1', 'u1', 'staff'))];
    expect(await access(base)).toEqual(['u1:l1:g1:staff']);
    const later = [...base, r(added('g1', 'l2'))];
    expect(await access(later)).toEqual(['u1:l1:g1:staff', 'u1:l2:g1:staff']);
    expect(await access([...later, r(removed('g1', 'l1'))])).toEqual(['u1:l2:g1:staff']);
    expect(await access([...later, r({ type: 'UserUnassignedFromGroup', data: { companyId: c, groupId: 'g1', userId: 'u1' } })])).toEqual([]);
    expect(await access([...later, r({ type: 'LocationGroupDeleted', data: { companyId: c, groupId: 'g1' } })])).toEqual([]);
  });

  it('gives the strongest access when two groups share a location, and falls back when one goes', async () => {
    const r = recording();
    const events = [
      r(created('g1', 'East')),
      r(created('g2', 'Dental')),
      r(added('g1', 'l1', 'l2')),
      r(added('g2', 'l2', 'l3')),
      r(assigned('g1', 'u1', 'staff')),
      r(assigned('g2', 'u1', 'owner')),
    ];
    expect(await access(events)).toEqual(['u1:l1:g1:staff', 'u1:l2:g2:owner', 'u1:l3:g2:owner']);
    expect(await access([...events, r({ type: 'LocationGroupDeleted', data: { companyId: c, groupId: 'g2' } })])).toEqual(['u1:l1:g1:staff', 'u1:l2:g1:staff']);
    expect(await access([...events, r(assigned('g1', 'u1', 'owner'))])).toEqual(['u1:l1:g1:owner', 'u1:l2:g1:owner', 'u1:l3:g2:owner']);
  });

  it('forgets a deleted location, a deleted user and a deleted company', async () => {
    const r = recording();
    const events = [r(created('g1', 'East')), r(added('g1', 'l1', 'l2')), r(assigned('g1', 'u1', 'owner')), r(assigned('g1', 'u2', 'staff'))];
    const afterLocation = await given([
      ...events,
      r({ type: 'LocationDeleted', data: { companyId: c, locationId: 'l1', deletedFromGoogle: true, storeCode: 'S1', requestId: null } }),
    ]);
    expect(afterLocation.all(LOCATION_GROUPS_COLLECTION)[0]).toMatchObject({ locationIds: ['l2'] });
    expect(
      afterLocation
        .all(LOCATION_GROUP_ACCESS_COLLECTION)
        .map((d) => d._id)
        .sort(),
    ).toEqual(['u1:l2', 'u2:l2']);
    const afterUser = await given([...events, r({ type: 'UserDeleted', data: { companyId: c, userId: 'u1', reason: 'deleted' } })]);
    expect(afterUser.all(LOCATION_GROUPS_COLLECTION)[0]).toMatchObject({ users: [{ userId: 'u2', access: 'staff' }] });
    expect(
      afterUser
        .all(LOCATION_GROUP_ACCESS_COLLECTION)
        .map((d) => d._id)
        .sort(),
    ).toEqual(['u2:l1', 'u2:l2']);
    const other = r(created('g9', 'Other', 'c2'));
    const afterCompany = await given([...events, other, r({ type: 'CompanyDeleted', data: { companyId: c } })]);
    expect(afterCompany.all(LOCATION_GROUPS_COLLECTION).map((d) => d._id)).toEqual(['g9']);
    expect(afterCompany.all(LOCATION_GROUP_ACCESS_COLLECTION)).toEqual([]);
  });

  it('replays idempotently', async () => {
    const r = recording();
    const events = [r(created('g1', 'East')), r(added('g1', 'l1')), r(assigned('g1', 'u1', 'owner')), r(added('g1', 'l2'))];
    const once = await given(events);
    const twice = await given([...events, ...events]);
    expect(twice.all(LOCATION_GROUP_ACCESS_COLLECTION)).toEqual(once.all(LOCATION_GROUP_ACCESS_COLLECTION));
    expect(twice.all(LOCATION_GROUPS_COLLECTION)).toEqual(once.all(LOCATION_GROUPS_COLLECTION));
  });
});
