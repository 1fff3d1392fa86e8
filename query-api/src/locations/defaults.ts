import {
  fetchLocationDefaultsRoute,
  LOCATION_DEFAULTS_COLLECTION,
  locationDefaultsCategoriesRoute,
  locationErrors,
  toBusinessHoursEntries,
  type LocationDefaultsDoc,
  type LocationDefaultsOut,
} from '@locus/contracts';
import { callerCompanyId, fail, implement, ok, type QueryDeps, type RouteImplementation } from '@locus/platform';
import { companyCategoriesAnswer } from './routes';

export const toLocationDefaultsOut = (doc: LocationDefaultsDoc): LocationDefaultsOut => ({
  Title: doc.Title,
  PrimaryPhoneNumber: doc.PrimaryPhoneNumber,
  PrimaryCategoryId: doc.PrimaryCategory?.Name ?? null,
  SelectedAdditionalCategories: doc.AdditionalCategories.map((c) => c.Name),
  AdditionalCategories: doc.AdditionalCategories,
  StreetAddressLine1: doc.StreetAddressLine1,
  StreetAddressLine2: doc.StreetAddressLine2,
  Region: doc.Region,
  State: doc.State,
  Website: doc.Website,
  ProfileDescription: doc.ProfileDescription,
  BusinessHours: toBusinessHoursEntries(doc.hours),
  LocationDefaultImagesUrl: doc.images,
});

/** /api/locationDefault queries: the company's defaults and the categories their pickers offer. */
export function locationDefaultsQueryRoutes(deps: QueryDeps): RouteImplementation[] {
  const companyOf = (req: Parameters<typeof callerCompanyId>[0]) => callerCompanyId(req, () => fail(locationErrors.notFound));
  return [
    implement(fetchLocationDefaultsRoute, async (req) => {
      const doc = await deps.readModels.collection<LocationDefaultsDoc>(LOCATION_DEFAULTS_COLLECTION).findOne({ _id: companyOf(req) });
      return ok(doc ? toLocationDefaultsOut(doc) : null);
    }),
    implement(locationDefaultsCategoriesRoute, async (req) => ({ body: await companyCategoriesAnswer(deps, companyOf(req)) })),
  ];
}
