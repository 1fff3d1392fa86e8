import { cityCoordinates, isUsState } from '@locus/platform/geo/us-places';
import { US_CITIES, type CityFacts } from './us-cities';

export { cityCoordinates, isUsState as isUsStateCode };

export interface SeedCity extends CityFacts {
  latitude: number;
  longitude: number;
}

let cities: SeedCity[] | undefined;

/** Seed cities with their real coordinates (GeoNames, see platform/src/geo/us-places.ts). */
export function seedCities(): SeedCity[] {
  cities ??= US_CITIES.flatMap((c) => {
    const hit = cityCoordinates(c.state, c.city);
    return hit ? [{ ...c, ...hit }] : [];
  });
  return cities;
}

export function distanceKm(a: { latitude: number; longitude: number }, b: { latitude: number; longitude: number }): number {
  const rad = Math.PI / 180;
  const dLat = (b.latitude - a.latitude) * rad;
  const dLng = (b.longitude - a.longitude) * rad;
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(a.latitude * rad) * Math.cos(b.latitude * rad) * Math.sin(dLng / 2) ** 2;
  return 2 * 6371 * Math.asin(Math.sqrt(h));
}
