/** Dashboard and insight texts (spec part 1 §2 Dashboard, part 2 §2 Location details). */
export const insightsMessages = {
  missingEmail: (n: number) => `You have ${n} location(s) that do not have the primary email set.`,
  viewLocations: 'View Locations',
  locationsWithoutEmail: 'Locations Without Email',
} as const;
