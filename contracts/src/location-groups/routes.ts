import { z } from 'zod';
import { defineRoute } from '../routes/route-def';
import { successEnvelope, SuccessMessageSchema } from '../routes/envelope';
import { DirectoryExportQuerySchema } from '../locations/directory-dto';
import { GroupAccessSchema } from './events';
import { LOCATION_GROUP_MAX_IDS, LOCATION_GROUP_NAME_MAX, locationGroupMessages as m } from './messages';

/**
 * Location groups (/location-groups): company admins (and the Administrator viewing as a
 * company) write, the Auditor reads. The company is the caller's; another company's group,
 * location or user answers 404.
 */
const ADMIN = ['CompanyAdmin'] as const;
const BASE = '/api/location-groups';

const id = (field: string) =>
  z
    .string({ error: `${field} is required` })
    .trim()
    .min(1, `${field} is required`)
    .max(200, `${field} is too long`);
const GroupParams = z.object({ groupId: id('groupId') });
const GroupUserParams = z.object({ groupId: id('groupId'), userId: id('userId') });

export const LocationGroupSummarySchema = z.object({
  Id: z.string(),
  Name: z.string(),
  LocationCount: z.number().int(),
  UserCount: z.number().int(),
  CreatedDate: z.string(),
});
export type LocationGroupSummary = z.infer<typeof LocationGroupSummarySchema>;

export const LocationGroupLocationSchema = z.object({
  LocationId: z.string(),
  Title: z.string(),
  StoreCode: z.string(),
  Town: z.string(),
  State: z.string(),
});
export const LocationGroupUserSchema = z.object({ UserId: z.string(), Name: z.string(), Email: z.string(), Access: GroupAccessSchema });
export type LocationGroupUserRow = z.infer<typeof LocationGroupUserSchema>;

export const LocationGroupDetailsSchema = LocationGroupSummarySchema.extend({
  Locations: z.array(LocationGroupLocationSchema),
  Users: z.array(LocationGroupUserSchema),
});
export type LocationGroupDetails = z.infer<typeof LocationGroupDetailsSchema>;

export const LocationGroupNameBodySchema = z.object({
  Name: z
    .string({ error: m.nameRequired })
    .trim()
    .min(1, m.nameRequired)
    .max(LOCATION_GROUP_NAME_MAX, `Group name must be at most ${LOCATION_GROUP_NAME_MAX} characters`),
});
export type LocationGroupNameBody = z.input<typeof LocationGroupNameBodySchema>;

export const GroupLocationIdsBodySchema = z.object({
  LocationIds: z
    .array(id('LocationIds'), { error: 'LocationIds must be a list of location ids' })
    .min(1, m.selectLocations)
    .max(LOCATION_GROUP_MAX_IDS, `At most ${LOCATION_GROUP_MAX_IDS} locations at once`)
    .transform((ids) => [...new Set(ids)]),
});
export type GroupLocationIdsBody = z.input<typeof GroupLocationIdsBodySchema>;

/** The directory's filters (search box, account, status, state, city, ZIP), without sort or group. */
export const GroupMatchingFilterBodySchema = DirectoryExportQuerySchema.omit({ sortField: true, sortOrder: true, GroupId: true });
export type GroupMatchingFilterBody = z.input<typeof GroupMatchingFilterBodySchema>;

export const AssignGroupUserBodySchema = z.object({ UserId: id('UserId'), Access: GroupAccessSchema });
export type AssignGroupUserBody = z.input<typeof AssignGroupUserBodySchema>;

export const listLocationGroupsRoute = defineRoute({
  name: 'locationGroups.list',
  method: 'GET',
  path: BASE,
  kind: 'query',
  roles: ADMIN,
  summary: "The company's location groups by name",
  response: successEnvelope(z.array(LocationGroupSummarySchema)),
});

export const getLocationGroupRoute = defineRoute({
  name: 'locationGroups.get',
  method: 'GET',
  path: `${BASE}/:groupId`,
  kind: 'query',
  roles: ADMIN,
  summary: 'A group with its locations (by title) and its users',
  request: { params: GroupParams },
  response: successEnvelope(LocationGroupDetailsSchema),
  tenantParams: ['groupId'],
});

export const createLocationGroupRoute = defineRoute({
  name: 'locationGroups.create',
  method: 'POST',
  path: BASE,
  kind: 'command',
  roles: ADMIN,
  summary: 'Create a location group',
  request: { body: LocationGroupNameBodySchema },
  response: successEnvelope(z.object({ Id: z.string() })),
});

export const renameLocationGroupRoute = defineRoute({
  name: 'locationGroups.rename',
  method: 'POST',
  path: `${BASE}/:groupId/rename`,
  kind: 'command',
  roles: ADMIN,
  summary: 'Rename a location group',
  request: { params: GroupParams, body: LocationGroupNameBodySchema },
  response: SuccessMessageSchema,
  tenantParams: ['groupId'],
});

export const deleteLocationGroupRoute = defineRoute({
  name: 'locationGroups.delete',
  method: 'DELETE',
  path: `${BASE}/:groupId`,
  kind: 'command',
  roles: ADMIN,
  summary: 'Deletes the group; its users lose the locations they had only through it',
  request: { params: GroupParams },
  response: SuccessMessageSchema,
  tenantParams: ['groupId'],
});

export const addGroupLocationsRoute = defineRoute({
  name: 'locationGroups.addLocations',
  method: 'POST',
  path: `${BASE}/:groupId/locations`,
  kind: 'command',
  roles: ADMIN,
  summary: "Adds the company's locations named (404 for a location of another company)",
  request: { params: GroupParams, body: GroupLocationIdsBodySchema },
  response: successEnvelope(z.object({ Added: z.number().int() })),
  tenantParams: ['groupId'],
});

export const addMatchingGroupLocationsRoute = defineRoute({
  name: 'locationGroups.addMatching',
  method: 'POST',
  path: `${BASE}/:groupId/locations/matching`,
  kind: 'command',
  roles: ADMIN,
  summary: "Adds every location the directory's filters match",
  request: { params: GroupParams, body: GroupMatchingFilterBodySchema },
  response: successEnvelope(z.object({ Added: z.number().int(), Matched: z.number().int() })),
  tenantParams: ['groupId'],
});

export const removeGroupLocationsRoute = defineRoute({
  name: 'locationGroups.removeLocations',
  method: 'POST',
  path: `${BASE}/:groupId/locations/remove`,
  kind: 'command',
  roles: ADMIN,
  summary: 'Remove locations from a group',
  request: { params: GroupParams, body: GroupLocationIdsBodySchema },
  response: SuccessMessageSchema,
  tenantParams: ['groupId'],
});

export const assignGroupUserRoute = defineRoute({
  name: 'locationGroups.assignUser',
  method: 'POST',
  path: `${BASE}/:groupId/users`,
  kind: 'command',
  roles: ADMIN,
  summary: "Assigns a company user to the group as owner or staff (or changes the user's access)",
  request: { params: GroupParams, body: AssignGroupUserBodySchema },
  response: SuccessMessageSchema,
  tenantParams: ['groupId'],
});

export const unassignGroupUserRoute = defineRoute({
  name: 'locationGroups.unassignUser',
  method: 'DELETE',
  path: `${BASE}/:groupId/users/:userId`,
  kind: 'command',
  roles: ADMIN,
  summary: "Remove a user's assignment to a group",
  request: { params: GroupUserParams },
  response: SuccessMessageSchema,
  tenantParams: ['groupId', 'userId'],
});

export const locationGroupsRoutes = [
  listLocationGroupsRoute,
  getLocationGroupRoute,
  createLocationGroupRoute,
  renameLocationGroupRoute,
  deleteLocationGroupRoute,
  addGroupLocationsRoute,
  addMatchingGroupLocationsRoute,
  removeGroupLocationsRoute,
  assignGroupUserRoute,
  unassignGroupUserRoute,
] as const;
