import { DIRECTORY_SORT_FIELDS, LOCATIONS_PAGE_SIZE } from '@locus/contracts/locations/messages';

export type DirectorySortField = (typeof DIRECTORY_SORT_FIELDS)[number];
export type SortOrder = 1 | -1;

/** The lazy table's state (PrimeNG-style: first row, rows per page, sort, global filter). */
export interface DirectoryState {
  first: number;
  rows: number;
  sortField: DirectorySortField;
  sortOrder: SortOrder;
  globalFilter: string;
}

/** FilteringData as posted to locations-summary. */
export interface FilteringDataBody {
  first: number;
  rows: number;
  sortField: DirectorySortField;
  sortOrder: SortOrder;
  globalFilter: string;
  AccountId?: string;
}

/** Initial load: first 0, 25 rows, StoreCode ascending (spec part 1 §2, §9). */
export const INITIAL_DIRECTORY_STATE: DirectoryState = {
  first: 0,
  rows: LOCATIONS_PAGE_SIZE,
  sortField: 'StoreCode',
  sortOrder: 1,
  globalFilter: '',
};

export const isDirectorySortField = (field: string): field is DirectorySortField => (DIRECTORY_SORT_FIELDS as readonly string[]).includes(field);

export const buildFilteringData = (state: DirectoryState, accountId?: string | null): FilteringDataBody => ({
  first: Math.max(0, Math.floor(state.first)),
  rows: state.rows,
  sortField: state.sortField,
  sortOrder: state.sortOrder,
  globalFilter: state.globalFilter.trim(),
  ...(accountId ? { AccountId: accountId } : {}),
});

/** Clicking a sorted column flips its order; another column sorts ascending. Back to the first page. */
export const toggleSort = (state: DirectoryState, field: DirectorySortField): DirectoryState => ({
  ...state,
  first: 0,
  sortField: field,
  sortOrder: state.sortField === field ? (state.sortOrder === 1 ? -1 : 1) : 1,
});

/** A new search starts at the first page. */
export const withGlobalFilter = (state: DirectoryState, globalFilter: string): DirectoryState =>
  state.globalFilter === globalFilter ? state : { ...state, globalFilter, first: 0 };

export const withPage = (state: DirectoryState, pageIndex: number): DirectoryState => ({ ...state, first: Math.max(0, pageIndex) * state.rows });

export const pageIndexOf = (state: DirectoryState): number => Math.floor(state.first / state.rows);

/** A page past the end (after deletes or a narrower search) moves back to the last page. */
export const clampToTotal = (state: DirectoryState, filteredCount: number): DirectoryState => {
  if (state.first === 0 || state.first < filteredCount) return state;
  const lastPage = Math.max(0, Math.ceil(filteredCount / state.rows) - 1);
  return { ...state, first: lastPage * state.rows };
};

export const filteredCaption = (filtered: number, total: number): string => `Filtered : ${filtered} out of ${total} total locations`;
