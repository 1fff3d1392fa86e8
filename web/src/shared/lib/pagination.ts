/** How a table shows its paginator (spec: "paginator only above 15" versus "always paginated"). */
export type PaginatorMode = 'above-page-size' | 'always';

export const pageCount = (total: number, pageSize: number): number => (pageSize <= 0 ? 1 : Math.max(1, Math.ceil(Math.max(0, total) / pageSize)));

export const showPaginator = (total: number, pageSize: number, mode: PaginatorMode): boolean => (mode === 'always' ? true : total > pageSize);

/** Clamps a zero-based page index into range (a list can shrink after a delete). */
export const clampPage = (page: number, total: number, pageSize: number): number => Math.min(Math.max(0, page), pageCount(total, pageSize) - 1);

export const pageOf = <T>(rows: readonly T[], page: number, pageSize: number): T[] => {
  const p = clampPage(page, rows.length, pageSize);
  return rows.slice(p * pageSize, p * pageSize + pageSize);
};

/** "Showing 1 to 15 of 40 entries"-style range, one-based; [0, 0] when empty. */
export const pageRange = (page: number, total: number, pageSize: number): [number, number] => {
  if (total <= 0) return [0, 0];
  const p = clampPage(page, total, pageSize);
  return [p * pageSize + 1, Math.min(total, (p + 1) * pageSize)];
};
