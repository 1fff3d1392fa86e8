import { randomInt } from 'node:crypto';
import type Koa from 'koa';
import { isFoodCategory } from '../data/catalog';
import { failedPrecondition, invalidArgument, notFoundError } from '../errors';
import { newNumericId, placeIdFor } from '../seed/generate';
import { createRng } from '../../kit/rng';
import type { GLocation, Json, JsonObject } from '../state';
import { applyMask, getPath, pageOf, pageSize, parseFieldMask, queryBool, queryString, readPageToken, requireBodyObject, setPath } from './common';
import { PATHS, type GoogleApi, type RegisterRoutes } from './context';
import { diffMaskOf, hasGoogleUpdates, settleGoogleUpdates, shownResource } from './google-updates';
import { assertKnownFields, LOCATION_FIELDS, normaliseLocationInput, UPDATABLE_FIELDS, validateLocation } from './location-validation';

export function locationJson(api: GoogleApi, loc: GLocation): JsonObject {
  const r = structuredClone(loc.resource);
  const primary = getPath(r, 'categories.primaryCategory.name');
  return {
    name: `locations/${loc.id}`,
    ...r,
    metadata: {
      hasGoogleUpdated: hasGoogleUpdates(loc),
      hasPendingEdits: false,
      canDelete: true,
      canOperateLocalPost: true,
      canModifyServiceList: true,
      canHaveFoodMenus: typeof primary === 'string' && isFoodCategory(primary),
      canOperateHealthData: false,
      canOperateLodgingData: false,
      placeId: loc.placeId,
      mapsUri: api.abs(`/google/maps/place/${loc.placeId}`),
      newReviewUri: api.abs(`/google/maps/place/${loc.placeId}/review`),
      canHaveBusinessCalls: true,
      hasVoiceOfMerchant: !loc.voiceOfMerchant,
    },
  };
}

const readMaskOf = (ctx: Koa.Context) => {
  const mask = parseFieldMask(queryString(ctx, 'readMask', 'read_mask'), 'read_mask', LOCATION_FIELDS);
  if (!mask || mask.length === 0) {
    throw invalidArgument('Request contains an invalid argument.', [{ field: 'read_mask', description: 'Field is required' }]);
  }
  return mask;
};

/** A filter in Google's list syntax: `field=value` / `field:"text"` clauses joined by AND. */
function compileFilter(filter: string | undefined): (loc: JsonObject) => boolean {
  if (!filter || !filter.trim()) return () => true;
  const clauses = filter.split(/\s+AND\s+/i).map((c) => {
    const m = /^\s*([a-zA-Z][\w.]*)\s*(=|:|!=)\s*(?:"((?:[^"\\]|\\.)*)"|(\S+))\s*$/.exec(c);
    if (!m) throw invalidArgument(`Invalid filter: ${filter}`, [{ field: 'filter', description: `cannot parse "${c.trim()}"` }]);
    const [, field, op, quoted, bare] = m;
    if (!(LOCATION_FIELDS as readonly string[]).includes(field!.split('.')[0]!)) {
      throw invalidArgument(`Invalid filter: unknown field "${field}"`, [{ field: 'filter', description: `unknown field "${field}"` }]);
    }
    const want = (quoted ?? bare ?? '').replace(/\\"/g, '"').toLowerCase();
    return (loc: JsonObject) => {
      const v = getPath(loc, field!);
      const values = (Array.isArray(v) ? v : [v])
        .filter((x) => x !== undefined && x !== null)
        .map((x) => String(typeof x === 'object' ? JSON.stringify(x) : x).toLowerCase());
      if (op === ':') return values.some((x) => x.includes(want));
      const eq = values.some((x) => x === want);
      return op === '=' ? eq : !eq;
    };
  });
  return (loc) => clauses.every((c) => c(loc));
}

function compileOrder(orderBy: string | undefined): (a: JsonObject, b: JsonObject) => number {
  if (!orderBy || !orderBy.trim()) return () => 0;
  const keys = orderBy.split(',').map((part) => {
    const [field, dir, ...rest] = part.trim().split(/\s+/);
    const f = field === 'store_code' ? 'storeCode' : field;
    if ((f !== 'title' && f !== 'storeCode') || rest.length || (dir && !/^(asc|desc)$/i.test(dir))) {
      throw invalidArgument(`Invalid order_by: "${part.trim()}". Valid fields are title and storeCode.`, [
        { field: 'orderBy', description: 'valid fields are title and storeCode' },
      ]);
    }
    return { f: f!, desc: /^desc$/i.test(dir ?? '') };
  });
  return (a, b) => {
    for (const k of keys) {
      const c = String(a[k.f] ?? '').localeCompare(String(b[k.f] ?? ''), 'en', { numeric: true });
      if (c) return k.desc ? -c : c;
    }
    return 0;
  };
}

function rejectIfInvalid(violations: ReturnType<typeof validateLocation>) {
  if (violations.length) throw invalidArgument('Request contains an invalid argument.', violations);
}

/** Business Information API v1: locations list/get/create/patch/delete, getGoogleUpdated. */
export const registerLocationRoutes: RegisterRoutes = (routes, api) => {
  const { store } = api;

  routes.add('GET', `${PATHS.businessInformation}/accounts/{accountId}/locations`, (ctx, p) => {
    const { sub } = api.caller(ctx);
    const account = store.accountFor(sub, p.accountId!);
    const mask = readMaskOf(ctx);
    const filter = queryString(ctx, 'filter');
    const orderBy = queryString(ctx, 'orderBy', 'order_by');
    const matches = compileFilter(filter);
    const order = compileOrder(orderBy);
    // Filter and sort on a shallow view; the full JSON is built only for the page returned.
    const all = account.locationIds.map((id) => store.state.locations[id]!).filter(Boolean);
    const view = (l: GLocation): JsonObject => ({ name: `locations/${l.id}`, ...l.resource, metadata: { placeId: l.placeId } });
    const selected = filter ? all.filter((l) => matches(view(l))) : all;
    if (orderBy) selected.sort((a, b) => order(a.resource, b.resource));
    const size = pageSize(ctx, 10, 100);
    const fingerprint = `locations|${account.id}|${filter ?? ''}|${orderBy ?? ''}`;
    const { page, nextPageToken } = pageOf(selected, readPageToken(ctx, fingerprint), size, fingerprint);
    ctx.body = {
      locations: page.map((l) => applyMask(locationJson(api, l), mask)),
      ...(nextPageToken ? { nextPageToken } : {}),
      ...(filter ? { totalSize: selected.length } : {}),
    };
  });

  routes.add('GET', `${PATHS.businessInformation}/locations/{locationId}`, (ctx, p) => {
    const { sub } = api.caller(ctx);
    const loc = store.locationFor(sub, p.locationId!);
    ctx.body = applyMask(locationJson(api, loc), readMaskOf(ctx));
  });

  routes.add('GET', `${PATHS.businessInformation}/locations/{locationId}:getGoogleUpdated`, (ctx, p) => {
    const { sub } = api.caller(ctx);
    const loc = store.locationFor(sub, p.locationId!);
    const shown = locationJson(api, { ...loc, resource: shownResource(loc) });
    ctx.body = { location: applyMask(shown, readMaskOf(ctx)), diffMask: diffMaskOf(loc), pendingMask: '' };
  });

  routes.add('POST', `${PATHS.businessInformation}/accounts/{accountId}/locations`, (ctx, p) => {
    const { sub } = api.caller(ctx);
    const account = store.accountFor(sub, p.accountId!);
    const requestId = queryString(ctx, 'requestId', 'request_id');
    const validateOnly = queryBool(ctx, 'validateOnly') || queryBool(ctx, 'validate_only');
    const body = requireBodyObject(ctx.request.body);
    assertKnownFields(body);
    if (requestId) {
      const existing = store.state.createRequests[`${account.id}|${requestId}`];
      if (existing && store.state.locations[existing]) {
        ctx.body = locationJson(api, store.state.locations[existing]!);
        return;
      }
    }
    const resource = normaliseLocationInput(body);
    if (!resource.languageCode) resource.languageCode = 'en';
    rejectIfInvalid(validateLocation(resource, store.now()));
    const rng = createRng(`${requestId ?? ''}|${randomInt(2 ** 31)}|${store.now()}`);
    const id = newNumericId(rng, (x) => x in store.state.locations);
    const nowIso = new Date(store.now()).toISOString();
    const loc: GLocation = { id, accountId: account.id, resource, attributes: [], placeId: placeIdFor(rng), createTime: nowIso, updateTime: nowIso };
    if (validateOnly) {
      ctx.body = locationJson(api, loc);
      return;
    }
    store.countEdit(id);
    store.state.locations[id] = loc;
    account.locationIds.push(id);
    if (requestId) store.state.createRequests[`${account.id}|${requestId}`] = id;
    store.state.reviews[id] = [];
    store.state.posts[id] = [];
    store.state.media[id] = [];
    store.changed();
    ctx.body = locationJson(api, loc);
  });

  routes.add('PATCH', `${PATHS.businessInformation}/locations/{locationId}`, (ctx, p) => {
    const { sub } = api.caller(ctx);
    const loc = store.locationFor(sub, p.locationId!);
    const validateOnly = queryBool(ctx, 'validateOnly') || queryBool(ctx, 'validate_only');
    const maskText = queryString(ctx, 'updateMask', 'update_mask');
    if (!maskText) throw invalidArgument('Request contains an invalid argument.', [{ field: 'update_mask', description: 'Field is required' }]);
    const mask = parseFieldMask(maskText, 'update_mask', LOCATION_FIELDS)!;
    const readOnly = mask.filter((m) => !(UPDATABLE_FIELDS as readonly string[]).includes(m.split('.')[0]!));
    if (readOnly.length) {
      throw invalidArgument(
        `Field(s) ${readOnly.join(', ')} cannot be updated.`,
        readOnly.map((f) => ({ field: f, description: 'is output only', reason: 'FIELD_IS_OUTPUT_ONLY' })),
      );
    }
    const body = requireBodyObject(ctx.request.body);
    assertKnownFields(body);
    const incoming = normaliseLocationInput(body);
    const next = structuredClone(loc.resource);
    for (const path of mask) setPath(next, path, structuredClone(getPath(incoming, path)) as Json | undefined);
    rejectIfInvalid(validateLocation(next, store.now()));
    const preview = { ...loc, resource: next };
    if (validateOnly) {
      ctx.body = locationJson(api, preview);
      return;
    }
    store.countEdit(loc.id);
    loc.resource = next;
    settleGoogleUpdates(loc, mask);
    loc.updateTime = new Date(store.now()).toISOString();
    store.changed();
    ctx.body = locationJson(api, loc);
  });

  routes.add('DELETE', `${PATHS.businessInformation}/locations/{locationId}`, (ctx, p) => {
    const { sub } = api.caller(ctx);
    const loc = store.locationFor(sub, p.locationId!);
    const role = store.roleIn(store.state.accounts[loc.accountId]!, sub);
    if (role === 'SITE_MANAGER') throw failedPrecondition('Site managers cannot delete locations.', 'PERMISSION_DENIED_FOR_ROLE');
    store.countEdit(loc.id);
    const account = store.state.accounts[loc.accountId];
    if (account) account.locationIds = account.locationIds.filter((x) => x !== loc.id);
    delete store.state.locations[loc.id];
    delete store.state.reviews[loc.id];
    delete store.state.posts[loc.id];
    delete store.state.media[loc.id];
    store.changed();
    ctx.body = {};
  });

  // Same as GET without a readMask is a 400 (checked in readMaskOf); an unknown id is 404.
  routes.add('GET', `${PATHS.businessInformation}/locations`, () => {
    throw notFoundError('Method not found.');
  });
};
