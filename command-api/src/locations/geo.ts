import { City, State } from 'country-state-city';

/** US states (two-letter codes that have cities in the data set: the 50 states, DC and Puerto Rico). */
const usStates = new Map(
  State.getStatesOfCountry('US')
    .filter((s) => /^[A-Z]{2}$/.test(s.isoCode))
    .map((s) => [s.isoCode, s.name]),
);

export const isUsState = (code: string) => usStates.has(code.toUpperCase());

/** Coordinates of a city of a state (case-insensitive name), from country-state-city. */
export function cityCoordinates(stateCode: string, cityName: string): { latitude: number; longitude: number } | null {
  if (!stateCode || !cityName.trim()) return null;
  const hit = City.getCitiesOfState('US', stateCode.toUpperCase()).find((c) => c.name.toLowerCase() === cityName.trim().toLowerCase());
  if (!hit?.latitude || !hit.longitude) return null;
  return { latitude: Number(hit.latitude), longitude: Number(hit.longitude) };
}
