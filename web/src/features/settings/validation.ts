/** Variable key rules (spec part 2 §5 Settings): required, no spaces; admin names also unique. */
export const variableNameProblem = (
  name: string,
  messages: { required: string; noSpaces: string; taken: string },
  takenNames: readonly string[] = [],
  ownName?: string,
): string | null => {
  const trimmed = name.trim();
  if (!trimmed) return messages.required;
  if (/\s/.test(trimmed)) return messages.noSpaces;
  const lower = trimmed.toLowerCase();
  if (takenNames.some((n) => n.toLowerCase() === lower && n.toLowerCase() !== ownName?.toLowerCase())) return messages.taken;
  return null;
};

/** Non-administrators see only company variables without an entity type. */
export const visibleCompanyVariables = <T extends { EntityType: string | null }>(rows: readonly T[], seesEntityTyped: boolean): T[] =>
  seesEntityTyped ? [...rows] : rows.filter((r) => !r.EntityType);
