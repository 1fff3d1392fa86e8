/** Case-insensitive "global filter": a row matches when any of its searchable texts contains every word. */
export const matchesGlobalSearch = (texts: ReadonlyArray<string | null | undefined>, query: string): boolean => {
  const words = query.trim().toLowerCase().split(/\s+/).filter(Boolean);
  if (words.length === 0) return true;
  const haystack = texts
    .filter((t): t is string => typeof t === 'string')
    .join(' \u0000 ')
    .toLowerCase();
  return words.every((w) => haystack.includes(w));
};

export const filterRows = <T>(rows: readonly T[], query: string, textsOf: (row: T) => ReadonlyArray<string | null | undefined>): T[] =>
  query.trim() ? rows.filter((r) => matchesGlobalSearch(textsOf(r), query)) : [...rows];
