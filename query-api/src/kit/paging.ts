import type { Collection, Doc, Filter, SortSpec } from '@locus/platform';
import type { PagedQuery } from '@locus/contracts';

/** A search term as a regex that matches it literally. */
export const escapeRegex = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Case-insensitive "contains" over a lowercased search field; regex metacharacters are taken literally. */
export function searchFilter(field: string, search: string | undefined): Filter {
  const text = search?.trim().toLowerCase();
  if (!text) return {};
  return { [field]: { $regex: escapeRegex(text) } };
}

/** One page of a collection plus totals, in the list envelope. */
export async function pageOf<T extends Doc, R>(
  collection: Collection<T>,
  filter: Filter,
  query: PagedQuery,
  sort: SortSpec,
  toRow: (doc: T) => R,
): Promise<{ Success: true; Data: R[]; TotalRecords: number; Page: number; PageSize: number }> {
  const [docs, total] = await Promise.all([
    collection.find(filter, { sort, skip: (query.page - 1) * query.pageSize, limit: query.pageSize }),
    collection.countDocuments(filter),
  ]);
  return { Success: true, Data: docs.map(toRow), TotalRecords: total, Page: query.page, PageSize: query.pageSize };
}
