import {
  authErrors,
  hasLocationRight,
  LOCATION_GROUP_ACCESS_COLLECTION,
  LOCATION_USERS_COLLECTION,
  locationErrors,
  type LocationNeed,
  type LocationGroupAccessDoc,
  type LocationRight,
  type LocationUserDoc,
} from '@locus/contracts';
import { fail } from './errors';
import type { ReadModels } from '../runtime/deps';
import type { AuthContext } from './route-handler';
import type { LocusMiddleware } from './state';

/**
 * Who sees and does what on a company's locations, in one place for both APIs. A company admin
 * (and the administrator viewing the company) acts on every location of the company, the auditor
 * reads every one, a company user acts on the locations assigned to them: as primary owner or
 * co-owner ('owner'), or as staff member ('staff'). Another company's location, or one not
 * assigned, has no right: the routes answer 404 for it, as for a location that does not exist.
 */

/** One location a user acts on, and how. */
export interface LocationAssignment {
  locationId: string;
  access: 'owner' | 'staff';
}

type Caller = Pick<AuthContext, 'role' | 'userId' | 'companyId'>;
type AccessReadModels = Pick<ReadModels, 'collection'>;

/**
 * The locations assigned to a user, with how: the one place assignments are read, so another
 * source of them (the groups the user belongs to) joins here. A location assigned twice keeps the
 * higher right. `locationId` narrows the lookup to one location.
 */
export async function assignmentsOf(
  readModels: AccessReadModels,
  user: { companyId: string; userId: string },
  locationId?: string,
): Promise<LocationAssignment[]> {
  const links = readModels.collection<LocationUserDoc>(LOCATION_USERS_COLLECTION);
  const viaGroups = readModels.collection<LocationGroupAccessDoc>(LOCATION_GROUP_ACCESS_COLLECTION);
  const [direct, grouped] = await Promise.all([
    locationId
      ? links.find({ _id: `${locationId}:${user.userId}`, companyId: user.companyId })
      : links.find({ companyId: user.companyId, userId: user.userId }),
    viaGroups.find(locationId ? { companyId: user.companyId, userId: user.userId, locationId } : { companyId: user.companyId, userId: user.userId }),
  ]);
  const byLocation = new Map<string, LocationAssignment>();
  const keep = (assignment: LocationAssignment) => {
    const known = byLocation.get(assignment.locationId);
    if (!known || (known.access === 'staff' && assignment.access === 'owner')) byLocation.set(assignment.locationId, assignment);
  };
  // A co-owner carries neither flag; a staff member is never the primary owner.
  for (const d of direct) keep({ locationId: d.locationId, access: d.isStaffMember && !d.isPrimaryOwner ? 'staff' : 'owner' });
  for (const g of grouped) keep({ locationId: g.locationId, access: g.access });
  return [...byLocation.values()];
}

/** The rights a role has on every location of its company; null: only what is assigned. */
function companyWideRight(role: Caller['role']): LocationRight | null {
  switch (role) {
    case 'CompanyAdmin':
    case 'Administrator':
      return 'admin';
    case 'CompanyAuditor':
      return 'read';
    case 'CompanyUser':
      return null;
  }
}

/**
 * The ids of the locations a caller sees, or null when the caller sees the whole company
 * (company admins, the administrator viewing it, auditors).
 */
export async function locationsInScope(readModels: AccessReadModels, auth: Caller | null): Promise<string[] | null> {
  if (!auth || companyWideRight(auth.role) !== null) return null;
  if (!auth.companyId) return [];
  return (await assignmentsOf(readModels, { companyId: auth.companyId, userId: auth.userId })).map((a) => a.locationId);
}

/**
 * The caller's right on one location of its company, or null for none. The location's company
 * is the handler's to check (it reads the location anyway): for company-wide roles this answers
 * without reading; a company user's assignment exists only within the user's company.
 */
export async function locationRightOf(readModels: AccessReadModels, auth: Caller | null, locationId: string): Promise<LocationRight | null> {
  if (!auth) return null;
  const wide = companyWideRight(auth.role);
  if (wide !== null) return wide;
  if (!auth.companyId) return null;
  const [assignment] = await assignmentsOf(readModels, { companyId: auth.companyId, userId: auth.userId }, locationId);
  return assignment?.access ?? null;
}

/**
 * Throws unless the caller has `needs` on the location: no right at all is 404 (`notFound`,
 * by default the location's), a lesser right 403.
 */
export async function requireLocationRight(
  readModels: AccessReadModels,
  auth: Caller | null,
  locationId: string,
  needs: LocationNeed,
  notFound: () => Error = () => fail(locationErrors.notFound),
): Promise<LocationRight> {
  const right = await locationRightOf(readModels, auth, locationId);
  if (right === null) throw notFound();
  if (!hasLocationRight(right, needs)) throw fail(authErrors.forbidden);
  return right;
}

/** The kit's check for a route that names its location in a path param (`RouteDef.location`). */
export function locationGuard(readModels: AccessReadModels, param: string, needs: LocationNeed): LocusMiddleware {
  return async function locationGuardMiddleware(ctx, next) {
    const parsed = ctx.state.input?.params as Record<string, unknown> | undefined;
    const raw = (ctx as unknown as { params?: Record<string, string> }).params ?? {};
    const locationId = parsed?.[param] ?? raw[param];
    if (typeof locationId === 'string') await requireLocationRight(readModels, ctx.state.auth ?? null, locationId, needs);
    await next();
  };
}
