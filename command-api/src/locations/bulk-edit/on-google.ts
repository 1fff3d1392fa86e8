import type { GoogleLocation } from '../../google/types';

/** The part of a Google location an update mask path covers, in a form that compares equal when Google holds the same value. */
function maskValue(loc: GoogleLocation, path: string): unknown {
  switch (path) {
    case 'title':
      return loc.title ?? '';
    case 'websiteUri':
      return loc.websiteUri ?? '';
    case 'profile.description':
      return loc.profile?.description ?? '';
    case 'phoneNumbers':
      return [loc.phoneNumbers?.primaryPhone ?? '', ...(loc.phoneNumbers?.additionalPhones ?? [])];
    case 'categories':
      return [loc.categories?.primaryCategory?.name ?? '', ...(loc.categories?.additionalCategories ?? []).map((c) => c.name)];
    case 'storefrontAddress': {
      const a = loc.storefrontAddress;
      return [a?.addressLines ?? [], a?.administrativeArea ?? '', a?.locality ?? '', a?.postalCode ?? ''];
    }
    case 'regularHours':
      return (loc.regularHours?.periods ?? []).map((p) => [
        p.openDay,
        p.openTime?.hours ?? 0,
        p.openTime?.minutes ?? 0,
        p.closeDay,
        p.closeTime?.hours ?? 0,
        p.closeTime?.minutes ?? 0,
      ]);
    default:
      return loc[path];
  }
}

/**
 * Whether Google already holds what a PATCH with this mask would send: after a restart, a
 * location whose change was recorded but whose outcome was not is checked this way, so it is
 * never edited twice.
 */
export function alreadyOnGoogle(mask: readonly string[], wanted: GoogleLocation, onGoogle: GoogleLocation): boolean {
  return mask.every((path) => JSON.stringify(maskValue(wanted, path)) === JSON.stringify(maskValue(onGoogle, path)));
}
