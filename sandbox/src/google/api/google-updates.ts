import type { RouteTable } from '../../kit/routes';
import { invalidArgument, notFoundError } from '../errors';
import type { GLocation, JsonObject } from '../state';
import type { GoogleApi } from './context';
import type { NotificationsApi } from './notifications';
import { requireBodyObject } from './common';
import { assertKnownFields, normaliseLocationInput, UPDATABLE_FIELDS, validateLocation } from './location-validation';

/**
 * Google's own changes to a profile ("Google updates"): values Google shows on Maps and Search
 * for some top-level fields instead of the merchant's. `locations.get` keeps answering the
 * merchant's values with `metadata.hasGoogleUpdated`; `getGoogleUpdated` answers the shown
 * location with a `diffMask`; a PATCH of a field (accepting or rejecting) ends Google's change of it.
 * Changes set through the admin hook publish GOOGLE_UPDATE to the account's topic, as Google does.
 */
export const hasGoogleUpdates = (loc: GLocation): boolean => !!loc.googleUpdated && Object.keys(loc.googleUpdated).length > 0;

/** The location as shown on Google: the merchant's resource with Google's fields over it. */
export const shownResource = (loc: GLocation): JsonObject => ({ ...structuredClone(loc.resource), ...structuredClone(loc.googleUpdated ?? {}) });

export const diffMaskOf = (loc: GLocation): string => Object.keys(loc.googleUpdated ?? {}).join(',');

/** A PATCH with this mask settles Google's change of each top-level field it names. */
export function settleGoogleUpdates(loc: GLocation, mask: readonly string[]): void {
  if (!loc.googleUpdated) return;
  for (const path of mask) delete loc.googleUpdated[path.split('.')[0]!];
  if (!Object.keys(loc.googleUpdated).length) delete loc.googleUpdated;
}

/** Test and demo hooks: apply a change "as Google", read the merchant's and Google's view (no token). */
export function registerGoogleUpdateAdminRoutes(routes: RouteTable, api: GoogleApi, notifications?: Pick<NotificationsApi, 'googleUpdated'>) {
  const { store } = api;
  const prefix = '/google/__sandbox/locations/{locationId}';
  const locationOf = (id: string) => {
    const loc = store.state.locations[id];
    if (!loc) throw notFoundError(`Location ${id} not found.`);
    return loc;
  };
  const view = (loc: GLocation) => ({
    name: `locations/${loc.id}`,
    location: { name: `locations/${loc.id}`, ...loc.resource },
    googleUpdated: hasGoogleUpdates(loc) ? { location: { name: `locations/${loc.id}`, ...shownResource(loc) }, diffMask: diffMaskOf(loc) } : null,
  });

  routes.add('GET', prefix, (ctx, p) => {
    ctx.body = view(locationOf(p.locationId!));
  });

  // Body: Location fields with Google's values (e.g. phoneNumbers, regularHours); a field equal to the merchant's is no change.
  routes.add('POST', `${prefix}/google-updates`, (ctx, p) => {
    const loc = locationOf(p.locationId!);
    const body = requireBodyObject(ctx.request.body);
    assertKnownFields(body);
    const incoming = normaliseLocationInput(body);
    const fields = Object.keys(incoming).filter((f) => (UPDATABLE_FIELDS as readonly string[]).includes(f));
    if (!fields.length) throw invalidArgument('Name at least one Location field Google changes.', [{ field: 'location', description: 'no field given' }]);
    const violations = validateLocation({ ...loc.resource, ...incoming }, store.now());
    if (violations.length) throw invalidArgument('Request contains an invalid argument.', violations);
    const updated: JsonObject = { ...(loc.googleUpdated ?? {}) };
    for (const f of fields) {
      if (JSON.stringify(incoming[f]) === JSON.stringify(loc.resource[f])) delete updated[f];
      else updated[f] = structuredClone(incoming[f]!);
    }
    if (Object.keys(updated).length) loc.googleUpdated = updated;
    else delete loc.googleUpdated;
    store.changed();
    if (loc.googleUpdated) notifications?.googleUpdated(loc);
    ctx.body = view(loc);
  });

  routes.add('DELETE', `${prefix}/google-updates`, (ctx, p) => {
    const loc = locationOf(p.locationId!);
    delete loc.googleUpdated;
    store.changed();
    ctx.body = view(loc);
  });
}
