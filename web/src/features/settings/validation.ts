/**
 * An administrator variable's name must be free (spec part 2 §5 Settings), ignoring case; the
 * variable being edited keeps its own. Required and no spaces are the route's schema.
 */
export const variableNameTaken = (name: string, takenNames: readonly string[], ownName?: string): boolean => {
  const lower = name.trim().toLowerCase();
  return lower !== '' && takenNames.some((n) => n.toLowerCase() === lower && n.toLowerCase() !== ownName?.toLowerCase());
};

/** Non-administrators see only company variables without an entity type. */
export const visibleCompanyVariables = <T extends { EntityType: string | null }>(rows: readonly T[], seesEntityTyped: boolean): T[] =>
  seesEntityTyped ? [...rows] : rows.filter((r) => !r.EntityType);
