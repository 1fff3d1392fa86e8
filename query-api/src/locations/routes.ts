import {
  locationErrors,
  GMB_ACCOUNTS_COLLECTION,
  GMB_CATEGORIES_COLLECTION,
  LOCATIONS_COLLECTION,
  LOCATION_USERS_COLLECTION,
  STANDARD_WEEK,
  USERS_COLLECTION,
  associationBadge,
  categoriesRoute,
  citiesRoute,
  defaultHoursRoute,
  getAttributesRoute,
  getLocationRoute,
  locationCategoriesRoute,
  locationDefaultHoursRoute,
  locationItemsRoute,
  oneLineAddress,
  listingHealthRoute,
  listLocationsRoute,
  fetchLocationsRoute,
  locationMessages as m,
  locationUsersRoute,
  exportLocationsRoute,
  locationsSummaryRoute,
  primaryOwnerRoute,
  statesRoute,
  toBusinessHoursEntries,
  userLocationsRoute,
  type GmbCategoryDoc,
  LOCATION_DEFAULTS_COLLECTION,
  type LocationDefaultsDoc,
  type LocationDoc,
  type LocationUserDoc,
  type UserDoc,
  userErrors,
} from '@locus/contracts';
import {
  fail,
  callerCompanyId,
  implement,
  locationRightOf,
  locationsInScope,
  notFound,
  ok,
  type Filter,
  type QueryDeps,
  type AnyRequest,
  type RouteImplementation,
} from '@locus/platform';
import { citiesOf, usStates } from '@locus/platform/geo/us-places';
import { createInsightsReader, createReviewsSource } from '../insights/public';
import { escapeRegex } from '../kit/paging';
import { directoryCsv, directoryFilter, directorySort } from './directory';
import { groupLocationIds } from '../location-groups/public';
import { attributeCatalog, toLocationDetails, toLocationRow, toUserLocationLink } from './rows';
import { listingHealth } from './listing-health';

const locationNotFound = () => fail(locationErrors.notFound);

const allGoogleCategories = async (deps: QueryDeps) =>
  (await deps.readModels.collection<GmbCategoryDoc>(GMB_CATEGORIES_COLLECTION).find({}, { sort: { displayNameLower: 1 } })).map((c) => ({
    Name: c.name,
    DisplayName: c.displayName,
  }));

/** Google's categories for a company; IsUnauthorized (and none) until it has a connected account. */
export async function companyCategoriesAnswer(deps: QueryDeps, companyId: string) {
  const connected = (await deps.readModels.collection(GMB_ACCOUNTS_COLLECTION).countDocuments({ companyId })) > 0;
  return connected
    ? { Success: true as const, IsUnauthorized: false, Data: await allGoogleCategories(deps) }
    : { Success: true as const, IsUnauthorized: true, Data: [] };
}

export function locationsQueryRoutes(deps: QueryDeps): RouteImplementation[] {
  const locations = () => deps.readModels.collection<LocationDoc>(LOCATIONS_COLLECTION);
  const links = () => deps.readModels.collection<LocationUserDoc>(LOCATION_USERS_COLLECTION);

  const companyOf = (req: AnyRequest): string => callerCompanyId(req, locationNotFound);
  const insights = createInsightsReader(deps, createReviewsSource(deps.readModels));

  /** A location of the caller's company (404 for another company's id). */
  const locationOf = async (req: AnyRequest, id: string): Promise<LocationDoc> => {
    const doc = await locations().findOne({ _id: id, companyId: companyOf(req) });
    if (!doc) throw locationNotFound();
    return doc;
  };

  /** Non-administrators see their own company only; the Administrator any (Update Company dialog). */
  const directoryCompany = (req: Pick<AnyRequest, 'auth'> & { params: { companyId: string } }): string => {
    const auth = req.auth!;
    const companyId = req.params.companyId;
    if (auth.role !== 'Administrator' && auth.companyId !== companyId) throw fail(locationErrors.companyNotFound);
    return companyId;
  };

  /** Narrows a filter to some location ids (intersected with any narrowing already there). */
  const onlyIds = (filter: Filter, ids: readonly string[]): Filter => {
    const prior = (filter._id as { $in?: string[] } | undefined)?.$in;
    const kept = prior ? ids.filter((id) => prior.includes(id)) : [...ids];
    return { ...filter, _id: { $in: kept } };
  };

  /** The directory's filter narrowed to the locations the caller sees (a company user's assigned ones). */
  const inScope = async (req: AnyRequest, filter: Filter): Promise<Filter> => {
    const scope = await locationsInScope(deps.readModels, req.auth);
    return scope ? onlyIds(filter, scope) : filter;
  };

  /** The `GroupId` filter: only the locations of that group of the company (another company's group: 404). */
  const withGroup = async (companyId: string, groupId: string | undefined, filter: Filter): Promise<Filter> =>
    groupId ? onlyIds(filter, await groupLocationIds(deps.readModels, companyId, groupId)) : filter;

  const summary = implement(locationsSummaryRoute, async (req) => {
    const auth = req.auth!;
    const companyId = directoryCompany(req);
    const f = req.body;
    const base = await inScope(req, { companyId });
    const filter = await inScope(req, await withGroup(companyId, f.GroupId, directoryFilter(companyId, f)));
    const sort = directorySort(f);
    const narrowed = Object.keys(filter).length > Object.keys(base).length;
    const [docs, total, filtered] = await Promise.all([
      locations().find(filter, { sort, skip: f.first, limit: f.rows }),
      locations().countDocuments(base),
      narrowed ? locations().countDocuments(filter) : Promise.resolve(-1),
    ]);
    const mine = docs.length ? await links().find({ companyId, userId: auth.userId, locationId: { $in: docs.map((d) => d._id) } }) : [];
    const linkOf = new Map(mine.map((l) => [l.locationId, l._id]));
    return {
      body: {
        Success: true,
        data: docs.map((d) => toLocationRow(d, linkOf.get(d._id) ?? null)),
        totalResultsCount: total,
        filteredResultsCount: filtered < 0 ? total : filtered,
      },
    };
  });

  /** The filtered directory as CSV, streamed. */
  const exportCsv = implement(exportLocationsRoute, async (req) => {
    const companyId = directoryCompany(req);
    const day = deps.clock.now().toISOString().slice(0, 10);
    const filter = await inScope(req, await withGroup(companyId, req.query.GroupId, directoryFilter(companyId, req.query)));
    return {
      body: directoryCsv(locations(), filter, directorySort(req.query)),
      headers: {
        'Content-Type': 'text/csv; charset=utf-8',
        'Content-Disposition': `attachment; filename="locations-${day}.csv"`,
        'Cache-Control': 'no-store',
        'X-Content-Type-Options': 'nosniff',
      },
    };
  });

  const details = implement(getLocationRoute, async (req) => {
    const doc = await locationOf(req, req.params.id);
    const [locationInsights, access] = await Promise.all([
      insights.locationInsights(doc.companyId, doc._id),
      locationRightOf(deps.readModels, req.auth, doc._id),
    ]);
    // The kit's guard let the caller in, so a right exists.
    return ok({ Location: toLocationDetails(doc), LocationInsights: locationInsights, Access: access ?? 'read' });
  });

  const items = implement(locationItemsRoute, async (req) => {
    const companyId = companyOf(req);
    const docs = await locations().find(await inScope(req, await withGroup(companyId, req.query.groupId, { companyId })), { sort: { titleSort: 1, _id: 1 } });
    return ok(docs.map((d) => ({ Title: d.profile.Title, LocationId: d._id, StoreCode: d.profile.StoreCode, Address: oneLineAddress(d.profile) })));
  });

  const health = implement(listingHealthRoute, async (req) => ok(await listingHealth(locations(), await inScope(req, { companyId: companyOf(req) }))));

  const list = implement(listLocationsRoute, async (req) => {
    const companyId = companyOf(req);
    const docs = await locations().find(await inScope(req, { companyId }), { sort: { titleSort: 1, _id: 1 } });
    const mine = docs.length ? await links().find({ companyId, userId: req.auth!.userId, locationId: { $in: docs.map((d) => d._id) } }) : [];
    const linkOf = new Map(mine.map((l) => [l.locationId, l._id]));
    return ok(docs.map((d) => toLocationRow(d, linkOf.get(d._id) ?? null)));
  });

  // All or nothing: an id the caller cannot see answers 404 (as a single location would), so
  // the answer never hides that part of a selection was dropped.
  const fetchMany = implement(fetchLocationsRoute, async (req) => {
    const ids = [...new Set(req.body.LocationIds)];
    const docs = await locations().find(await inScope(req, { companyId: companyOf(req), _id: { $in: ids } }));
    if (docs.length !== ids.length) throw locationNotFound();
    const order = new Map(ids.map((id, i) => [id, i]));
    return ok([...docs].sort((a, b) => (order.get(a._id) ?? 0) - (order.get(b._id) ?? 0)).map(toLocationDetails));
  });

  // The company's saved default hours (Default Location page), else Monday-Friday 9-5.
  const defaultHours = implement(defaultHoursRoute, async (req) => {
    const saved = await deps.readModels.collection<LocationDefaultsDoc>(LOCATION_DEFAULTS_COLLECTION).findOne({ _id: companyOf(req) });
    return ok({ LocationBusinessHours: toBusinessHoursEntries(saved ? saved.hours : STANDARD_WEEK) });
  });

  const locationWithHours = implement(locationDefaultHoursRoute, async (req) => ok(toLocationDetails(await locationOf(req, req.params.id))));

  const allCategories = () => allGoogleCategories(deps);

  const companyCategories = implement(categoriesRoute, async (req) => ({ body: await companyCategoriesAnswer(deps, companyOf(req)) }));

  const locationCategories = implement(locationCategoriesRoute, async (req) => {
    const doc = await locationOf(req, req.params.id);
    const own = [doc.profile.PrimaryCategory, ...doc.profile.AdditionalCategories].filter((c): c is NonNullable<typeof c> => c !== null);
    const ownNames = new Set(own.map((c) => c.Name));
    const rest = (await allCategories()).filter((c) => !ownNames.has(c.Name));
    return { body: { Success: true, IsUnauthorized: false, Data: [...own, ...rest] } };
  });

  const attributes = implement(getAttributesRoute, async (req) => {
    const doc = await locationOf(req, req.params.id);
    return ok({ Attributes: doc.attributes, PlacePageUrls: doc.urls, ...attributeCatalog });
  });

  const states = implement(statesRoute, async () => ok(usStates()));
  const cities = implement(citiesRoute, async (req) => {
    const list = citiesOf(req.params.state);
    if (!list) throw notFound('COUNTRIES.STATE_NOT_FOUND', m.stateNotFound);
    return ok(list);
  });

  const primaryOwner = implement(primaryOwnerRoute, async (req) => {
    const doc = await locationOf(req, req.params.locationId);
    if (!doc.primaryOwnerId) return { body: { Success: true, ResponseMessage: m.noPrimaryOwner, Data: null } };
    const name = doc.primaryOwnerName ?? '';
    return { body: { Success: true, ResponseMessage: m.primaryOwnerIs.replace('{name}', name), Data: { Id: doc.primaryOwnerId, Name: name } } };
  });

  const userLocations = implement(userLocationsRoute, async (req) => {
    const companyId = companyOf(req);
    const user = await deps.readModels.collection<UserDoc>(USERS_COLLECTION).findOne({ _id: req.params.userId, companyId });
    if (!user) throw fail(userErrors.notFound);
    const filter: Filter = { companyId, userId: user._id };
    const term = req.query.search?.trim().toLowerCase();
    if (term) filter.searchText = { $regex: escapeRegex(term) };
    const { page, pageSize } = req.query;
    const [rows, total] = await Promise.all([
      links().find(filter, { sort: { createdAt: -1, _id: 1 }, skip: (page - 1) * pageSize, limit: pageSize }),
      links().countDocuments(filter),
    ]);
    return { body: { Success: true, Data: rows.map(toUserLocationLink), TotalRecords: total, Page: page, PageSize: pageSize } };
  });

  const locationUsers = implement(locationUsersRoute, async (req) => {
    const doc = await locationOf(req, req.params.id);
    const rows = await links().find({ companyId: doc.companyId, locationId: doc._id }, { sort: { createdAt: 1, _id: 1 } });
    return ok({
      PrimaryOwnerId: rows.find((r) => r.isPrimaryOwner)?.userId ?? null,
      LocationCoownerIds: rows.filter((r) => !r.isPrimaryOwner && !r.isStaffMember).map((r) => r.userId),
      StaffUserIds: rows.filter((r) => r.isStaffMember).map((r) => r.userId),
      Users: rows.map((r) => ({
        UserId: r.userId,
        Name: r.userName,
        Email: r.userEmail,
        IsPrimaryOwner: r.isPrimaryOwner,
        IsStaffMember: r.isStaffMember,
        Badge: associationBadge({ IsPrimaryOwner: r.isPrimaryOwner, IsStaffMember: r.isStaffMember }),
        CreatedDate: r.createdAt,
      })),
    });
  });

  return [
    summary,
    exportCsv,
    details,
    items,
    health,
    list,
    fetchMany,
    defaultHours,
    locationWithHours,
    companyCategories,
    locationCategories,
    attributes,
    states,
    cities,
    primaryOwner,
    userLocations,
    locationUsers,
  ];
}
