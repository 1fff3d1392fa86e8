import {
  locationErrors,
  ATTRIBUTE_FLAG_KEYS,
  PLACE_PAGE_URL_KEYS,
  assignLocationRoute,
  connectedAccountStream,
  createLocationRoute,
  deleteLocationRoute,
  locationMessages as m,
  locationEventSchemas,
  locationStream,
  publishLocationRoute,
  regularHoursRoute,
  saveLocationUsersRoute,
  syncLocationRoute,
  toHoursPeriods,
  unassignLocationRoute,
  updateAttributesRoute,
  updateLocationRoute,
  userStream,
  type BusinessHoursEntry,
  type EventMetadata,
  type LocationEvent,
  userErrors,
} from '@locus/contracts';
import { fail, callerCompanyId, implement, ruleViolation, type CommandDeps, type AnyRequest, type RouteImplementation } from '@locus/platform';
import { awaitOutcome, eventMetadata, handleCommand, loadStream, type CommandSource, type HandleCommandResult, type OutcomeOf } from '../kit';
import { evolveAccount, initialAccountState, connectionIdOf, isUuid } from '../connections/public';
import { loadCompanyMember, evolveUser, fullNameOf, initialUserState } from '../users/public';
import { locationDecider, locationNotFound, type AssigneeInfo, type LocationCommand } from './location-decider';
import { evolveLocation, initialLocationState, type LocationData, type LocationState } from './location-state';
import { profileFromCreate, profileFromUpdate } from './profile-input';
import { releaseStoreCode, reserveStoreCode } from './store-codes';

export interface LocationsRouteOptions {
  /** How long publish, sync and delete-from-Google wait for Google's answer before replying "under way" (default 15 s). */
  outcomeTimeoutMs?: number;
}

/** The caller's company; a caller without one sees no location (404). */
const companyOf = (req: Pick<AnyRequest, 'auth'>): string => callerCompanyId(req, locationNotFound);

const activeLocation = (state: LocationState): LocationData => {
  if (state.status !== 'active') throw locationNotFound();
  return state;
};

const storeCodeChanged = (before: string, after: string) => after.trim().toLowerCase() !== before.trim().toLowerCase();

/** The location of the caller's company, still under a connected account; 404 otherwise. */
export async function loadCompanyLocation(
  deps: Pick<CommandDeps, 'eventStore'>,
  companyId: string,
  locationId: string,
): Promise<{ state: LocationData; revision: bigint }> {
  const loaded = await loadStream<LocationState, LocationEvent>(deps.eventStore, locationStream(locationId), {
    evolve: evolveLocation,
    initialState: initialLocationState,
  });
  const state = loaded.state;
  if (state.status !== 'active' || state.companyId !== companyId) throw locationNotFound();
  const account = await loadStream(deps.eventStore, connectedAccountStream(state.connectionId), { evolve: evolveAccount, initialState: initialAccountState });
  if (account.state.status !== 'connected') throw locationNotFound();
  return { state, revision: loaded.revision === 'no_stream' ? -1n : loaded.revision };
}

async function assigneeInfo(deps: Pick<CommandDeps, 'eventStore'>, userId: string): Promise<AssigneeInfo> {
  const { state } = await loadStream(deps.eventStore, userStream(userId), { evolve: evolveUser, initialState: initialUserState });
  if (state.status === 'none') return { userId, userName: '', userEmail: '' };
  return { userId, userName: fullNameOf(state), userEmail: state.email };
}

async function knownAssignees(deps: Pick<CommandDeps, 'eventStore'>, state: LocationData): Promise<Record<string, AssigneeInfo>> {
  const entries = await Promise.all(Object.keys(state.assignments).map(async (id) => [id, await assigneeInfo(deps, id)] as const));
  return Object.fromEntries(entries);
}

/** A member of the company to link to a location (404 USER.NOT_FOUND for anyone else). */
async function companyMember(deps: Pick<CommandDeps, 'eventStore'>, userId: string, companyId: string): Promise<AssigneeInfo> {
  const user = await loadCompanyMember(deps.eventStore, userId, companyId);
  if (user.status !== 'active' && user.status !== 'deactivated') throw fail(userErrors.notFound);
  return { userId, userName: fullNameOf(user), userEmail: user.email };
}

/** A reactor's refusal, in Google's words. */
const failedOutcome = (event: { data: { message: string } }, code: string) => ruleViolation(code, event.data.message);

/** The outcomes a publish, sync or delete waits for. */
type RoundTripOutcome = 'LocationPublished' | 'LocationPublishFailed' | 'LocationSynced' | 'LocationSyncFailed' | 'LocationDeleted' | 'LocationDeleteFailed';

export function locationsCommandRoutes(deps: CommandDeps, options: LocationsRouteOptions = {}): RouteImplementation[] {
  const outcomeTimeoutMs = options.outcomeTimeoutMs ?? 15_000;

  const run = (
    req: AnyRequest,
    companyId: string,
    locationId: string,
    command: CommandSource<LocationState, LocationCommand>,
    metadata?: EventMetadata,
  ): Promise<HandleCommandResult<LocationState, LocationEvent>> =>
    handleCommand({
      eventStore: deps.eventStore,
      streamName: locationStream(locationId),
      decider: locationDecider,
      command,
      metadata: metadata ?? eventMetadata(req, companyId, deps.clock),
      newId: () => deps.ids.uuid(),
    });

  const create = implement(createLocationRoute, async (req) => {
    const companyId = companyOf(req);
    const f = req.body.Location;
    const accountRef = f.AccountId;
    const connectionId = isUuid(accountRef)
      ? accountRef
      : connectionIdOf(companyId, accountRef.startsWith('accounts/') ? accountRef : `accounts/${accountRef}`);
    const account = await loadStream(deps.eventStore, connectedAccountStream(connectionId), { evolve: evolveAccount, initialState: initialAccountState });
    if (account.state.status !== 'connected' || account.state.companyId !== companyId) {
      throw fail(locationErrors.accountNotConnected, [{ field: 'AccountId', message: m.accountNotConnected }]);
    }
    const profile = await profileFromCreate(deps.readModels, f);
    const attributes: Record<string, boolean> = {};
    for (const key of ATTRIBUTE_FLAG_KEYS) {
      const v = (f as Record<string, unknown>)[key];
      if (typeof v === 'boolean') attributes[key] = v;
    }
    const locationId = deps.ids.uuid();
    const metadata = eventMetadata(req, companyId, deps.clock);
    if (profile.StoreCode) await reserveStoreCode(deps, companyId, profile.StoreCode, locationId, metadata);
    const result = await run(
      req,
      companyId,
      locationId,
      {
        type: 'CreateLocation',
        data: {
          locationId,
          companyId,
          connectionId,
          accountName: account.state.accountName,
          accountDisplayName: account.state.accountDisplayName,
          profile,
          hours: toHoursPeriods(f.LocationBusinessHours as BusinessHoursEntry[]),
          attributes,
        },
      },
      metadata,
    );
    return { body: { Success: true, ResponseMessage: m.created, Data: { Id: locationId } }, position: result.position };
  });

  const update = implement(updateLocationRoute, async (req) => {
    const companyId = companyOf(req);
    const { state: loaded } = await loadCompanyLocation(deps, companyId, req.params.id);
    const metadata = eventMetadata(req, companyId, deps.clock);
    const hours = req.body.LocationBusinessHours ? toHoursPeriods(req.body.LocationBusinessHours as BusinessHoursEntry[]) : undefined;
    // The request names only the fields it changes: it is merged into the state of each
    // attempt, so a retry after a concurrent write keeps that write's fields.
    const result = await run(
      req,
      companyId,
      loaded.locationId,
      async (state) => {
        const current = activeLocation(state);
        const profile = await profileFromUpdate(deps.readModels, current.profile, req.body);
        if (storeCodeChanged(current.profile.StoreCode, profile.StoreCode) && profile.StoreCode)
          await reserveStoreCode(deps, companyId, profile.StoreCode, current.locationId, metadata);
        return { type: 'UpdateLocation', data: { profile, ...(hours ? { hours } : {}) } };
      },
      metadata,
    );
    const oldCode = activeLocation(result.before).profile.StoreCode;
    const newCode = activeLocation(result.state).profile.StoreCode;
    if (oldCode && storeCodeChanged(oldCode, newCode)) await releaseStoreCode(deps, companyId, oldCode, loaded.locationId, metadata);
    return { body: { Success: true, ResponseMessage: m.updated }, position: result.position };
  });

  const regularHours = implement(regularHoursRoute, async (req) => {
    const companyId = companyOf(req);
    const { state } = await loadCompanyLocation(deps, companyId, req.params.id);
    const result = await run(req, companyId, state.locationId, { type: 'SetRegularHours', data: { hours: toHoursPeriods(req.body.Periods) } });
    return { body: { Success: true, IsUnauthorized: false, ResponseMessage: m.hoursUpdated }, position: result.position };
  });

  const attributes = implement(updateAttributesRoute, async (req) => {
    const companyId = companyOf(req);
    const { state } = await loadCompanyLocation(deps, companyId, req.params.id);
    // Only what the request names changes, merged into the state the command is decided on.
    const flags: Record<string, boolean | null> = {};
    for (const [k, v] of Object.entries(req.body.Attributes)) if (typeof v === 'boolean' || v === null) flags[k] = v;
    const urls: Record<string, string | null> = {};
    for (const key of PLACE_PAGE_URL_KEYS) {
      const v = req.body.PlacePageUrls[key];
      if (v !== undefined) urls[key] = v?.trim() || null;
    }
    const result = await run(req, companyId, state.locationId, { type: 'SetAttributes', data: { attributes: flags, urls } });
    return { body: { Success: true, ResponseMessage: m.attributesUpdated }, position: result.position };
  });

  /** Appends a request event (or finds the one already pending) and waits for its outcome. */
  async function roundTrip<T extends RoundTripOutcome>(
    req: AnyRequest,
    companyId: string,
    locationId: string,
    command: Extract<LocationCommand, { type: 'RequestPublish' | 'RequestSync' | 'DeleteLocation' }>,
    pendingOf: (s: LocationData) => string | null,
    outcomeTypes: readonly T[],
  ): Promise<{ outcome: OutcomeOf<typeof locationEventSchemas, T> | null; position: number; immediate?: LocationEvent }> {
    const { revision } = await loadCompanyLocation(deps, companyId, locationId);
    const result = await run(req, companyId, locationId, command);
    const requested = result.events[0];
    if (requested && requested.type === 'LocationDeleted') return { outcome: null, position: result.position, immediate: requested };
    const state = result.state as LocationData;
    const requestId =
      requested?.type === 'LocationPublishRequested' || requested?.type === 'LocationSyncRequested' || requested?.type === 'LocationDeleteRequested'
        ? requested.data.requestId
        : pendingOf(state);
    if (!requestId) return { outcome: null, position: result.position };
    const outcome = await awaitOutcome(deps.eventStore, {
      stream: locationStream(locationId),
      after: revision,
      schemas: locationEventSchemas,
      types: outcomeTypes,
      matches: (e) => e.data.requestId === requestId,
      timeoutMs: outcomeTimeoutMs,
    });
    return { outcome, position: outcome?.position ?? result.position };
  }

  const publish = implement(publishLocationRoute, async (req) => {
    const companyId = companyOf(req);
    const { outcome, position } = await roundTrip(
      req,
      companyId,
      req.params.id,
      { type: 'RequestPublish', data: { requestId: deps.ids.uuid() } },
      (s) => s.pendingPublish,
      ['LocationPublished', 'LocationPublishFailed'],
    );
    if (!outcome) return { status: 202, body: { Success: true, ResponseMessage: m.publishPending }, position };
    if (outcome.type === 'LocationPublishFailed') throw failedOutcome(outcome, 'LOCATION.PUBLISH_FAILED');
    return { body: { Success: true, ResponseMessage: m.published }, position };
  });

  const sync = implement(syncLocationRoute, async (req) => {
    const companyId = companyOf(req);
    const { outcome, position } = await roundTrip(
      req,
      companyId,
      req.params.id,
      { type: 'RequestSync', data: { requestId: deps.ids.uuid() } },
      (s) => s.pendingSync,
      ['LocationSynced', 'LocationSyncFailed'],
    );
    if (!outcome) return { status: 202, body: { Success: true, ResponseMessage: m.syncPending }, position };
    if (outcome.type === 'LocationSyncFailed') throw failedOutcome(outcome, 'LOCATION.SYNC_FAILED');
    return { body: { Success: true, ResponseMessage: m.synchronized }, position };
  });

  const remove = implement(deleteLocationRoute, async (req) => {
    const companyId = companyOf(req);
    const { outcome, position, immediate } = await roundTrip(
      req,
      companyId,
      req.params.id,
      { type: 'DeleteLocation', data: { requestId: deps.ids.uuid(), deleteFromGoogle: req.query.deleteFromGoogle } },
      (s) => s.pendingDelete,
      ['LocationDeleted', 'LocationDeleteFailed'],
    );
    const deleted = async (data: { storeCode: string; locationId: string }) => {
      await releaseStoreCode(deps, companyId, data.storeCode, data.locationId, eventMetadata(req, companyId, deps.clock));
      return { body: { Success: true as const, ResponseMessage: m.deleted }, position };
    };
    if (immediate?.type === 'LocationDeleted') return deleted(immediate.data);
    if (!outcome) return { status: 202, body: { Success: true, ResponseMessage: m.deletePending }, position };
    if (outcome.type === 'LocationDeleted') return deleted(outcome.data);
    throw failedOutcome(outcome, 'LOCATION.DELETE_FAILED');
  });

  const assign = implement(assignLocationRoute, async (req) => {
    const companyId = companyOf(req);
    const { state } = await loadCompanyLocation(deps, companyId, req.body.LocationId);
    const who = await companyMember(deps, req.body.UserId, companyId);
    const result = await run(req, companyId, state.locationId, async (current) => ({
      type: 'AssignUser',
      data: {
        ...who,
        isPrimaryOwner: req.body.IsPrimaryOwner,
        isStaffMember: req.body.IsStaffMember,
        known: await knownAssignees(deps, activeLocation(current)),
      },
    }));
    return { body: { Success: true, ResponseMessage: m.assigned }, position: result.position };
  });

  const unassign = implement(unassignLocationRoute, async (req) => {
    const companyId = companyOf(req);
    await companyMember(deps, req.params.userId, companyId);
    const { state } = await loadCompanyLocation(deps, companyId, req.params.locationId);
    const result = await run(req, companyId, state.locationId, { type: 'UnassignUser', data: { userId: req.params.userId } });
    return { body: { Success: true, ResponseMessage: m.unassigned }, position: result.position };
  });

  const saveUsers = implement(saveLocationUsersRoute, async (req) => {
    const companyId = companyOf(req);
    const { state } = await loadCompanyLocation(deps, companyId, req.params.id);
    const b = req.body;
    const members = async (ids: string[]) => Promise.all([...new Set(ids)].map((id) => companyMember(deps, id, companyId)));
    const primaryOwner = b.UpdatePrimaryOwner ? (b.PrimaryOwnerId ? await companyMember(deps, b.PrimaryOwnerId, companyId) : null) : undefined;
    const coOwners = b.UpdateLocationCoowners
      ? (await members(b.LocationCoownerIds)).filter((u) => u.userId !== (primaryOwner?.userId ?? b.PrimaryOwnerId))
      : undefined;
    const staff = b.UpdateLocationStaffUsers ? await members(b.StaffUserIds) : undefined;
    const result = await run(req, companyId, state.locationId, async (current) => ({
      type: 'SaveAssociations',
      data: {
        ...(primaryOwner !== undefined ? { primaryOwner } : {}),
        ...(coOwners ? { coOwners } : {}),
        ...(staff ? { staff } : {}),
        known: await knownAssignees(deps, activeLocation(current)),
      },
    }));
    return { body: { Success: true, ResponseMessage: m.associationsSaved }, position: result.position };
  });

  return [create, update, regularHours, attributes, publish, sync, remove, assign, unassign, saveUsers];
}
