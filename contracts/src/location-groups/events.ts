import { z } from 'zod';

/**
 * Location groups of one company, all in one stream `locationgroups-<companyId>`: a group's name
 * is unique in its company, which the decider can only check with every group in its state.
 */
export const locationGroupsStream = (companyId: string) => `locationgroups-${companyId}`;

export const GROUP_ACCESS_LEVELS = ['owner', 'staff'] as const;
export const GroupAccessSchema = z.enum(GROUP_ACCESS_LEVELS, { error: "Access must be 'owner' or 'staff'" });
export type GroupAccess = z.infer<typeof GroupAccessSchema>;

const GroupRef = { companyId: z.string(), groupId: z.string() };

export const LocationGroupCreatedSchema = z.object({ ...GroupRef, name: z.string() });
export const LocationGroupRenamedSchema = z.object({ ...GroupRef, name: z.string() });
export const LocationGroupDeletedSchema = z.object({ ...GroupRef });
export const LocationsAddedToGroupSchema = z.object({ ...GroupRef, locationIds: z.array(z.string()) });
export const LocationsRemovedFromGroupSchema = z.object({ ...GroupRef, locationIds: z.array(z.string()) });
/** Also a change of access for a user already assigned. */
export const UserAssignedToGroupSchema = z.object({ ...GroupRef, userId: z.string(), access: GroupAccessSchema });
export const UserUnassignedFromGroupSchema = z.object({ ...GroupRef, userId: z.string() });

export const locationGroupEventSchemas = {
  LocationGroupCreated: LocationGroupCreatedSchema,
  LocationGroupRenamed: LocationGroupRenamedSchema,
  LocationGroupDeleted: LocationGroupDeletedSchema,
  LocationsAddedToGroup: LocationsAddedToGroupSchema,
  LocationsRemovedFromGroup: LocationsRemovedFromGroupSchema,
  UserAssignedToGroup: UserAssignedToGroupSchema,
  UserUnassignedFromGroup: UserUnassignedFromGroupSchema,
} as const;

type Schemas = typeof locationGroupEventSchemas;
export type LocationGroupEventType = keyof Schemas;
export type LocationGroupEvent = { [K in LocationGroupEventType]: { type: K; data: z.infer<Schemas[K]> } }[LocationGroupEventType];
export const locationGroupEventTypes = Object.keys(locationGroupEventSchemas) as LocationGroupEventType[];
