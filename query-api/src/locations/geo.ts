import { City, State } from 'country-state-city';

export interface UsState {
  Name: string;
  StateCode: string;
}
export interface UsCity {
  Name: string;
  Latitude: number;
  Longitude: number;
}

let states: UsState[] | undefined;
const cities = new Map<string, UsCity[]>();

/** The 50 states, DC and Puerto Rico (two-letter codes with cities), by name. */
export function usStates(): UsState[] {
  states ??= State.getStatesOfCountry('US')
    .filter((s) => /^[A-Z]{2}$/.test(s.isoCode) && City.getCitiesOfState('US', s.isoCode).length > 0)
    .map((s) => ({ Name: s.name, StateCode: s.isoCode }))
    .sort((a, b) => a.Name.localeCompare(b.Name));
  return states;
}

/** Cities of a state with their coordinates; null for an unknown state code. */
export function citiesOf(stateCode: string): UsCity[] | null {
  const code = stateCode.trim().toUpperCase();
  if (!usStates().some((s) => s.StateCode === code)) return null;
  let list = cities.get(code);
  if (!list) {
    list = City.getCitiesOfState('US', code)
      .filter((c) => c.latitude && c.longitude)
      .map((c) => ({ Name: c.name, Latitude: Number(c.latitude), Longitude: Number(c.longitude) }))
      .sort((a, b) => a.Name.localeCompare(b.Name));
    cities.set(code, list);
  }
  return list;
}
