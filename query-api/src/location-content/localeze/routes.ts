import { LOCATIONS_COLLECTION, listDirectoriesRoute, localezeCategoriesRoute, localezeErrors, locationErrors, type LocationDoc } from '@locus/contracts';
import { callerCompanyId, fail, implement, type QueryDeps, type RouteImplementation } from '@locus/platform';
import { createLocalezeClient, LocalezeError, type LocalezeClient } from './localeze-client';

/** Localeze's answer as Locus's: an unknown listing 404, Localeze down (or unconfigured) 503. */
function localezeFailure(err: unknown): Error {
  if (err instanceof LocalezeError && err.status === 404) return fail(localezeErrors.listingNotFound);
  return fail(localezeErrors.unavailable);
}

/** Publishers dialog and Localeze categories, read from Localeze at each call (nothing is stored). */
export function localezeQueryRoutes(deps: QueryDeps, options: { client?: LocalezeClient } = {}): RouteImplementation[] {
  const client = options.client ?? createLocalezeClient(deps.config.localeze);
  return [
    implement(listDirectoriesRoute, async (req) => {
      const companyId = callerCompanyId(req, () => fail(locationErrors.notFound));
      const doc = await deps.readModels.collection<LocationDoc>(LOCATIONS_COLLECTION).findOne({ _id: req.params.id, companyId });
      if (!doc) throw fail(locationErrors.notFound);
      const listingId = doc.profile.LocalezeListingId;
      if (!listingId) throw fail(localezeErrors.noListing);
      if (!deps.config.localeze.apiKey) throw fail(localezeErrors.unavailable);
      try {
        const directories = await client.listDirectories(listingId);
        return {
          body: {
            Success: true,
            ResponseMessage: '',
            ResponseData: directories.map((d) => ({
              Platform: d.platform,
              LogoUrl: d.logoUrl,
              IsEnabled: d.isEnabled,
              Disposition: d.disposition,
              LastModified: d.lastModified,
              Link: d.link,
            })),
          },
        };
      } catch (err) {
        throw localezeFailure(err);
      }
    }),
    implement(localezeCategoriesRoute, async () => {
      if (!deps.config.localeze.apiKey) throw fail(localezeErrors.unavailable);
      try {
        const categories = await client.categories();
        return { body: { Success: true, ResponseData: categories.map((c) => ({ Id: c.id, Name: c.name })) } };
      } catch (err) {
        throw localezeFailure(err);
      }
    }),
  ];
}
