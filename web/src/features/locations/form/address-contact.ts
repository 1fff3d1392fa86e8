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

/** Where a location is: its state, its city and the city's coordinates. */
export type Place = Pick<AddressContact, 'State' | 'Town' | 'Latitude' | 'Longitude'>;

/** Changing the state clears the city and its coordinates. */
export const withState = <F extends Place>(form: F, state: string): F =>
  state === form.State ? form : { ...form, State: state, Town: '', Latitude: '', Longitude: '' };

/** Choosing a city sets the coordinates (spec part 2 §4). */
export const withCity = <F extends Place>(form: F, city: { Name: string; Latitude: number; Longitude: number }): F => ({
  ...form,
  Town: city.Name,
  Latitude: String(city.Latitude),
  Longitude: String(city.Longitude),
});
