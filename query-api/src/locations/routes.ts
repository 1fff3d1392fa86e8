import {
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
  locationMessages as m,
  locationUsersRoute,
  locationsSummaryRoute,
  primaryOwnerRoute,
  statesRoute,
  toBusinessHoursEntries,
  userLocationsRoute,
  type FilteringData,
  type GmbCategoryDoc,
  type LocationDoc,
  type LocationUserDoc,
  type UserDoc,
} from '@locus/contracts';
import { implement, notFound, ok, type Filter, type QueryDeps, type RequestContext, type RouteImplementation, type SortSpec } from '@locus/platform';
import { citiesOf, usStates } from './geo';
import { attributeCatalog, toLocationDetails, toLocationRow, toUserLocationLink } from './rows';

const SORT_KEYS: Record<FilteringData['sortField'], string> = {
  StoreCode: 'storeCodeSort',
  Title: 'titleSort',
  TotalRatingsCount: 'totalRatingsCount',
  OpenStatus: 'openStatus',
  LastSyncDate: 'lastSyncDate',
};

const escapeRegex = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const isUuid = (v: string) => /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(v);

const locationNotFound = () => notFound('LOCATION.NOT_FOUND', m.notFound);

export function locationsQueryRoutes(deps: QueryDeps): RouteImplementation[] {
  const locations = () => deps.readModels.collection<LocationDoc>(LOCATIONS_COLLECTION);
  const links = () => deps.readModels.collection<LocationUserDoc>(LOCATION_USERS_COLLECTION);
  const categories = () => deps.readModels.collection<GmbCategoryDoc>(GMB_CATEGORIES_COLLECTION);

  const companyOf = (req: RequestContext<any, any, any>): string => {
    const companyId = req.auth?.companyId;
    if (!companyId) throw locationNotFound();
    return companyId;
  };

  /** A location of the caller's company (404 for another company's id). */
  const locationOf = async (req: RequestContext<any, any, any>, id: string): Promise<LocationDoc> => {
    const doc = await locations().findOne({ _id: id, companyId: companyOf(req) });
    if (!doc) throw locationNotFound();
    return doc;
  };

  const summary = implement<{ companyId: string }, unknown, FilteringData>(locationsSummaryRoute, async (req) => {
    const auth = req.auth!;
    const companyId = req.params.companyId;
    // Non-administrators see their own company only; the Administrator any (Update Company dialog).
    if (auth.role !== 'Administrator' && auth.companyId !== companyId) throw notFound('LOCATION.COMPANY_NOT_FOUND', 'Company not found');
    const f = req.body;
    const base: Filter = { companyId };
    const filter: Filter = { ...base };
    if (f.AccountId) {
      if (isUuid(f.AccountId)) filter.connectionId = f.AccountId;
      else filter.accountName = f.AccountId.startsWith('accounts/') ? f.AccountId : `accounts/${f.AccountId}`;
    }
    const term = f.globalFilter.toLowerCase();
    if (term) filter.searchText = { $regex: escapeRegex(term) };
    const key = SORT_KEYS[f.sortField];
    const sort: SortSpec = { [key]: f.sortOrder, ...(key !== 'storeCodeSort' ? { storeCodeSort: 1 } : {}), _id: 1 };
    const narrowed = Object.keys(filter).length > 1;
    const [docs, total, filtered] = await Promise.all([
      locations().find(filter, { sort, skip: f.first, limit: f.rows }),
      locations().countDocuments(base),
      narrowed ? locations().countDocuments(filter) : Promise.resolve(-1),
    ]);
    const mine = docs.length
      ? await links().find({ companyId, userId: auth.userId, locationId: { $in: docs.map((d) => d._id) } })
      : [];
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

  const details = implement<{ id: string }>(getLocationRoute, async (req) => {
    const doc = await locationOf(req, req.params.id);
    return ok({ Location: toLocationDetails(doc), LocationInsights: null });
  });

  const items = implement(locationItemsRoute, async (req) => {
    const docs = await locations().find({ companyId: companyOf(req) }, { sort: { titleSort: 1, _id: 1 } });
    return ok(docs.map((d) => ({ Title: d.profile.Title, LocationId: d._id, StoreCode: d.profile.StoreCode })));
  });

  const defaultHours = implement(defaultHoursRoute, async () => ok({ LocationBusinessHours: toBusinessHoursEntries(STANDARD_WEEK) }));

  const locationWithHours = implement<{ id: string }>(locationDefaultHoursRoute, async (req) => ok(toLocationDetails(await locationOf(req, req.params.id))));

  const allCategories = async () => (await categories().find({}, { sort: { displayNameLower: 1 } })).map((c) => ({ Name: c.name, DisplayName: c.displayName }));
  const hasConnectedAccount = async (companyId: string) =>
    (await deps.readModels.collection(GMB_ACCOUNTS_COLLECTION).countDocuments({ companyId })) > 0;

  const companyCategories = implement(categoriesRoute, async (req) => {
    const companyId = companyOf(req);
    if (!(await hasConnectedAccount(companyId))) return { body: { Success: true, IsUnauthorized: true, Data: [] } };
    return { body: { Success: true, IsUnauthorized: false, Data: await allCategories() } };
  });

  const locationCategories = implement<{ id: string }>(locationCategoriesRoute, async (req) => {
    const doc = await locationOf(req, req.params.id);
    const own = [doc.profile.PrimaryCategory, ...doc.profile.AdditionalCategories].filter((c): c is NonNullable<typeof c> => c !== null);
    const ownNames = new Set(own.map((c) => c.Name));
    const rest = (await allCategories()).filter((c) => !ownNames.has(c.Name));
    return { body: { Success: true, IsUnauthorized: false, Data: [...own, ...rest] } };
  });

  const attributes = implement<{ id: string }>(getAttributesRoute, async (req) => {
    const doc = await locationOf(req, req.params.id);
    return ok({ Attributes: doc.attributes, PlacePageUrls: doc.urls, ...attributeCatalog });
  });

  const states = implement(statesRoute, async () => ok(usStates()));
  const cities = implement<{ state: string }>(citiesRoute, async (req) => {
    const list = citiesOf(req.params.state);
    if (!list) throw notFound('COUNTRIES.STATE_NOT_FOUND', m.stateNotFound);
    return ok(list);
  });

  const primaryOwner = implement<{ locationId: string }>(primaryOwnerRoute, async (req) => {
    const doc = await locationOf(req, req.params.locationId);
    if (!doc.primaryOwnerId) return { body: { Success: true, ResponseMessage: m.noPrimaryOwner, Data: null } };
    const name = doc.primaryOwnerName ?? '';
    return { body: { Success: true, ResponseMessage: m.primaryOwnerIs.replace('{name}', name), Data: { Id: doc.primaryOwnerId, Name: name } } };
  });

  const userLocations = implement<{ userId: string }, { search?: string; page: number; pageSize: number }>(userLocationsRoute, async (req) => {
    const companyId = companyOf(req);
    const user = await deps.readModels.collection<UserDoc>(USERS_COLLECTION).findOne({ _id: req.params.userId, companyId });
    if (!user) throw notFound('USER.NOT_FOUND', m.userNotFound);
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

  const locationUsers = implement<{ id: string }>(locationUsersRoute, async (req) => {
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

  return [summary, details, items, defaultHours, locationWithHours, companyCategories, locationCategories, attributes, states, cities, primaryOwner, userLocations, locationUsers];
}
