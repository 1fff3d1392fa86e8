import type { LocationProfile } from '../locations/events';

/**
 * Template variables (spec part 1 §9, part 2 §5): `@Name` in a post template, a bulk edit
 * field or a preview is replaced by the location's current value. Names are matched
 * case-insensitively; an unknown name renders empty. One table feeds the renderer
 * (render.ts), `GET /api/locationPostTemplates/template-variables` and the editors' chips.
 */

/** The profile fields a variable may read (a location's current profile, or a form's values). */
export type VariableSource = Partial<
  Pick<
    LocationProfile,
    | 'Title'
    | 'StreetAddressLine1'
    | 'StreetAddressLine2'
    | 'Town'
    | 'State'
    | 'Region'
    | 'PostCode'
    | 'PrimaryPhoneNumber'
    | 'AdditionalPhoneNumbers'
    | 'Website'
    | 'ProfileDescription'
    | 'OwnerFirstName'
    | 'OwnerLastName'
  >
>;

export interface TemplateVariable {
  /** What the chip and the `@` list show and what is inserted: `@<label>`. */
  label: string;
  value: (source: VariableSource) => string;
}

const text = (value: string | null | undefined): string => value ?? '';
const additionalPhones = (source: VariableSource): string[] => (source.AdditionalPhoneNumbers ?? []).filter((phone) => phone.trim() !== '');
const countryName = (region: string | undefined): string =>
  region === undefined || region === '' ? '' : region.toUpperCase() === 'US' ? 'United States' : region;

/** Post template variables, in the spec's order (part 1 §9, part 2 §9). */
export const POST_TEMPLATE_VARIABLES: readonly TemplateVariable[] = [
  { label: 'City', value: (s) => text(s.Town) },
  { label: 'State', value: (s) => text(s.State) },
  { label: 'Country', value: (s) => countryName(s.Region) },
  { label: 'Title', value: (s) => text(s.Title) },
  { label: 'StreetAddressLine1', value: (s) => text(s.StreetAddressLine1) },
  { label: 'StreetAddressLine2', value: (s) => text(s.StreetAddressLine2) },
  { label: 'Zip', value: (s) => text(s.PostCode) },
  { label: 'Phone1', value: (s) => text(s.PrimaryPhoneNumber) },
  { label: 'AdditionalPhoneNumber', value: (s) => additionalPhones(s).join(', ') },
  { label: 'Phone2', value: (s) => additionalPhones(s)[0] ?? '' },
  { label: 'BusinessName', value: (s) => text(s.Title) },
  { label: 'Town', value: (s) => text(s.Town) },
  { label: 'WebsiteUrl', value: (s) => text(s.Website) },
  { label: 'ProfileDescription', value: (s) => text(s.ProfileDescription) },
];

/** Bulk edit variables (part 1 §9). */
export const BULK_EDIT_VARIABLES: readonly TemplateVariable[] = [
  { label: 'State', value: (s) => text(s.State) },
  { label: 'Zip', value: (s) => text(s.PostCode) },
  { label: 'Town', value: (s) => text(s.Town) },
  { label: 'AddressLine1', value: (s) => text(s.StreetAddressLine1) },
  { label: 'AddressLine2', value: (s) => text(s.StreetAddressLine2) },
  { label: 'BusinessName', value: (s) => text(s.Title) },
  { label: 'FirstName', value: (s) => text(s.OwnerFirstName) },
  { label: 'LastName', value: (s) => text(s.OwnerLastName) },
  { label: 'PrimaryPhoneNumber', value: (s) => text(s.PrimaryPhoneNumber) },
  { label: 'AdditionalPhoneNumber', value: (s) => additionalPhones(s).join(', ') },
  { label: 'BusinessDescription', value: (s) => text(s.ProfileDescription) },
  { label: 'WebsiteUrl', value: (s) => text(s.Website) },
];

export const variableLabels = (variables: readonly TemplateVariable[]): string[] => variables.map((variable) => variable.label);

/**
 * The values of a set of variables for one source, keyed by lowercased name. Both lists
 * agree where they share a name, so one map of both serves every screen.
 */
export function variableValues(source: VariableSource, variables: readonly TemplateVariable[] = ALL_TEMPLATE_VARIABLES): ReadonlyMap<string, string> {
  const values = new Map<string, string>();
  for (const variable of variables) values.set(variable.label.toLowerCase(), variable.value(source));
  return values;
}

/** Post template and bulk edit variables, each name once. */
export const ALL_TEMPLATE_VARIABLES: readonly TemplateVariable[] = [
  ...POST_TEMPLATE_VARIABLES,
  ...BULK_EDIT_VARIABLES.filter((bulk) => !POST_TEMPLATE_VARIABLES.some((post) => post.label.toLowerCase() === bulk.label.toLowerCase())),
];
