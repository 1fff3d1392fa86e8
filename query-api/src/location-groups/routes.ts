import {
  getLocationGroupRoute,
  listLocationGroupsRoute,
  LOCATION_GROUP_ACCESS_COLLECTION,
  LOCATION_GROUPS_COLLECTION,
  LOCATIONS_COLLECTION,
  locationGroupErrors,
  USERS_COLLECTION,
  type GroupAccess,
  type LocationDoc,
  type LocationGroupAccessDoc,
  type LocationGroupDoc,
  type LocationGroupSummary,
  type UserDoc,
} from '@locus/contracts';
import { callerCompanyId, fail, implement, ok, type AnyRequest, type QueryDeps, type ReadModels, type RouteImplementation } from '@locus/platform';

const groupNotFound = () => fail(locationGroupErrors.notFound);

/** A group of the company; another company's or a deleted group answers 404. */
async function companyGroup(readModels: ReadModels, companyId: string, groupId: string): Promise<LocationGroupDoc> {
  const group = await readModels.collection<LocationGroupDoc>(LOCATION_GROUPS_COLLECTION).findOne({ _id: groupId, companyId });
  if (!group) throw groupNotFound();
  return group;
}

/**
 * The locations a user gets through the company's groups, with the access each gives (owner over
 * staff when two groups share a location). For the location scope of company users.
 */
export async function groupAssignmentsOf(
  readModels: ReadModels,
  companyId: string,
  userId: string,
): Promise<Array<{ locationId: string; access: GroupAccess }>> {
  const docs = await readModels.collection<LocationGroupAccessDoc>(LOCATION_GROUP_ACCESS_COLLECTION).find({ companyId, userId });
  return docs.map((d) => ({ locationId: d.locationId, access: d.access }));
}

/**
 * The `groupId` filter of the directory, dashboard, reviews and pickers: the group's location
 * ids, or 404 when the group is not the company's.
 */
export async function groupLocationIds(readModels: ReadModels, companyId: string, groupId: string): Promise<string[]> {
  return (await companyGroup(readModels, companyId, groupId)).locationIds;
}

const toSummary = (g: LocationGroupDoc): LocationGroupSummary => ({
  Id: g._id,
  Name: g.name,
  LocationCount: g.locationIds.length,
  UserCount: g.users.length,
  CreatedDate: g.createdAt,
});

export function locationGroupsQueryRoutes(deps: QueryDeps): RouteImplementation[] {
  const companyOf = (req: AnyRequest) => callerCompanyId(req, groupNotFound);
  return [
    implement(listLocationGroupsRoute, async (req) => {
      const docs = await deps.readModels
        .collection<LocationGroupDoc>(LOCATION_GROUPS_COLLECTION)
        .find({ companyId: companyOf(req) }, { sort: { nameLower: 1, _id: 1 } });
      return ok(docs.map(toSummary));
    }),
    implement(getLocationGroupRoute, async (req) => {
      const companyId = companyOf(req);
      const group = await companyGroup(deps.readModels, companyId, req.params.groupId);
      const [locations, users] = await Promise.all([
        group.locationIds.length
          ? deps.readModels
              .collection<LocationDoc>(LOCATIONS_COLLECTION)
              .find({ companyId, _id: { $in: group.locationIds } }, { sort: { titleSort: 1, _id: 1 } })
          : Promise.resolve([]),
        group.users.length
          ? deps.readModels.collection<UserDoc>(USERS_COLLECTION).find({ companyId, _id: { $in: group.users.map((u) => u.userId) } })
          : Promise.resolve([]),
      ]);
      const userById = new Map(users.map((u) => [u._id, u]));
      return ok({
        ...toSummary(group),
        LocationCount: locations.length,
        Locations: locations.map((l) => ({
          LocationId: l._id,
          Title: l.profile.Title,
          StoreCode: l.profile.StoreCode,
          Town: l.profile.Town,
          State: l.profile.State,
        })),
        Users: group.users
          .flatMap((u) => {
            const user = userById.get(u.userId);
            return user ? [{ UserId: u.userId, Name: user.fullName, Email: user.email, Access: u.access }] : [];
          })
          .sort((a, b) => a.Name.localeCompare(b.Name)),
      });
    }),
  ];
}
