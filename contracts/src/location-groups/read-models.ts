import type { GroupAccess } from './events';

/**
 * Read models of location groups (projectors/src/location-groups).
 * - `location-groups`: one document per group, with its locations and its users.
 * - `location-group-access`: one document per (user, location) a user gets through a group
 *   (_id `<userId>:<locationId>`); when several groups give the same location, the strongest
 *   access wins (owner over staff), then the oldest group.
 */
export const LOCATION_GROUPS_COLLECTION = 'location-groups';
export const LOCATION_GROUP_ACCESS_COLLECTION = 'location-group-access';

export interface LocationGroupUser {
  userId: string;
  access: GroupAccess;
}

export interface LocationGroupDoc {
  _id: string;
  companyId: string;
  name: string;
  nameLower: string;
  locationIds: string[];
  users: LocationGroupUser[];
  createdAt: string;
  updatedAt: string;
  [key: string]: unknown;
}

export interface LocationGroupAccessDoc {
  _id: string;
  companyId: string;
  userId: string;
  locationId: string;
  groupId: string;
  access: GroupAccess;
  [key: string]: unknown;
}

export const groupAccessId = (userId: string, locationId: string) => `${userId}:${locationId}`;
