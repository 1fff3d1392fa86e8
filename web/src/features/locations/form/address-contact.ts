/**
 * The address and owner/contact fields Create Location and Edit Location share (spec part 1 §2,
 * part 2 §3), with the rules both follow: a new state clears the city and its coordinates, a
 * chosen city sets them.
 */
export interface AddressContact {
  StreetAddressLine1: string;
  StreetAddressLine2: string;
  Region: string;
  State: string;
  Town: string;
  PostCode: string;
  /** Typed (Create) or set from the chosen city; text until sent. */
  Latitude: string;
  Longitude: string;
  PrimaryEmail: string;
  OwnerFirstName: string;
  OwnerLastName: string;
  OpeningDate: string;
}

/** A coordinate typed or set from a city: a finite number. */
export const parseCoordinate = (text: string): number | null => {
  const trimmed = text.trim();
  if (trimmed === '') return null;
  const n = Number(trimmed);
  return Number.isFinite(n) ? n : null;
};

/** Changing the state clears the city and its coordinates. */
export const withState = <F extends AddressContact>(form: F, state: string): F =>
  state === form.State ? form : { ...form, State: state, Town: '', Latitude: '', Longitude: '' };

/** Choosing a city sets the coordinates (spec part 2 §4). */
export const withCity = <F extends AddressContact>(form: F, city: { Name: string; Latitude: number; Longitude: number }): F => ({
  ...form,
  Town: city.Name,
  Latitude: String(city.Latitude),
  Longitude: String(city.Longitude),
});

/**
 * Server field errors keyed by the form's field names: `Location.Title` → `Title`,
 * `AdditionalPhoneNumbers.1` → `AdditionalPhoneNumbers`.
 */
export const formFieldErrors = (fields: Record<string, string>): Record<string, string> =>
  Object.fromEntries(Object.entries(fields).map(([k, v]) => [k.replace(/^Location\./, '').replace(/\.\d+.*$/, ''), v]));

/** The errors without those of the fields just changed (they are judged again on the next save). */
export const withoutErrorsOf = (errors: Record<string, string>, changed: readonly string[]): Record<string, string> =>
  changed.some((k) => k in errors) ? Object.fromEntries(Object.entries(errors).filter(([k]) => !changed.includes(k))) : errors;
