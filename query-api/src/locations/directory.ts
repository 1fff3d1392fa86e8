import type { Readable } from 'node:stream';
import { VERIFICATION_LABELS, VERIFICATION_NEEDS_ACTION, completenessLabel, type DirectoryExportQuery, type LocationDoc } from '@locus/contracts';
import type { Collection, Filter, SortSpec } from '@locus/platform';
import { csvStream } from '../kit/csv';
import { escapeRegex } from '../kit/paging';
import { toLocationRow } from './rows';

const SORT_KEYS: Record<DirectoryExportQuery['sortField'], string> = {
  StoreCode: 'storeCodeSort',
  Title: 'titleSort',
  TotalRatingsCount: 'totalRatingsCount',
  OpenStatus: 'openStatus',
  LastSyncDate: 'lastSyncDate',
  Completeness: 'completeness',
};

const isUuid = (v: string) => /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(v);

/**
 * The directory's filter (summary and CSV export alike): the company, then the connected account,
 * status and state as equalities, the city and ZIP each searched on its own field (city: contains,
 * ZIP: starts with), and the search box over the joined search text.
 */
export function directoryFilter(companyId: string, f: Omit<DirectoryExportQuery, 'sortField' | 'sortOrder'>): Filter {
  const filter: Filter = { companyId };
  if (f.AccountId) {
    if (isUuid(f.AccountId)) filter.connectionId = f.AccountId;
    else filter.accountName = f.AccountId.startsWith('accounts/') ? f.AccountId : `accounts/${f.AccountId}`;
  }
  if (f.Status) filter.openStatus = f.Status;
  if (f.State) filter.stateCode = f.State;
  if (f.City) filter.townLower = { $regex: escapeRegex(f.City.toLowerCase()) };
  // a prefix as a range of text: answered in SQL (and by an index) on both read stores
  if (f.Zip) filter.postCode = { $gte: f.Zip, $lt: `${f.Zip}\uffff` };
  if (f.GoogleChanged) filter.googleChangedCount = { $gt: 0 };
  // listing health: both answered through their own index (companyId, key, storeCodeSort, _id)
  if (f.CompletenessBelow) filter.completeness = { $lt: f.CompletenessBelow };
  if (f.Verification) filter.verification = f.Verification === 'NeedsAction' ? { $in: [...VERIFICATION_NEEDS_ACTION] } : f.Verification;
  const term = f.globalFilter.toLowerCase();
  if (term) filter.searchText = { $regex: escapeRegex(term) };
  return filter;
}

/** The chosen column, then store code, then id: a total order, so pages never overlap. */
export function directorySort(f: Pick<DirectoryExportQuery, 'sortField' | 'sortOrder'>): SortSpec {
  const key = SORT_KEYS[f.sortField];
  return { [key]: f.sortOrder, ...(key !== 'storeCodeSort' ? { storeCodeSort: 1 } : {}), _id: 1 };
}

/** The export's columns: the directory's, by the names the forms use. */
export const EXPORT_COLUMNS = [
  { key: 'StoreCode', header: 'Store Code' },
  { key: 'Title', header: 'Business Name' },
  { key: 'StreetAddressLine1', header: 'Address Line 1' },
  { key: 'StreetAddressLine2', header: 'Address Line 2' },
  { key: 'Town', header: 'City' },
  { key: 'State', header: 'State' },
  { key: 'PostCode', header: 'Postal Code' },
  { key: 'PrimaryPhoneNumber', header: 'Primary Phone Number' },
  { key: 'OpenStatus', header: 'Status' },
  { key: 'TotalRating', header: 'Rating' },
  { key: 'TotalRatingsCount', header: 'Reviews' },
  { key: 'LastSyncDate', header: 'Last Sync' },
  { key: 'AccountName', header: 'Connected Account' },
  { key: 'PrimaryOwner', header: 'Primary Owner' },
  { key: 'Completeness', header: 'Completeness' },
  { key: 'MissingFields', header: 'Missing' },
  { key: 'Verification', header: 'Verification' },
] as const;

/** Rows are read this many at a time, and only as fast as the client takes them. */
export const EXPORT_BATCH = 500;

async function* exportRecords(collection: Collection<LocationDoc>, filter: Filter, sort: SortSpec): AsyncGenerator<Record<string, unknown>> {
  for (let skip = 0; ; skip += EXPORT_BATCH) {
    const docs = await collection.find(filter, { sort, skip, limit: EXPORT_BATCH, scan: true });
    for (const doc of docs) {
      const row = toLocationRow(doc, null);
      yield {
        ...row,
        PrimaryOwner: row.PrimaryOwner?.Name ?? '',
        MissingFields: row.MissingFields.map(completenessLabel).join('; '),
        Verification: VERIFICATION_LABELS[row.Verification],
      };
    }
    if (docs.length < EXPORT_BATCH) return;
  }
}

/**
 * The matching locations as CSV text, streamed: one batch is read when the client has taken the
 * last (backpressure), and cells a spreadsheet would run as formulas are escaped.
 */
export function directoryCsv(collection: Collection<LocationDoc>, filter: Filter, sort: SortSpec): Readable {
  return csvStream(EXPORT_COLUMNS, exportRecords(collection, filter, sort));
}
