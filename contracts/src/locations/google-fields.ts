/**
 * Google's field paths (Business Information API `Location`) as the location forms name them, so
 * that no error a user sees speaks of `storefrontAddress.postalCode`.
 * Longer paths come first: a path is replaced before any path it starts with.
 */
export const GOOGLE_FIELD_LABELS: ReadonlyArray<readonly [googlePath: string, formLabel: string]> = [
  ['storefrontAddress.addressLines[1]', 'Address Line 2'],
  ['storefrontAddress.addressLines', 'Address Line 1'],
  ['storefrontAddress.locality', 'City'],
  ['storefrontAddress.administrativeArea', 'State'],
  ['storefrontAddress.postalCode', 'Postal Code'],
  ['storefrontAddress.regionCode', 'Country/Region'],
  ['storefrontAddress', 'Address'],
  ['phoneNumbers.primaryPhone', 'Primary Phone Number'],
  ['phoneNumbers.additionalPhones', 'Additional Phone Numbers'],
  ['phoneNumbers', 'Primary Phone Number'],
  ['categories.primaryCategory', 'Primary Category'],
  ['categories.additionalCategories', 'Additional Categories'],
  ['categories', 'Primary Category'],
  ['profile.description', 'Business Description'],
  ['openInfo.openingDate', 'Opening Date'],
  ['openInfo.status', 'Status'],
  ['regularHours', 'Regular Business Hours'],
  ['latlng.latitude', 'Latitude'],
  ['latlng.longitude', 'Longitude'],
  ['latlng', 'Latitude/Longitude'],
  ['websiteUri', 'Website'],
  ['storeCode', 'Store Code'],
  ['title', 'Business Name (Title)'],
];

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const alternatives = GOOGLE_FIELD_LABELS.map(([path]) => escape(path)).join('|');
/**
 * A path where it names a field: a dotted path anywhere, a one-word path (`title`) only before
 * the `: ` of a field violation, so prose such as "additional categories" stays as it is.
 * `addressLines[0]` is the first line.
 */
const PATTERN = new RegExp(`(?<![\\w.])(${alternatives})(?:\\[0\\])?(?![\\w.\\[])`, 'g');
const LABELS = new Map(GOOGLE_FIELD_LABELS);

/** The text with every Google field path it mentions replaced by the form's field name. */
export function inFormTerms(message: string): string {
  return message.replace(PATTERN, (all: string, path: string, offset: number, text: string) =>
    path.includes('.') || text.startsWith(':', offset + all.length) ? (LABELS.get(path) ?? path) : all,
  );
}
