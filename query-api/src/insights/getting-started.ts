import {
  GMB_ACCOUNTS_COLLECTION,
  LOCATION_DEFAULTS_COLLECTION,
  LOCATIONS_COLLECTION,
  REVIEWS_AI_SETTINGS_COLLECTION,
  USERS_COLLECTION,
  gettingStartedRoute,
  type GettingStarted,
  type GettingStartedStep,
  type GmbAccountDoc,
  type LocationDoc,
  type UserDoc,
} from '@locus/contracts';
import { implement, type QueryDeps, type RouteImplementation } from '@locus/platform';
import { callerScope } from './scope';

/**
 * The getting-started checklist: each step is read from what the read models hold now (a
 * connected account, a location, saved defaults, a second user, saved AI settings), so a step
 * is ticked when it has happened, however it happened, and unticked if it is undone.
 */
export function gettingStartedRoutes(deps: QueryDeps): RouteImplementation[] {
  const rm = deps.readModels;
  const exists = async (collection: string, filter: Record<string, unknown>) => (await rm.collection(collection).countDocuments(filter, { limit: 1 })) > 0;

  const route = implement(gettingStartedRoute, async (req) => {
    const scope = await callerScope(rm, req);
    const companyId = scope.companyId;
    const [connected, anyLocation, defaults, users, aiSettings, visible] = await Promise.all([
      exists(GMB_ACCOUNTS_COLLECTION, { companyId, connected: true } satisfies Partial<GmbAccountDoc>),
      exists(LOCATIONS_COLLECTION, { companyId } satisfies Partial<LocationDoc>),
      exists(LOCATION_DEFAULTS_COLLECTION, { _id: companyId }),
      rm.collection<UserDoc>(USERS_COLLECTION).find({ companyId }, { sort: { fullName: 1 } }),
      exists(REVIEWS_AI_SETTINGS_COLLECTION, { _id: companyId }),
      scope.locationIds === null ? rm.collection(LOCATIONS_COLLECTION).countDocuments({ companyId }) : Promise.resolve(scope.locationIds.length),
    ]);
    const done: Record<GettingStartedStep, boolean> = {
      connectGoogle: connected,
      importLocations: anyLocation,
      setDefaults: defaults,
      inviteUsers: users.length > 1,
      setUpAiReplies: aiSettings,
    };
    const data: GettingStarted = {
      Show: !connected || !anyLocation || users.length <= 1,
      Steps: (Object.keys(done) as GettingStartedStep[]).map((Step) => ({ Step, Done: done[Step] })),
      VisibleLocations: visible,
      CompanyAdmins: users.filter((u) => u.role === 'CompanyAdmin').map((u) => u.fullName || u.email),
    };
    return { body: { Success: true as const, Data: data } };
  });
  return [route];
}
