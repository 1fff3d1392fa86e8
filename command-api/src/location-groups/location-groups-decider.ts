import { locationGroupErrors, type GroupAccess, type LocationGroupEvent } from '@locus/contracts';
import { fail, failOn } from '@locus/platform/ports';
import type { Decider } from '../kit/decider';

/** One group as the company's stream knows it. */
export interface GroupState {
  name: string;
  locationIds: ReadonlySet<string>;
  users: ReadonlyMap<string, GroupAccess>;
}

/** Aggregate `locationgroups-<companyId>`: every live group of one company (deleted ones are dropped). */
export interface LocationGroupsState {
  groups: ReadonlyMap<string, GroupState>;
}

interface GroupRef {
  companyId: string;
  groupId: string;
}

export type LocationGroupsCommand =
  | ({ type: 'CreateGroup'; name: string } & GroupRef)
  | ({ type: 'RenameGroup'; name: string } & GroupRef)
  | ({ type: 'DeleteGroup' } & GroupRef)
  | ({ type: 'AddLocations'; locationIds: readonly string[] } & GroupRef)
  | ({ type: 'RemoveLocations'; locationIds: readonly string[] } & GroupRef)
  | ({ type: 'AssignUser'; userId: string; access: GroupAccess } & GroupRef)
  | ({ type: 'UnassignUser'; userId: string } & GroupRef);

const sameName = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

function requireGroup(state: LocationGroupsState, groupId: string): GroupState {
  const group = state.groups.get(groupId);
  if (!group) throw fail(locationGroupErrors.notFound);
  return group;
}

/** Names are unique in a company, whatever their case. */
function requireFreeName(state: LocationGroupsState, name: string, except: string | null) {
  for (const [id, group] of state.groups) if (id !== except && sameName(group.name, name)) throw failOn(locationGroupErrors.nameTaken, 'Name');
}

export function decideLocationGroups(command: LocationGroupsCommand, state: LocationGroupsState): LocationGroupEvent[] {
  const { companyId, groupId } = command;
  switch (command.type) {
    case 'CreateGroup':
      if (state.groups.has(groupId)) return [];
      requireFreeName(state, command.name, null);
      return [{ type: 'LocationGroupCreated', data: { companyId, groupId, name: command.name } }];
    case 'RenameGroup': {
      const group = requireGroup(state, groupId);
      if (group.name === command.name) return [];
      requireFreeName(state, command.name, groupId);
      return [{ type: 'LocationGroupRenamed', data: { companyId, groupId, name: command.name } }];
    }
    case 'DeleteGroup':
      requireGroup(state, groupId);
      return [{ type: 'LocationGroupDeleted', data: { companyId, groupId } }];
    case 'AddLocations': {
      const group = requireGroup(state, groupId);
      const added = [...new Set(command.locationIds)].filter((id) => !group.locationIds.has(id));
      return added.length ? [{ type: 'LocationsAddedToGroup', data: { companyId, groupId, locationIds: added } }] : [];
    }
    case 'RemoveLocations': {
      const group = requireGroup(state, groupId);
      const removed = [...new Set(command.locationIds)].filter((id) => group.locationIds.has(id));
      return removed.length ? [{ type: 'LocationsRemovedFromGroup', data: { companyId, groupId, locationIds: removed } }] : [];
    }
    case 'AssignUser': {
      const group = requireGroup(state, groupId);
      if (group.users.get(command.userId) === command.access) return [];
      return [{ type: 'UserAssignedToGroup', data: { companyId, groupId, userId: command.userId, access: command.access } }];
    }
    case 'UnassignUser': {
      const group = requireGroup(state, groupId);
      if (!group.users.has(command.userId)) throw fail(locationGroupErrors.userNotAssigned);
      return [{ type: 'UserUnassignedFromGroup', data: { companyId, groupId, userId: command.userId } }];
    }
    default: {
      const never: never = command;
      throw new Error(`Unknown command ${(never as { type: string }).type}`);
    }
  }
}

const withGroup = (state: LocationGroupsState, groupId: string, change: (group: GroupState) => GroupState): LocationGroupsState => {
  const group = state.groups.get(groupId);
  if (!group) return state;
  return { groups: new Map(state.groups).set(groupId, change(group)) };
};

export function evolveLocationGroups(state: LocationGroupsState, event: LocationGroupEvent): LocationGroupsState {
  const { groupId } = event.data;
  switch (event.type) {
    case 'LocationGroupCreated':
      return { groups: new Map(state.groups).set(groupId, { name: event.data.name, locationIds: new Set(), users: new Map() }) };
    case 'LocationGroupRenamed':
      return withGroup(state, groupId, (g) => ({ ...g, name: event.data.name }));
    case 'LocationGroupDeleted': {
      const groups = new Map(state.groups);
      groups.delete(groupId);
      return { groups };
    }
    case 'LocationsAddedToGroup':
      return withGroup(state, groupId, (g) => ({ ...g, locationIds: new Set([...g.locationIds, ...event.data.locationIds]) }));
    case 'LocationsRemovedFromGroup': {
      const removed = new Set(event.data.locationIds);
      return withGroup(state, groupId, (g) => ({ ...g, locationIds: new Set([...g.locationIds].filter((id) => !removed.has(id))) }));
    }
    case 'UserAssignedToGroup':
      return withGroup(state, groupId, (g) => ({ ...g, users: new Map(g.users).set(event.data.userId, event.data.access) }));
    case 'UserUnassignedFromGroup':
      return withGroup(state, groupId, (g) => {
        const users = new Map(g.users);
        users.delete(event.data.userId);
        return { ...g, users };
      });
    default: {
      const never: never = event;
      void never;
      return state;
    }
  }
}

export const locationGroupsDecider: Decider<LocationGroupsState, LocationGroupsCommand, LocationGroupEvent> = {
  initialState: () => ({ groups: new Map() }),
  evolve: evolveLocationGroups,
  decide: decideLocationGroups,
};
