import { describe, it } from 'vitest';
import type { LocationGroupEvent } from '@locus/contracts';
import { deciderSpec } from '../kit/testing/decider-spec';
import { locationGroupsDecider } from './location-groups-decider';

const spec = () => deciderSpec(locationGroupsDecider);
const c = 'c1';
const created = (groupId: string, name: string): LocationGroupEvent => ({ type: 'LocationGroupCreated', data: { companyId: c, groupId, name } });
const added = (groupId: string, locationIds: string[]): LocationGroupEvent => ({ type: 'LocationsAddedToGroup', data: { companyId: c, groupId, locationIds } });
const assigned = (groupId: string, userId: string, access: 'owner' | 'staff'): LocationGroupEvent => ({
  type: 'UserAssignedToGroup',
  data: { companyId: c, groupId, userId, access },
});

describe('location groups decider', () => {
  it('creates a group, and refuses a name another group has in any case', () => {
    spec()
      .given([])
      .when({ type: 'CreateGroup', companyId: c, groupId: 'g1', name: 'East region' })
      .then([created('g1', 'East region')]);
    spec()
      .given([created('g1', 'East region')])
      .when({ type: 'CreateGroup', companyId: c, groupId: 'g2', name: 'east REGION' })
      .thenThrows({ code: 'LOCATION_GROUP.NAME_TAKEN', kind: 'validation' });
  });

  it('renames, keeping a name free of other groups, and a deleted group frees its name', () => {
    spec()
      .given([created('g1', 'East'), created('g2', 'West')])
      .when({ type: 'RenameGroup', companyId: c, groupId: 'g1', name: 'West' })
      .thenThrows('LOCATION_GROUP.NAME_TAKEN');
    spec()
      .given([created('g1', 'East')])
      .when({ type: 'RenameGroup', companyId: c, groupId: 'g1', name: 'East region' })
      .then([{ type: 'LocationGroupRenamed', data: { companyId: c, groupId: 'g1', name: 'East region' } }]);
    spec()
      .given([created('g1', 'East'), { type: 'LocationGroupDeleted', data: { companyId: c, groupId: 'g1' } }])
      .when({ type: 'CreateGroup', companyId: c, groupId: 'g2', name: 'East' })
      .then([created('g2', 'East')]);
  });

  it('answers not found for a group the company does not have (deleted or another company)', () => {
    for (const command of [
      { type: 'RenameGroup', companyId: c, groupId: 'g9', name: 'X' },
      { type: 'DeleteGroup', companyId: c, groupId: 'g9' },
      { type: 'AddLocations', companyId: c, groupId: 'g9', locationIds: ['l1'] },
      { type: 'AssignUser', companyId: c, groupId: 'g9', userId: 'u1', access: 'staff' },
    ] as const)
      spec()
        .given([created('g1', 'East')])
        .when(command)
        .thenThrows({ code: 'LOCATION_GROUP.NOT_FOUND', kind: 'not_found' });
    spec()
      .given([created('g1', 'East'), { type: 'LocationGroupDeleted', data: { companyId: c, groupId: 'g1' } }])
      .when({ type: 'DeleteGroup', companyId: c, groupId: 'g1' })
      .thenThrows('LOCATION_GROUP.NOT_FOUND');
  });

  it('adds only the locations not in the group yet, and removes only those in it', () => {
    spec()
      .given([created('g1', 'East'), added('g1', ['l1', 'l2'])])
      .when({ type: 'AddLocations', companyId: c, groupId: 'g1', locationIds: ['l2', 'l3', 'l3'] })
      .then([added('g1', ['l3'])]);
    spec()
      .given([created('g1', 'East'), added('g1', ['l1'])])
      .when({ type: 'AddLocations', companyId: c, groupId: 'g1', locationIds: ['l1'] })
      .then([]);
    spec()
      .given([created('g1', 'East'), added('g1', ['l1', 'l2'])])
      .when({ type: 'RemoveLocations', companyId: c, groupId: 'g1', locationIds: ['l2', 'l7'] })
      .then([{ type: 'LocationsRemovedFromGroup', data: { companyId: c, groupId: 'g1', locationIds: ['l2'] } }]);
  });

  it('assigns a user, changes the access, and unassigns only an assigned user', () => {
    spec()
      .given([created('g1', 'East')])
      .when({ type: 'AssignUser', companyId: c, groupId: 'g1', userId: 'u1', access: 'staff' })
      .then([assigned('g1', 'u1', 'staff')]);
    spec()
      .given([created('g1', 'East'), assigned('g1', 'u1', 'staff')])
      .when({ type: 'AssignUser', companyId: c, groupId: 'g1', userId: 'u1', access: 'staff' })
      .then([]);
    spec()
      .given([created('g1', 'East'), assigned('g1', 'u1', 'staff')])
      .when({ type: 'AssignUser', companyId: c, groupId: 'g1', userId: 'u1', access: 'owner' })
      .then([assigned('g1', 'u1', 'owner')]);
    spec()
      .given([created('g1', 'East'), assigned('g1', 'u1', 'staff')])
      .when({ type: 'UnassignUser', companyId: c, groupId: 'g1', userId: 'u1' })
      .then([{ type: 'UserUnassignedFromGroup', data: { companyId: c, groupId: 'g1', userId: 'u1' } }]);
    spec()
      .given([created('g1', 'East'), assigned('g1', 'u1', 'staff'), { type: 'UserUnassignedFromGroup', data: { companyId: c, groupId: 'g1', userId: 'u1' } }])
      .when({ type: 'UnassignUser', companyId: c, groupId: 'g1', userId: 'u1' })
      .thenThrows({ code: 'LOCATION_GROUP.USER_NOT_ASSIGNED', kind: 'not_found' });
  });
});
