/** One option of a filterable picker. */
export interface Choice {
  value: string;
  label: string;
}

/** Long lists (Google has thousands of categories) show at most this many matches. */
export const MAX_SHOWN_CHOICES = 100;

export const filterChoices = (query: string, choices: readonly Choice[], limit = MAX_SHOWN_CHOICES): Choice[] => {
  const q = query.trim().toLowerCase();
  const out: Choice[] = [];
  for (const c of choices) {
    if (!q || c.label.toLowerCase().includes(q)) out.push(c);
    if (out.length >= limit) break;
  }
  return out;
};

/** Categories ({ Name, DisplayName }) as picker choices, by display name. */
export const categoryChoices = (categories: ReadonlyArray<{ Name: string; DisplayName: string }> | undefined): Choice[] =>
  [...(categories ?? [])].map((c) => ({ value: c.Name, label: c.DisplayName || c.Name })).sort((a, b) => a.label.localeCompare(b.label));

/** US states ({ Name, StateCode }): label Name, value StateCode. */
export const stateChoices = (states: ReadonlyArray<{ Name: string; StateCode: string }> | undefined): Choice[] =>
  (states ?? []).map((s) => ({ value: s.StateCode, label: s.Name }));

/** Cities by name. */
export const cityChoices = (cities: ReadonlyArray<{ Name: string }> | undefined): Choice[] => (cities ?? []).map((c) => ({ value: c.Name, label: c.Name }));

/** A city's coordinates (spec: choosing a city sets Latitude and Longitude). */
export const coordinatesOfCity = (
  cities: ReadonlyArray<{ Name: string; Latitude: number; Longitude: number }> | undefined,
  name: string,
): { Latitude: number; Longitude: number } | null => {
  const city = (cities ?? []).find((c) => c.Name === name);
  return city ? { Latitude: city.Latitude, Longitude: city.Longitude } : null;
};
