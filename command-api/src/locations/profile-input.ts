import { emptyProfile } from '@locus/contracts';
import {
  locationErrors,
  GMB_CATEGORIES_COLLECTION,
  locationMessages as m,
  type CategoryRef,
  type CreateLocationFields,
  type GmbCategoryDoc,
  type LocationProfile,
  type UpdateLocationFields,
} from '@locus/contracts';
import { fail, validationError, type ReadModels } from '@locus/platform';
import { cityCoordinates, isUsState } from '@locus/platform/geo/us-places';

/** Display names of Google category names from the cached list; 400 naming the field for an unknown one. */
export async function resolveCategories(
  readModels: ReadModels,
  primary: { field: string; name: string } | null,
  additional: { field: string; names: string[] } | null,
): Promise<{ primary: CategoryRef | null; additional: CategoryRef[] }> {
  const names = [...(primary ? [primary.name] : []), ...(additional?.names ?? [])];
  const docs = names.length ? await readModels.collection<GmbCategoryDoc>(GMB_CATEGORIES_COLLECTION).find({ _id: { $in: names } }) : [];
  const byName = new Map(docs.map((d) => [d.name, d.displayName]));
  const problems: { field: string; message: string }[] = [];
  const ref = (field: string, name: string): CategoryRef | null => {
    const displayName = byName.get(name);
    if (displayName === undefined) {
      problems.push({ field, message: `${m.unknownCategory}: ${name}` });
      return null;
    }
    return { Name: name, DisplayName: displayName };
  };
  const p = primary ? ref(primary.field, primary.name) : null;
  const extra = (additional?.names ?? [])
    .filter((n) => n !== primary?.name)
    .map((n) => ref(additional!.field, n))
    .filter((c): c is CategoryRef => c !== null);
  if (problems.length) throw validationError('LOCATION.UNKNOWN_CATEGORY', problems[0]!.message, problems);
  return { primary: p, additional: extra };
}

const checkState = (state: string) => {
  if (state && !isUsState(state)) throw fail(locationErrors.unknownState, [{ field: 'State', message: m.unknownState }]);
};

/** The profile of a new location from the Create Location request. */
export async function profileFromCreate(readModels: ReadModels, f: CreateLocationFields): Promise<LocationProfile> {
  checkState(f.State);
  const categories = await resolveCategories(
    readModels,
    { field: 'PrimaryCategoryId', name: f.PrimaryCategoryId },
    { field: 'SelectedAdditionalCategories', names: f.SelectedAdditionalCategories },
  );
  return {
    ...emptyProfile(),
    Title: f.Title,
    StoreCode: f.StoreCode,
    PrimaryPhoneNumber: f.PrimaryPhoneNumber,
    AdditionalPhoneNumbers: f.AdditionalPhoneNumbers,
    PrimaryEmail: f.PrimaryEmail,
    OwnerFirstName: f.OwnerFirstName,
    OwnerLastName: f.OwnerLastName,
    PrimaryCategory: categories.primary,
    AdditionalCategories: categories.additional,
    StreetAddressLine1: f.StreetAddressLine1,
    StreetAddressLine2: f.StreetAddressLine2,
    Region: f.Region,
    State: f.State,
    Town: f.Town,
    PostCode: f.PostCode,
    Latitude: f.Latitude,
    Longitude: f.Longitude,
    Website: f.Website,
    ProfileDescription: f.ProfileDescription,
    OpeningDate: f.OpeningDate,
  };
}

const COPIED = [
  'StoreCode',
  'LocaleTagline',
  'StreetAddressLine1',
  'StreetAddressLine2',
  'Town',
  'State',
  'Region',
  'PostCode',
  'PrimaryPhoneNumber',
  'AdditionalPhoneNumbers',
  'TollFreeNumber',
  'PrimaryEmail',
  'OwnerFirstName',
  'OwnerLastName',
  'Twitter',
  'LinkedIn',
  'Facebook',
  'Yelp',
  'Instagram',
  'GooglePlus',
  'Website',
  'LocaleZeKeyWords',
  'LocalezeListingId',
  'ProfileDescription',
  'LocationProfileMedia',
  'LocationCoverMedia',
  'OpeningDate',
] as const satisfies readonly (keyof UpdateLocationFields & keyof LocationProfile)[];

/**
 * The edited profile: only the fields sent change (Title is read-only). Choosing another city
 * sets the coordinates; otherwise coordinates sent are used. A state and city sent as they
 * already are keep the location's own pin, which is rarely the city centre.
 */
export async function profileFromUpdate(readModels: ReadModels, current: LocationProfile, f: UpdateLocationFields): Promise<LocationProfile> {
  const next: LocationProfile = { ...current };
  for (const key of COPIED) {
    const value = f[key];
    if (value !== undefined) (next as Record<string, unknown>)[key] = value;
  }
  if (f.SelectedLocaleZeCategories !== undefined) next.SelectedLocaleZeCategories = f.SelectedLocaleZeCategories;
  // No listing id before and none now (null, '' or absent alike) is no change.
  if (!next.LocalezeListingId && !current.LocalezeListingId) next.LocalezeListingId = current.LocalezeListingId;
  if (f.State !== undefined) checkState(f.State);
  if (f.PrimaryCategoryId !== undefined || f.SelectedAdditionalCategories !== undefined) {
    const primaryName = f.PrimaryCategoryId ?? current.PrimaryCategory?.Name ?? null;
    const categories = await resolveCategories(readModels, primaryName ? { field: 'PrimaryCategoryId', name: primaryName } : null, {
      field: 'SelectedAdditionalCategories',
      names: f.SelectedAdditionalCategories ?? current.AdditionalCategories.map((c) => c.Name),
    });
    next.PrimaryCategory = categories.primary;
    next.AdditionalCategories = categories.additional;
  }
  const cityChanged = next.State.trim() !== current.State.trim() || next.Town.trim().toLowerCase() !== current.Town.trim().toLowerCase();
  const city = cityChanged ? cityCoordinates(next.State, next.Town) : null;
  if (city) {
    next.Latitude = city.latitude;
    next.Longitude = city.longitude;
  } else {
    if (f.Latitude !== undefined) next.Latitude = f.Latitude;
    if (f.Longitude !== undefined) next.Longitude = f.Longitude;
  }
  return next;
}
