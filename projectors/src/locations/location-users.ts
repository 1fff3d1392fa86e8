import { LOCATION_USERS_COLLECTION, type LocationDoc, type LocationUserDoc } from '@locus/contracts';
import type { ProjectionCollection, ProjectionDocs } from '@locus/platform/ports';
import { joinSearchText } from './search-text';

/** The user-location links (`location-users`), each with a snapshot of its location. */
export const locationUsersCollection: ProjectionCollection = {
  name: LOCATION_USERS_COLLECTION,
  indexes: [
    // createdAt last: the user's and the location's lists are sorted by it.
    { key: { companyId: 1, userId: 1, createdAt: -1 } },
    { key: { companyId: 1, locationId: 1, createdAt: 1 } },
    { key: { locationId: 1 } },
    { key: { userId: 1 } },
    { key: { searchText: 'text' } },
  ],
  queries: [
    { name: 'locations of a user', filter: { companyId: 'c', userId: 'u', searchText: { $regex: 'pearl' } }, sort: { createdAt: -1, _id: 1 } },
    { name: 'users of a location', filter: { companyId: 'c', locationId: 'l' }, sort: { createdAt: 1, _id: 1 } },
  ],
};

export type LinkFields = Pick<
  LocationUserDoc,
  '_id' | 'companyId' | 'locationId' | 'userId' | 'userName' | 'userEmail' | 'isPrimaryOwner' | 'isStaffMember' | 'createdAt'
>;

export function linkOf(doc: LocationDoc, link: LinkFields): LocationUserDoc {
  const location = {
    title: doc.profile.Title,
    thumbnailUrl: doc.thumbnailUrl,
    streetAddressLine1: doc.profile.StreetAddressLine1,
    streetAddressLine2: doc.profile.StreetAddressLine2,
  };
  const { _id, companyId, locationId, userId, userName, userEmail, isPrimaryOwner, isStaffMember, createdAt } = link;
  return {
    _id,
    companyId,
    locationId,
    userId,
    userName,
    userEmail,
    isPrimaryOwner,
    isStaffMember,
    createdAt,
    location,
    searchText: joinSearchText([location.title, location.streetAddressLine1, location.streetAddressLine2]),
  };
}

/** Keeps the location snapshot in the user links in step with the location. */
export async function refreshLinks(docs: ProjectionDocs, doc: LocationDoc): Promise<void> {
  for (const link of await docs.find<LocationUserDoc>(LOCATION_USERS_COLLECTION, { locationId: doc._id })) {
    docs.put(LOCATION_USERS_COLLECTION, linkOf(doc, link));
  }
}
