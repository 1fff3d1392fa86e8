import {
  DIRECTORY_SORT_FIELDS,
  LOCATIONS_PAGE_SIZE,
  VERIFICATION_FILTERS,
  type locationsSummaryRoute,
  type OpenStatus,
  type VerificationFilter,
} from '@locus/contracts';
import type { BodyOf } from '@web/shared/lib/api-path';

export type DirectorySortField = (typeof DIRECTORY_SORT_FIELDS)[number];
export type SortOrder = 1 | -1;

/** The directory's own filters; empty means any. */
export interface DirectoryFilters {
  Status: OpenStatus | '';
  State: string;
  /** A connected account's id. */
  AccountId: string;
  /** Searched in the city only, and the ZIP in the postal code only. */
  City: string;
  Zip: string;
  /** One of the company's location groups. */
  GroupId: string;
  /** Only locations Google changed on its own. */
  GoogleChanged: boolean;
  /** Listing health: completeness below this score ('' any), and a verification state or NeedsAction ('' any). */
  CompletenessBelow: string;
  Verification: VerificationFilter | '';
}

export const NO_FILTERS: DirectoryFilters = {
  Status: '',
  State: '',
  AccountId: '',
  City: '',
  Zip: '',
  GroupId: '',
  GoogleChanged: false,
  CompletenessBelow: '',
  Verification: '',
};

/** Listing-health filters a link may open the directory with (`?completenessBelow=80&verification=NeedsAction`). */
export const healthFiltersFromSearch = (search: URLSearchParams): Partial<DirectoryFilters> => {
  const below = Number(search.get('completenessBelow'));
  const verification = search.get('verification') ?? '';
  return {
    ...(Number.isInteger(below) && below >= 1 && below <= 100 ? { CompletenessBelow: String(below) } : {}),
    ...((VERIFICATION_FILTERS as readonly string[]).includes(verification) ? { Verification: verification as VerificationFilter } : {}),
  };
};

/** The lazy table's state (PrimeNG-style: first row, rows per page, sort, global filter) and the filters. */
export interface DirectoryState {
  first: number;
  rows: number;
  sortField: DirectorySortField;
  sortOrder: SortOrder;
  globalFilter: string;
  filters: DirectoryFilters;
}

/** FilteringData as posted to locations-summary. */
export type FilteringDataBody = BodyOf<typeof locationsSummaryRoute>;

/** Initial load: first 0, 25 rows, StoreCode ascending (spec part 1 §2, §9). */
export const INITIAL_DIRECTORY_STATE: DirectoryState = {
  first: 0,
  rows: LOCATIONS_PAGE_SIZE,
  sortField: 'StoreCode',
  sortOrder: 1,
  globalFilter: '',
  filters: NO_FILTERS,
};

export const isDirectorySortField = (field: string): field is DirectorySortField => (DIRECTORY_SORT_FIELDS as readonly string[]).includes(field);

/** The filters set, trimmed; a page's own account (/{accountId}/locations) wins over the account filter. */
const activeFilters = (
  filters: DirectoryFilters,
  accountId?: string | null,
): Omit<FilteringDataBody, 'first' | 'rows' | 'sortField' | 'sortOrder' | 'globalFilter'> => {
  const account = accountId || filters.AccountId;
  const city = filters.City.trim();
  const zip = filters.Zip.trim();
  return {
    ...(account ? { AccountId: account } : {}),
    ...(filters.Status ? { Status: filters.Status } : {}),
    ...(filters.State ? { State: filters.State } : {}),
    ...(city ? { City: city } : {}),
    ...(zip ? { Zip: zip } : {}),
    ...(filters.GroupId ? { GroupId: filters.GroupId } : {}),
    ...(filters.GoogleChanged ? { GoogleChanged: true } : {}),
    ...(filters.CompletenessBelow ? { CompletenessBelow: Number(filters.CompletenessBelow) } : {}),
    ...(filters.Verification ? { Verification: filters.Verification } : {}),
  };
};

export const buildFilteringData = (state: DirectoryState, accountId?: string | null): FilteringDataBody => ({
  first: Math.max(0, Math.floor(state.first)),
  rows: state.rows,
  sortField: state.sortField,
  sortOrder: state.sortOrder,
  globalFilter: state.globalFilter.trim(),
  ...activeFilters(state.filters, accountId),
});

/** The CSV export's query: what the table shows, every page. */
export const buildExportQuery = (state: DirectoryState, accountId?: string | null): Record<string, string> => {
  const { first: _first, rows: _rows, ...rest } = buildFilteringData(state, accountId);
  return Object.fromEntries(
    Object.entries(rest)
      .map(([k, v]) => [k, String(v)])
      .filter(([, v]) => v !== ''),
  );
};

/** A changed filter starts at the first page. */
export const withFilters = (state: DirectoryState, change: Partial<DirectoryFilters>): DirectoryState => {
  const filters = { ...state.filters, ...change };
  return (Object.keys(change) as (keyof DirectoryFilters)[]).every((k) => state.filters[k] === filters[k]) ? state : { ...state, filters, first: 0 };
};

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
