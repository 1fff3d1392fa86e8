import type { ProjectionDefinition, ProjectionDocs } from '@locus/platform/ports';
import {
  groupAccessId,
  LOCATION_GROUP_ACCESS_COLLECTION,
  LOCATION_GROUPS_COLLECTION,
  locationGroupEventTypes,
  type CompanyDeletedEvent,
  type GroupAccess,
  type LocationEvent,
  type LocationGroupAccessDoc,
  type LocationGroupDoc,
  type LocationGroupEvent,
  type UserEvent,
} from '@locus/contracts';

type Handled = LocationGroupEvent | CompanyDeletedEvent | Extract<LocationEvent, { type: 'LocationDeleted' }> | Extract<UserEvent, { type: 'UserDeleted' }>;

const GROUPS = LOCATION_GROUPS_COLLECTION;
const ACCESS = LOCATION_GROUP_ACCESS_COLLECTION;

const companyGroups = async (docs: ProjectionDocs, companyId: string) =>
  (await docs.find<LocationGroupDoc>(GROUPS, { companyId })).sort((a, b) => a.createdAt.localeCompare(b.createdAt) || a._id.localeCompare(b._id));

/**
 * Makes a user's access documents in a company what the groups give now: each location of each
 * group the user is in, owner over staff, the oldest group first. Writes only what differs.
 */
async function syncUserAccess(docs: ProjectionDocs, companyId: string, userId: string): Promise<void> {
  const wanted = new Map<string, { groupId: string; access: GroupAccess }>();
  for (const group of await companyGroups(docs, companyId)) {
    const access = group.users.find((u) => u.userId === userId)?.access;
    if (!access) continue;
    for (const locationId of group.locationIds) {
      const held = wanted.get(locationId);
      if (!held || (held.access === 'staff' && access === 'owner')) wanted.set(locationId, { groupId: group._id, access });
    }
  }
  const current = await docs.find<LocationGroupAccessDoc>(ACCESS, { companyId, userId });
  const currentById = new Map(current.map((d) => [d._id, d]));
  for (const doc of current) if (!wanted.has(doc.locationId)) docs.delete(ACCESS, doc._id);
  for (const [locationId, { groupId, access }] of wanted) {
    const _id = groupAccessId(userId, locationId);
    const held = currentById.get(_id);
    if (held && held.groupId === groupId && held.access === access) continue;
    const doc: LocationGroupAccessDoc = { _id, companyId, userId, locationId, groupId, access };
    docs.put(ACCESS, doc);
  }
}

const syncUsers = async (docs: ProjectionDocs, companyId: string, userIds: Iterable<string>) => {
  for (const userId of new Set(userIds)) await syncUserAccess(docs, companyId, userId);
};

/** Location groups, and the (user, location) access each gives its users. */
export const locationGroupsProjection: ProjectionDefinition<Handled> = {
  name: 'location-groups',
  version: 1,
  collections: [
    {
      name: GROUPS,
      indexes: [{ key: { companyId: 1, nameLower: 1 } }],
      queries: [{ name: 'groups by name', filter: { companyId: 'c' }, sort: { nameLower: 1, _id: 1 } }],
    },
    {
      name: ACCESS,
      indexes: [{ key: { companyId: 1, userId: 1 } }, { key: { companyId: 1, locationId: 1 } }],
      queries: [{ name: "a user's group access", filter: { companyId: 'c', userId: 'u' } }],
    },
  ],
  handles: [...locationGroupEventTypes, 'CompanyDeleted', 'LocationDeleted', 'UserDeleted'],
  async evolve(event, docs) {
    const at = event.metadata.occurredAt;
    const update = async (groupId: string, change: (group: LocationGroupDoc) => LocationGroupDoc): Promise<LocationGroupDoc | null> => {
      const group = await docs.get<LocationGroupDoc>(GROUPS, groupId);
      if (!group) return null;
      const next = { ...change(group), updatedAt: at };
      docs.put(GROUPS, next);
      return next;
    };
    switch (event.type) {
      case 'LocationGroupCreated': {
        const { companyId, groupId, name } = event.data;
        if (await docs.get(GROUPS, groupId)) return;
        const doc: LocationGroupDoc = {
          _id: groupId,
          companyId,
          name,
          nameLower: name.toLowerCase(),
          locationIds: [],
          users: [],
          createdAt: at,
          updatedAt: at,
        };
        docs.put(GROUPS, doc);
        return;
      }
      case 'LocationGroupRenamed':
        await update(event.data.groupId, (g) => ({ ...g, name: event.data.name, nameLower: event.data.name.toLowerCase() }));
        return;
      case 'LocationGroupDeleted': {
        const group = await docs.get<LocationGroupDoc>(GROUPS, event.data.groupId);
        if (!group) return;
        docs.delete(GROUPS, group._id);
        await syncUsers(
          docs,
          group.companyId,
          group.users.map((u) => u.userId),
        );
        return;
      }
      case 'LocationsAddedToGroup': {
        const group = await update(event.data.groupId, (g) => ({ ...g, locationIds: [...new Set([...g.locationIds, ...event.data.locationIds])] }));
        if (group)
          await syncUsers(
            docs,
            group.companyId,
            group.users.map((u) => u.userId),
          );
        return;
      }
      case 'LocationsRemovedFromGroup': {
        const removed = new Set(event.data.locationIds);
        const group = await update(event.data.groupId, (g) => ({ ...g, locationIds: g.locationIds.filter((id) => !removed.has(id)) }));
        if (group)
          await syncUsers(
            docs,
            group.companyId,
            group.users.map((u) => u.userId),
          );
        return;
      }
      case 'UserAssignedToGroup': {
        const { userId, access } = event.data;
        const group = await update(event.data.groupId, (g) => ({ ...g, users: [...g.users.filter((u) => u.userId !== userId), { userId, access }] }));
        if (group) await syncUserAccess(docs, group.companyId, userId);
        return;
      }
      case 'UserUnassignedFromGroup': {
        const { userId } = event.data;
        const group = await update(event.data.groupId, (g) => ({ ...g, users: g.users.filter((u) => u.userId !== userId) }));
        if (group) await syncUserAccess(docs, group.companyId, userId);
        return;
      }
      case 'LocationDeleted': {
        const { companyId, locationId } = event.data;
        const affected: string[] = [];
        for (const group of await companyGroups(docs, companyId)) {
          if (!group.locationIds.includes(locationId)) continue;
          docs.put(GROUPS, { ...group, locationIds: group.locationIds.filter((id) => id !== locationId), updatedAt: at });
          affected.push(...group.users.map((u) => u.userId));
        }
        await syncUsers(docs, companyId, affected);
        return;
      }
      case 'UserDeleted': {
        const { companyId, userId } = event.data;
        if (!companyId) return;
        for (const group of await companyGroups(docs, companyId)) {
          if (group.users.some((u) => u.userId === userId))
            docs.put(GROUPS, { ...group, users: group.users.filter((u) => u.userId !== userId), updatedAt: at });
        }
        for (const doc of await docs.find<LocationGroupAccessDoc>(ACCESS, { companyId, userId })) docs.delete(ACCESS, doc._id);
        return;
      }
      case 'CompanyDeleted': {
        const { companyId } = event.data;
        for (const doc of await docs.find(GROUPS, { companyId })) docs.delete(GROUPS, doc._id);
        for (const doc of await docs.find(ACCESS, { companyId })) docs.delete(ACCESS, doc._id);
        return;
      }
      default: {
        const never: never = event;
        void never;
      }
    }
  },
};

export const projections: ProjectionDefinition[] = [locationGroupsProjection];
