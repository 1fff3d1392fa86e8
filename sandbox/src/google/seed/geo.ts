import { City, State } from 'country-state-city';
import { US_CITIES, type CityFacts } from './us-cities';

export interface SeedCity extends CityFacts {
  latitude: number;
  longitude: number;
}

let cities: SeedCity[] | undefined;

/** Seed cities with their real coordinates from the country-state-city data set. */
export function seedCities(): SeedCity[] {
  if (cities) return cities;
  const byState = new Map<string, ReturnType<typeof City.getCitiesOfState>>();
  cities = US_CITIES.flatMap((c) => {
    if (!byState.has(c.state)) byState.set(c.state, City.getCitiesOfState('US', c.state));
    const hit = byState.get(c.state)!.find((x) => x.name === c.city);
    if (!hit?.latitude || !hit.longitude) return [];
    return [{ ...c, latitude: Number(hit.latitude), longitude: Number(hit.longitude) }];
  });
  return cities;
}

const usStates = new Map(State.getStatesOfCountry('US').map((s) => [s.isoCode, s]));
export const isUsStateCode = (code: string) => usStates.has(code);
export const usStateName = (code: string) => usStates.get(code)?.name;

/** Coordinates of a named US city, for the "pin too far from address" check. */
export function cityCoordinates(stateCode: string, cityName: string): { latitude: number; longitude: number } | undefined {
  const hit = City.getCitiesOfState('US', stateCode).find((x) => x.name.toLowerCase() === cityName.trim().toLowerCase());
  if (!hit?.latitude || !hit.longitude) return undefined;
  return { latitude: Number(hit.latitude), longitude: Number(hit.longitude) };
}

export function distanceKm(a: { latitude: number; longitude: number }, b: { latitude: number; longitude: number }): number {
  const rad = Math.PI / 180;
  const dLat = (b.latitude - a.latitude) * rad;
  const dLng = (b.longitude - a.longitude) * rad;
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(a.latitude * rad) * Math.cos(b.latitude * rad) * Math.sin(dLng / 2) ** 2;
  return 2 * 6371 * Math.asin(Math.sqrt(h));
}
