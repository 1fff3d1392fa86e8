import { text } from 'node:stream/consumers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DirectoryExportQuerySchema, LOCATIONS_COLLECTION, type LocationDoc } from '@locus/contracts';
import { createEmbeddedReadStore, type Collection, type ReadStore } from '@locus/platform';
import { EXPORT_BATCH, directoryCsv, directoryFilter, directorySort } from './directory';

/** A directory document as the locations projection writes it (only what the directory reads). */
const doc = (
  n: number,
  o: { company?: string; status?: string; state?: string; town?: string; zip?: string; connection?: string; title?: string } = {},
): LocationDoc => {
  const title = o.title ?? `Shop ${String(n).padStart(4, '0')}`;
  const storeCode = `S-${String(n).padStart(4, '0')}`;
  const town = o.town ?? 'Denver';
  return {
    _id: `loc-${n}`,
    companyId: o.company ?? 'c1',
    connectionId: o.connection ?? 'k1',
    accountName: 'accounts/1',
    accountDisplayName: 'Brand',
    profile: {
      Title: title,
      StoreCode: storeCode,
      StreetAddressLine1: `${n} Main St`,
      StreetAddressLine2: '',
      Town: town,
      State: o.state ?? 'CO',
      PostCode: o.zip ?? '80202',
      PrimaryPhoneNumber: '(303) 555-0100',
    },
    openStatus: o.status ?? 'Published',
    isPublished: true,
    canReopen: false,
    canDelete: true,
    thumbnailUrl: null,
    totalRating: 4.5,
    totalRatingsCount: 3,
    lastSyncDate: null,
    googleName: null,
    primaryOwnerId: null,
    primaryOwnerName: null,
    googleError: null,
    storeCodeSort: storeCode.toLowerCase(),
    titleSort: title.toLowerCase(),
    stateCode: o.state ?? 'CO',
    townLower: town.toLowerCase(),
    postCode: o.zip ?? '80202',
    searchText: [storeCode, title].join('\u0001').toLowerCase(),
  } as unknown as LocationDoc;
};

const query = (q: Record<string, string> = {}) => DirectoryExportQuerySchema.parse(q);
/** The export's lines (CRLF-free), without the byte-order mark. */
const csvLines = async (collection: Collection<LocationDoc>, companyId: string, q: Record<string, string>) =>
  (await text(directoryCsv(collection, directoryFilter(companyId, query(q)), directorySort(query(q)))))
    .replace(/^\uFEFF/, '')
    .trim()
    .split(/\r?\n/);

let store: ReadStore;
let locations: Collection<LocationDoc>;

beforeAll(async () => {
  store = createEmbeddedReadStore({ file: ':memory:' });
  locations = store.collection<LocationDoc>(LOCATIONS_COLLECTION);
  const docs = [
    doc(1, { status: 'Unpublished', state: 'CO', town: 'Denver', zip: '80202' }),
    doc(2, { status: 'Published', state: 'CO', town: 'Boulder', zip: '80301' }),
    doc(3, { status: 'Published', state: 'TX', town: 'Austin', zip: '78701', connection: 'k2' }),
    doc(4, { status: 'ClosedTemporarily', state: 'TX', town: 'Denver City', zip: '79323' }),
    doc(5, { company: 'c2', state: 'CO', town: 'Denver', title: 'Other company' }),
    // a cell a spreadsheet would run as a formula
    doc(6, { state: 'NY', town: 'New York', zip: '10001', title: '=HYPERLINK("http://evil.example")' }),
  ];
  await locations.bulkWrite(docs.map((d) => ({ insertOne: { document: d } })));
});
afterAll(async () => {
  await store?.close();
});

describe('directory filters and CSV export', () => {
  it('filters by status, state and connected account, and searches city and ZIP on their own fields', async () => {
    const ids = async (q: Record<string, string>) =>
      (await locations.find(directoryFilter('c1', query(q)), { sort: directorySort(query(q)) })).map((d) => d._id);
    expect(await ids({})).toEqual(['loc-1', 'loc-2', 'loc-3', 'loc-4', 'loc-6']);
    expect(await ids({ Status: 'Published' })).toEqual(['loc-2', 'loc-3', 'loc-6']);
    expect(await ids({ State: 'tx' })).toEqual(['loc-3', 'loc-4']);
    expect(await ids({ AccountId: 'k2' })).toEqual([]); // not a connection id (uuid) nor this account's name
    expect(await ids({ City: 'denver' })).toEqual(['loc-1', 'loc-4']);
    // "80" is no city; "Denver" is no ZIP: each term looks at its own field only
    expect(await ids({ City: '80' })).toEqual([]);
    expect(await ids({ Zip: '80' })).toEqual(['loc-1', 'loc-2']);
    expect(await ids({ Zip: '202' })).toEqual([]);
    expect(await ids({ State: 'TX', City: 'den', Status: 'ClosedTemporarily' })).toEqual(['loc-4']);
  });

  it('refuses a bad filter naming the field', () => {
    const issues = (q: Record<string, string>) => DirectoryExportQuerySchema.safeParse(q).error?.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
    expect(issues({ Status: 'Open' })).toEqual(['Status: Status must be Published, Unpublished, ClosedTemporarily or ClosedPermanently']);
    expect(issues({ State: 'Texas' })).toEqual(['State: State must be at most 2 characters']);
    expect(issues({ Zip: 'abc' })).toEqual(['Zip: Zip must be digits']);
  });

  it("exports the filtered list of the caller's company as CSV, sorted like the table, formulas escaped", async () => {
    const lines = await csvLines(locations, 'c1', { State: 'CO', sortField: 'Title', sortOrder: '-1' });
    expect(lines[0]).toBe(
      'Store Code,Business Name,Address Line 1,Address Line 2,City,State,Postal Code,Primary Phone Number,Status,Rating,Reviews,Last Sync,Connected Account,Primary Owner,Completeness,Missing,Verification',
    );
    expect(lines.slice(1)).toEqual([
      'S-0002,Shop 0002,2 Main St,,Boulder,CO,80301,(303) 555-0100,Published,4.5,3,,Brand,,0,,Not checked',
      'S-0001,Shop 0001,1 Main St,,Denver,CO,80202,(303) 555-0100,Unpublished,4.5,3,,Brand,,0,,Not checked',
    ]);
    const ny = await csvLines(locations, 'c1', { State: 'NY' });
    expect(ny[1]).toContain(`"'=HYPERLINK(""http://evil.example"")"`);
    expect((await csvLines(locations, 'c2', {})).slice(1)).toEqual([expect.stringContaining('Other company')]);
  });

  it('streams every matching row, batch after batch', async () => {
    const many = store.collection<LocationDoc>('many');
    const count = EXPORT_BATCH * 2 + 7;
    await many.bulkWrite(Array.from({ length: count }, (_, i) => ({ insertOne: { document: doc(1000 + i, { company: 'big' }) } })));
    const lines = await csvLines(many, 'big', {});
    expect(lines).toHaveLength(count + 1);
    expect(new Set(lines.slice(1).map((l) => l.split(',')[0])).size).toBe(count);
  });
});
