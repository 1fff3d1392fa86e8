import {
  addGroupLocationsRoute,
  addMatchingGroupLocationsRoute,
  assignGroupUserRoute,
  createLocationGroupRoute,
  deleteLocationGroupRoute,
  LOCATIONS_COLLECTION,
  locationGroupErrors,
  locationGroupMessages as m,
  locationGroupsStream,
  locationsAddedMessage,
  removeGroupLocationsRoute,
  renameLocationGroupRoute,
  unassignGroupUserRoute,
  USERS_COLLECTION,
  type LocationDoc,
  type LocationGroupEvent,
  type UserDoc,
} from '@locus/contracts';
import { callerCompanyId, fail, failOn, implement, ok, type CommandDeps, type RequestContext, type RouteImplementation } from '@locus/platform';
// The same filter the directory shows, so "add all matching" adds exactly the rows the admin sees.
import { directoryFilter } from '@locus/query-api/locations/public';
import { eventMetadata, handleCommand } from '../kit';
import { locationGroupsDecider, type LocationGroupsCommand } from './location-groups-decider';

type Req = Pick<RequestContext, 'auth' | 'correlationId' | 'requestId'>;

const companyOf = (req: Req) => callerCompanyId(req, () => fail(locationGroupErrors.notFound));

export function locationGroupsCommandRoutes(deps: CommandDeps): RouteImplementation[] {
  const locations = () => deps.readModels.collection<LocationDoc>(LOCATIONS_COLLECTION);

  const run = (req: Req, companyId: string, command: LocationGroupsCommand) =>
    handleCommand({
      eventStore: deps.eventStore,
      streamName: locationGroupsStream(companyId),
      decider: locationGroupsDecider,
      command,
      metadata: eventMetadata(req, companyId, deps.clock),
      newId: () => deps.ids.uuid(),
    });

  /** Every id must be one of the company's locations: another company's answers 404, like a missing one. */
  const requireCompanyLocations = async (companyId: string, ids: readonly string[]) => {
    const found = await locations().find({ companyId, _id: { $in: [...ids] } }, { projection: { _id: 1 } });
    if (found.length !== ids.length) throw failOn(locationGroupErrors.locationNotFound, 'LocationIds');
  };

  /** A company user of the caller's company (admins and auditors see every location already). */
  const requireCompanyUser = async (companyId: string, userId: string) => {
    const user = await deps.readModels.collection<UserDoc>(USERS_COLLECTION).findOne({ _id: userId, companyId });
    if (!user) throw failOn(locationGroupErrors.userNotFound, 'UserId');
    if (user.role !== 'CompanyUser') throw failOn(locationGroupErrors.notCompanyUser, 'UserId');
  };

  const addedCount = (events: readonly LocationGroupEvent[]) => events.flatMap((e) => (e.type === 'LocationsAddedToGroup' ? e.data.locationIds : [])).length;

  return [
    implement(createLocationGroupRoute, async (req) => {
      const companyId = companyOf(req);
      const groupId = deps.ids.uuid();
      const result = await run(req, companyId, { type: 'CreateGroup', companyId, groupId, name: req.body.Name });
      return ok({ Id: groupId }, { message: m.created, position: result.position });
    }),
    implement(renameLocationGroupRoute, async (req) => {
      const companyId = companyOf(req);
      const result = await run(req, companyId, { type: 'RenameGroup', companyId, groupId: req.params.groupId, name: req.body.Name });
      return ok(undefined, { message: m.renamed, position: result.position });
    }),
    implement(deleteLocationGroupRoute, async (req) => {
      const companyId = companyOf(req);
      const result = await run(req, companyId, { type: 'DeleteGroup', companyId, groupId: req.params.groupId });
      return ok(undefined, { message: m.deleted, position: result.position });
    }),
    implement(addGroupLocationsRoute, async (req) => {
      const companyId = companyOf(req);
      await requireCompanyLocations(companyId, req.body.LocationIds);
      const result = await run(req, companyId, { type: 'AddLocations', companyId, groupId: req.params.groupId, locationIds: req.body.LocationIds });
      const added = addedCount(result.events);
      return ok({ Added: added }, { message: locationsAddedMessage(added), position: result.position });
    }),
    implement(addMatchingGroupLocationsRoute, async (req) => {
      const companyId = companyOf(req);
      const matching = await locations().find(directoryFilter(companyId, { ...req.body, GroupId: '' }), { projection: { _id: 1 } });
      const locationIds = matching.map((d) => d._id);
      const result = await run(req, companyId, { type: 'AddLocations', companyId, groupId: req.params.groupId, locationIds });
      const added = addedCount(result.events);
      return ok({ Added: added, Matched: locationIds.length }, { message: locationsAddedMessage(added), position: result.position });
    }),
    implement(removeGroupLocationsRoute, async (req) => {
      const companyId = companyOf(req);
      const result = await run(req, companyId, { type: 'RemoveLocations', companyId, groupId: req.params.groupId, locationIds: req.body.LocationIds });
      return ok(undefined, { message: m.locationsRemoved, position: result.position });
    }),
    implement(assignGroupUserRoute, async (req) => {
      const companyId = companyOf(req);
      await requireCompanyUser(companyId, req.body.UserId);
      const result = await run(req, companyId, {
        type: 'AssignUser',
        companyId,
        groupId: req.params.groupId,
        userId: req.body.UserId,
        access: req.body.Access,
      });
      return ok(undefined, { message: m.userAssigned, position: result.position });
    }),
    implement(unassignGroupUserRoute, async (req) => {
      const companyId = companyOf(req);
      const result = await run(req, companyId, { type: 'UnassignUser', companyId, groupId: req.params.groupId, userId: req.params.userId });
      return ok(undefined, { message: m.userUnassigned, position: result.position });
    }),
  ];
}
