import { describe, expect, it } from 'vitest';
import { citiesOf, cityCoordinates, isUsState, usStateName, usStates } from './us-places';

describe('US states and cities (GeoNames data)', () => {
  it('lists the 50 states, DC and Puerto Rico by name', () => {
    const states = usStates();
    expect(states).toHaveLength(52);
    expect(states).toContainEqual({ Name: 'Colorado', StateCode: 'CO' });
    expect(states).toContainEqual({ Name: 'Puerto Rico', StateCode: 'PR' });
    expect(states.map((s) => s.Name)).toEqual([...states.map((s) => s.Name)].sort((a, b) => a.localeCompare(b)));
    expect(isUsState('tx')).toBe(true);
    expect(isUsState('XX')).toBe(false);
    expect(usStateName('DC')).toBe('District of Columbia');
  });

  it('gives every state its cities with coordinates, sorted, one per name', () => {
    for (const { StateCode } of usStates()) expect(citiesOf(StateCode)!.length, StateCode).toBeGreaterThan(0);
    expect(citiesOf('CA')!.length).toBeGreaterThan(500);
    const colorado = citiesOf('co')!;
    const denver = colorado.find((c) => c.Name === 'Denver')!;
    expect(denver.Latitude).toBeCloseTo(39.74, 1);
    expect(denver.Longitude).toBeCloseTo(-104.98, 1);
    expect(new Set(colorado.map((c) => c.Name)).size).toBe(colorado.length);
    expect(citiesOf('PR')!.map((c) => c.Name)).toContain('San Juan');
    expect(citiesOf('ZZ')).toBeNull();
  });

  it('finds a city by name without regard to case', () => {
    expect(cityCoordinates('TX', ' austin ')).toEqual({ latitude: expect.closeTo(30.27, 1), longitude: expect.closeTo(-97.74, 1) });
    expect(cityCoordinates('TX', 'Atlantis')).toBeNull();
    expect(cityCoordinates('ZZ', 'Austin')).toBeNull();
  });
});
