import {
  COMPANY_METRICS_COLLECTION,
  DAILY_METRICS,
  DASHBOARD_COMPANIES_COLLECTION,
  DASHBOARD_LOCATIONS_COLLECTION,
  LOCATION_KEYWORDS_COLLECTION,
  LOCATION_METRICS_COLLECTION,
  daysInMonth,
  type CompanyDeletedEvent,
  type CompanyMetricsDoc,
  type ConnectedAccountEvent,
  type DashboardCompanyDoc,
  type DashboardLocationDoc,
  type GoogleSnapshot,
  type InsightsEvent,
  type LocationEvent,
  type LocationKeywordsDoc,
  type LocationMetricsDoc,
  type LocationProfile,
  type MonthSeries,
} from '@locus/contracts';
import type { ProjectionDefinition, ProjectionDocs } from '@locus/platform/ports';

type HandledEvent =
  | Extract<InsightsEvent, { type: 'LocationMetricsImported' | 'LocationSearchKeywordsImported' | 'LocationInsightsImportFailed' }>
  | Extract<LocationEvent, { type: 'LocationCreated' | 'LocationImported' | 'LocationUpdated' | 'LocationPublished' | 'LocationSynced' | 'LocationDeleted' }>
  | Extract<ConnectedAccountEvent, { type: 'GoogleAccountDisconnected' }>
  | CompanyDeletedEvent;

const monthId = (ownerId: string, month: string) => `${ownerId}:${month}`;

/** Adds `sign` × `series` into `into` (in place), day by day. */
function addSeries(into: MonthSeries, series: MonthSeries, sign: 1 | -1, days: number): void {
  for (const metric of DAILY_METRICS) {
    const values = series[metric];
    if (!values) continue;
    const target = (into[metric] ??= new Array<number>(days).fill(0));
    for (let i = 0; i < values.length; i++) target[i] = (target[i] ?? 0) + sign * (values[i] ?? 0);
  }
}

async function addToCompanyMonth(docs: ProjectionDocs, companyId: string, month: string, delta: MonthSeries, sign: 1 | -1): Promise<void> {
  const id = monthId(companyId, month);
  const existing = await docs.get<CompanyMetricsDoc>(COMPANY_METRICS_COLLECTION, id);
  const m: MonthSeries = {};
  if (existing) for (const metric of DAILY_METRICS) if (existing.m[metric]) m[metric] = [...existing.m[metric]];
  addSeries(m, delta, sign, daysInMonth(month));
  docs.put(COMPANY_METRICS_COLLECTION, { _id: id, companyId, month, m });
}

/** Drops a location's metric months and takes them out of its company's totals. */
async function removeLocationMetrics(docs: ProjectionDocs, locationId: string): Promise<void> {
  for (const doc of await docs.find<LocationMetricsDoc>(LOCATION_METRICS_COLLECTION, { locationId })) {
    await addToCompanyMonth(docs, doc.companyId, doc.month, doc.m, -1);
    docs.delete(LOCATION_METRICS_COLLECTION, doc._id);
  }
  docs.delete(LOCATION_KEYWORDS_COLLECTION, locationId);
}

const COUNTED = ['active', 'missingEmail', 'reviewCount', 'importFailed'] as const;

/** Moves the company's sums from `before` to `after` (either may be absent). */
async function applyToCompany(
  docs: ProjectionDocs,
  companyId: string,
  before: DashboardLocationDoc | null,
  after: DashboardLocationDoc | null,
  position: number,
) {
  const existing = await docs.get<DashboardCompanyDoc>(DASHBOARD_COMPANIES_COLLECTION, companyId);
  const sums: DashboardCompanyDoc = existing
    ? { ...existing }
    : {
        _id: companyId,
        companyId,
        locations: 0,
        active: 0,
        missingEmail: 0,
        reviewCount: 0,
        ratingWeight: 0,
        ratedReviews: 0,
        importFailed: 0,
        changedAt: position,
      };
  sums.changedAt = position;
  const apply = (doc: DashboardLocationDoc | null, sign: 1 | -1) => {
    if (!doc) return;
    sums.locations += sign;
    for (const key of COUNTED) sums[key] += sign * doc[key];
    if (doc.rating !== null && doc.reviewCount > 0) {
      sums.ratingWeight += sign * doc.rating * doc.reviewCount;
      sums.ratedReviews += sign * doc.reviewCount;
    }
  };
  apply(before, -1);
  apply(after, 1);
  if (sums.locations <= 0) docs.delete(DASHBOARD_COMPANIES_COLLECTION, companyId);
  else docs.put(DASHBOARD_COMPANIES_COLLECTION, sums);
}

/**
 * Whether a location's change reaches its company's document: the sums, or the titles of the
 * missing-email list that `changedAt` versions. A sync's new date alone does not.
 */
const reachesCompany = (before: DashboardLocationDoc | null, after: DashboardLocationDoc) =>
  !before ||
  before.companyId !== after.companyId ||
  before.rating !== after.rating ||
  before.title !== after.title ||
  before.titleSort !== after.titleSort ||
  COUNTED.some((key) => before[key] !== after[key]);

async function putDashboardLocation(docs: ProjectionDocs, before: DashboardLocationDoc | null, after: DashboardLocationDoc, position: number): Promise<void> {
  docs.put(DASHBOARD_LOCATIONS_COLLECTION, after);
  if (reachesCompany(before, after)) await applyToCompany(docs, after.companyId, before, after, position);
}

async function removeDashboardLocation(docs: ProjectionDocs, locationId: string, position: number): Promise<void> {
  const before = await docs.get<DashboardLocationDoc>(DASHBOARD_LOCATIONS_COLLECTION, locationId);
  if (!before) return;
  docs.delete(DASHBOARD_LOCATIONS_COLLECTION, locationId);
  await applyToCompany(docs, before.companyId, before, null, position);
}

const withProfile = (doc: DashboardLocationDoc, profile: LocationProfile): DashboardLocationDoc => ({
  ...doc,
  title: profile.Title,
  titleSort: profile.Title.trim().toLowerCase(),
  missingEmail: profile.PrimaryEmail?.trim() ? 0 : 1,
});

const withGoogle = (doc: DashboardLocationDoc, google: GoogleSnapshot, syncedAt: string): DashboardLocationDoc => ({
  ...doc,
  active: google.openStatus === 'OPEN' ? 1 : 0,
  reviewCount: google.totalRatingsCount,
  rating: google.totalRating,
  lastSyncDate: syncedAt,
});

/**
 * The location's last insights import: a month or the keywords read (`importedAt`) or the
 * import given up. Only a change is written, so the months of one import move the company's
 * sums once.
 */
async function recordImport(docs: ProjectionDocs, locationId: string, outcome: { at: string; error: string | null }, position: number): Promise<void> {
  const before = await docs.get<DashboardLocationDoc>(DASHBOARD_LOCATIONS_COLLECTION, locationId);
  if (!before) return;
  const failed = outcome.error === null ? 0 : 1;
  if (before.importFailed === failed && before.importAt === outcome.at && before.importError === outcome.error) return;
  // events replayed out of order by time never move the state back
  if (before.importAt !== null && outcome.at < before.importAt) return;
  await putDashboardLocation(
    docs,
    before,
    {
      ...before,
      importFailed: failed,
      importAt: outcome.at,
      importedAt: failed ? before.importedAt : outcome.at,
      importError: outcome.error,
    },
    position,
  );
}

function newDashboardLocation(d: { locationId: string; companyId: string; connectionId: string; profile: LocationProfile }): DashboardLocationDoc {
  return withProfile(
    {
      _id: d.locationId,
      companyId: d.companyId,
      connectionId: d.connectionId,
      title: '',
      titleSort: '',
      active: 0,
      missingEmail: 0,
      lastSyncDate: null,
      reviewCount: 0,
      rating: null,
      importFailed: 0,
      importAt: null,
      importedAt: null,
      importError: null,
    },
    d.profile,
  );
}

/**
 * Insights read models: metric months per location and per company, search keywords, and the
 * dashboard's per-location facts with their company sums. Every company sum moves by the
 * difference a location's change makes, so a re-import of the same days changes nothing and a
 * deleted location leaves no trace.
 */
export const insightsProjection: ProjectionDefinition<HandledEvent> = {
  name: 'insights',
  // 2: the locations without a primary email are read from dashboard-locations through an index,
  // no longer kept in the company's sums document (a map of every such location, copied on every
  // location event: quadratic, the 100,000-location scale setup did not finish); import failures.
  version: 2,
  collections: [
    {
      name: LOCATION_METRICS_COLLECTION,
      indexes: [{ key: { locationId: 1, month: 1 } }, { key: { companyId: 1, month: 1 } }],
      queries: [{ name: 'a location over months', filter: { locationId: 'l', month: { $gte: '2025-01', $lte: '2025-12' } } }],
    },
    {
      name: COMPANY_METRICS_COLLECTION,
      indexes: [{ key: { companyId: 1, month: 1 } }],
      queries: [{ name: 'a company over months', filter: { companyId: 'c', month: { $gte: '2025-01', $lte: '2025-12' } } }],
    },
    { name: LOCATION_KEYWORDS_COLLECTION, indexes: [{ key: { companyId: 1 } }] },
    {
      name: DASHBOARD_LOCATIONS_COLLECTION,
      indexes: [
        { key: { companyId: 1, lastSyncDate: 1 } },
        { key: { companyId: 1, connectionId: 1 } },
        { key: { companyId: 1, importFailed: 1, importAt: -1 } },
        { key: { companyId: 1, missingEmail: 1, titleSort: 1 } },
      ],
      queries: [
        { name: 'synched since', filter: { companyId: 'c', lastSyncDate: { $gte: '2025-01-01T00:00:00.000Z' } } },
        { name: 'failed imports, latest first', filter: { companyId: 'c', importFailed: 1 }, sort: { importAt: -1 } },
        { name: 'without a primary email', filter: { companyId: 'c', missingEmail: 1 }, sort: { titleSort: 1, _id: 1 } },
      ],
    },
    { name: DASHBOARD_COMPANIES_COLLECTION, indexes: [] },
  ],
  handles: [
    'LocationMetricsImported',
    'LocationSearchKeywordsImported',
    'LocationInsightsImportFailed',
    'LocationCreated',
    'LocationImported',
    'LocationUpdated',
    'LocationPublished',
    'LocationSynced',
    'LocationDeleted',
    'GoogleAccountDisconnected',
    'CompanyDeleted',
  ],
  async evolve(event, docs) {
    switch (event.type) {
      case 'LocationMetricsImported': {
        const d = event.data;
        // Metrics of a location no longer in the read model (deleted meanwhile) are not kept.
        if (!(await docs.get(DASHBOARD_LOCATIONS_COLLECTION, d.locationId))) return;
        const id = monthId(d.locationId, d.month);
        const days = daysInMonth(d.month);
        const existing = await docs.get<LocationMetricsDoc>(LOCATION_METRICS_COLLECTION, id);
        const m: MonthSeries = {};
        const delta: MonthSeries = {};
        for (const metric of DAILY_METRICS) {
          const incoming = d.values[metric];
          const before = existing?.m[metric];
          if (!incoming) {
            if (before) m[metric] = before;
            continue;
          }
          const next = before ? [...before] : new Array<number>(days).fill(0);
          const diff = new Array<number>(days).fill(0);
          incoming.forEach((value, i) => {
            const day = d.firstDay - 1 + i;
            if (day >= days) return;
            diff[day] = value - (next[day] ?? 0);
            next[day] = value;
          });
          m[metric] = next;
          delta[metric] = diff;
        }
        docs.put(LOCATION_METRICS_COLLECTION, { _id: id, companyId: d.companyId, locationId: d.locationId, month: d.month, m });
        await addToCompanyMonth(docs, d.companyId, d.month, delta, 1);
        await recordImport(docs, d.locationId, { at: d.importedAt, error: null }, event.position);
        return;
      }
      case 'LocationSearchKeywordsImported': {
        const d = event.data;
        if (!(await docs.get(DASHBOARD_LOCATIONS_COLLECTION, d.locationId))) return;
        const keywords = [...d.keywords].sort((a, b) => b.Value - a.Value || a.SearchKeyword.localeCompare(b.SearchKeyword));
        const doc: LocationKeywordsDoc = {
          _id: d.locationId,
          companyId: d.companyId,
          locationId: d.locationId,
          fromMonth: d.fromMonth,
          toMonth: d.toMonth,
          keywords,
        };
        docs.put(LOCATION_KEYWORDS_COLLECTION, doc);
        await recordImport(docs, d.locationId, { at: d.importedAt, error: null }, event.position);
        return;
      }
      case 'LocationInsightsImportFailed': {
        const d = event.data;
        await recordImport(docs, d.locationId, { at: d.failedAt ?? event.created.toISOString(), error: d.message || d.code }, event.position);
        return;
      }
      case 'LocationCreated': {
        const before = await docs.get<DashboardLocationDoc>(DASHBOARD_LOCATIONS_COLLECTION, event.data.locationId);
        await putDashboardLocation(docs, before, newDashboardLocation(event.data), event.position);
        return;
      }
      case 'LocationImported': {
        const d = event.data;
        const before = await docs.get<DashboardLocationDoc>(DASHBOARD_LOCATIONS_COLLECTION, d.locationId);
        await putDashboardLocation(docs, before, withGoogle(newDashboardLocation(d), d.google, d.syncedAt), event.position);
        return;
      }
      case 'LocationUpdated': {
        const before = await docs.get<DashboardLocationDoc>(DASHBOARD_LOCATIONS_COLLECTION, event.data.locationId);
        if (before) await putDashboardLocation(docs, before, withProfile(before, event.data.profile), event.position);
        return;
      }
      case 'LocationPublished': {
        const before = await docs.get<DashboardLocationDoc>(DASHBOARD_LOCATIONS_COLLECTION, event.data.locationId);
        if (before) await putDashboardLocation(docs, before, withGoogle(before, event.data.google, event.data.publishedAt), event.position);
        return;
      }
      case 'LocationSynced': {
        const d = event.data;
        const before = await docs.get<DashboardLocationDoc>(DASHBOARD_LOCATIONS_COLLECTION, d.locationId);
        if (before) await putDashboardLocation(docs, before, withGoogle(withProfile(before, d.profile), d.google, d.syncedAt), event.position);
        return;
      }
      case 'LocationDeleted':
        await removeDashboardLocation(docs, event.data.locationId, event.position);
        await removeLocationMetrics(docs, event.data.locationId);
        return;
      case 'GoogleAccountDisconnected': {
        const { companyId, connectionId } = event.data;
        for (const doc of await docs.find<DashboardLocationDoc>(DASHBOARD_LOCATIONS_COLLECTION, { companyId, connectionId })) {
          await removeDashboardLocation(docs, doc._id, event.position);
          await removeLocationMetrics(docs, doc._id);
        }
        return;
      }
      case 'CompanyDeleted': {
        const { companyId } = event.data;
        for (const collection of [
          LOCATION_METRICS_COLLECTION,
          COMPANY_METRICS_COLLECTION,
          LOCATION_KEYWORDS_COLLECTION,
          DASHBOARD_LOCATIONS_COLLECTION,
          DASHBOARD_COMPANIES_COLLECTION,
        ]) {
          for (const doc of await docs.find(collection, { companyId })) docs.delete(collection, doc._id);
        }
        return;
      }
      default: {
        const never: never = event;
        return never;
      }
    }
  },
};

export const projections = [insightsProjection];
