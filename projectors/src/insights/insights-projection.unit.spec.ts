import { describe, expect, it } from 'vitest';
import {
  COMPANY_METRICS_COLLECTION,
  DASHBOARD_COMPANIES_COLLECTION,
  DASHBOARD_LOCATIONS_COLLECTION,
  LOCATION_KEYWORDS_COLLECTION,
  LOCATION_METRICS_COLLECTION,
  type GoogleSnapshot,
  type LocationProfile,
} from '@locus/contracts';
import { projectInMemory } from '@locus/platform/runtime/testing/projection-memory';
import { recorder } from '@locus/platform/runtime/testing/recorded-events';
import { insightsProjection } from './insights-projection';

const profile = (title: string, email: string | null) => ({ Title: title, PrimaryEmail: email }) as unknown as LocationProfile;
const google = (count: number, rating: number | null, openStatus: GoogleSnapshot['openStatus'] = 'OPEN'): GoogleSnapshot => ({
  googleName: 'locations/1',
  placeId: null,
  mapsUri: null,
  openStatus,
  canReopen: false,
  canDelete: true,
  thumbnailUrl: null,
  totalRating: rating,
  totalRatingsCount: count,
});

const imported = (record: ReturnType<typeof recorder>, locationId: string, title: string, email: string | null, g: GoogleSnapshot) =>
  record('LocationImported', {
    locationId,
    companyId: 'c1',
    connectionId: 'k1',
    accountName: 'accounts/1',
    accountDisplayName: 'A',
    processId: 'p',
    profile: profile(title, email),
    hours: [],
    attributes: {},
    urls: {},
    google: g,
    syncedAt: '2025-03-04T09:00:00.000Z',
  });
const metrics = (record: ReturnType<typeof recorder>, locationId: string, firstDay: number, calls: number[]) =>
  record('LocationMetricsImported', { locationId, companyId: 'c1', month: '2025-02', firstDay, values: { CALL_CLICKS: calls }, importedAt: 'x' });

describe('insights projection', () => {
  it('keeps one value per location, metric and day: a re-import of the same days replaces them, the company totals follow', async () => {
    const r = recorder();
    const { all } = await projectInMemory(insightsProjection, [
      imported(r, 'l1', 'One', null, google(10, 4.5)),
      imported(r, 'l2', 'Two', 'two@x.test', google(30, 4.1)),
      metrics(r, 'l1', 1, [1, 2, 3]),
      metrics(r, 'l2', 2, [10, 20]),
      metrics(r, 'l1', 2, [5, 5]), // days 2 and 3 again, revised
    ]);
    const l1 = all(LOCATION_METRICS_COLLECTION).find((d) => d._id === 'l1:2025-02')!;
    expect((l1.m as any).CALL_CLICKS.slice(0, 4)).toEqual([1, 5, 5, 0]);
    expect((l1.m as any).CALL_CLICKS).toHaveLength(28);
    const company = all(COMPANY_METRICS_COLLECTION)[0]!;
    expect(company._id).toBe('c1:2025-02');
    expect((company.m as any).CALL_CLICKS.slice(0, 4)).toEqual([1, 15, 25, 0]);
  });

  it('sums the dashboard tiles per company and takes a deleted location out of every total', async () => {
    const r = recorder();
    const events = [
      imported(r, 'l1', 'One', null, google(10, 4.5)),
      imported(r, 'l2', 'Two', 'two@x.test', google(30, 4.1, 'CLOSED_TEMPORARILY')),
      metrics(r, 'l1', 1, [1, 2]),
      metrics(r, 'l2', 1, [10, 20]),
      r('LocationSearchKeywordsImported', {
        locationId: 'l1',
        companyId: 'c1',
        fromMonth: '2024-12',
        toMonth: '2025-02',
        keywords: [
          { SearchKeyword: 'b', Value: 3 },
          { SearchKeyword: 'a', Value: 9 },
        ],
        importedAt: 'x',
      }),
    ];
    const before = await projectInMemory(insightsProjection, events);
    expect(before.all(DASHBOARD_COMPANIES_COLLECTION)[0]).toMatchObject({
      locations: 2,
      active: 1,
      missingEmail: 1,
      reviewCount: 40,
      ratedReviews: 40,
    });
    expect(
      before
        .all(DASHBOARD_LOCATIONS_COLLECTION)
        .filter((d) => d.missingEmail === 1)
        .map((d) => [d._id, d.title]),
    ).toEqual([['l1', 'One']]);
    expect((before.all(DASHBOARD_COMPANIES_COLLECTION)[0]!.ratingWeight as number) / 40).toBeCloseTo((4.5 * 10 + 4.1 * 30) / 40);
    expect((before.all(LOCATION_KEYWORDS_COLLECTION)[0]!.keywords as any[]).map((k) => k.SearchKeyword)).toEqual(['a', 'b']);

    const after = await projectInMemory(insightsProjection, [
      ...events,
      r('LocationUpdated', { locationId: 'l1', profile: profile('One', 'one@x.test'), changed: ['PrimaryEmail'] }),
      r('LocationDeleted', { locationId: 'l2', companyId: 'c1', deletedFromGoogle: true, storeCode: 'S2', requestId: 'q' }),
    ]);
    expect(after.all(DASHBOARD_COMPANIES_COLLECTION)[0]).toMatchObject({ locations: 1, active: 1, missingEmail: 0, reviewCount: 10 });
    expect(after.all(DASHBOARD_LOCATIONS_COLLECTION).filter((d) => d.missingEmail === 1)).toEqual([]);
    expect(after.all(DASHBOARD_LOCATIONS_COLLECTION).map((d) => d._id)).toEqual(['l1']);
    expect(after.all(LOCATION_METRICS_COLLECTION).map((d) => d._id)).toEqual(['l1:2025-02']);
    expect((after.all(COMPANY_METRICS_COLLECTION)[0]!.m as any).CALL_CLICKS.slice(0, 2)).toEqual([1, 2]);
  });

  it("moves the company's version only for what its tiles or missing-email list show: not for a sync's date or an edit of other fields", async () => {
    const r = recorder();
    const start = [imported(r, 'l1', 'One', null, google(10, 4.5))];
    const changedAt = async (events: ReturnType<typeof r>[]) =>
      (await projectInMemory(insightsProjection, events)).all(DASHBOARD_COMPANIES_COLLECTION)[0]!.changedAt;
    const first = await changedAt(start);
    const published = r('LocationPublished', { locationId: 'l1', requestId: 'q', google: google(10, 4.5), publishedAt: '2025-03-05T09:00:00.000Z' });
    const website = r('LocationUpdated', { locationId: 'l1', profile: profile('One', null), changed: ['Website'] });
    expect(await changedAt([...start, published, website])).toBe(first);
    const retitled = r('LocationUpdated', { locationId: 'l1', profile: profile('One and only', null), changed: ['Title'] });
    expect(await changedAt([...start, published, website, retitled])).toBe(retitled.position);
    const rated = r('LocationPublished', { locationId: 'l1', requestId: 'q', google: google(11, 4.5), publishedAt: '2025-03-06T09:00:00.000Z' });
    expect(await changedAt([...start, rated])).toBe(rated.position);
  });

  it('ignores metrics of a location it does not know (deleted before they arrived)', async () => {
    const r = recorder();
    const { all } = await projectInMemory(insightsProjection, [metrics(r, 'gone', 1, [4])]);
    expect(all(LOCATION_METRICS_COLLECTION)).toEqual([]);
    expect(all(COMPANY_METRICS_COLLECTION)).toEqual([]);
  });

  it("records the last import of each location: a failure with Google's reason, counted for the company, until an import succeeds", async () => {
    const r = recorder();
    const ok = (locationId: string, at: string) =>
      r('LocationMetricsImported', { locationId, companyId: 'c1', month: '2025-02', firstDay: 1, values: { CALL_CLICKS: [1] }, importedAt: at });
    const failed = (locationId: string, at: string) =>
      r('LocationInsightsImportFailed', { locationId, companyId: 'c1', code: 'PERMISSION_DENIED', message: 'Google refused: no access', failedAt: at });
    const events = [
      imported(r, 'l1', 'One', null, google(1, 5)),
      imported(r, 'l2', 'Two', null, google(1, 5)),
      ok('l1', '2025-03-01T00:00:00.000Z'),
      ok('l1', '2025-03-01T00:00:00.000Z'), // a second month of the same import changes nothing
      failed('l1', '2025-03-02T00:00:00.000Z'),
      failed('l2', '2025-03-02T01:00:00.000Z'),
    ];
    const during = await projectInMemory(insightsProjection, events);
    expect(during.all(DASHBOARD_COMPANIES_COLLECTION)[0]).toMatchObject({ importFailed: 2 });
    expect(during.all(DASHBOARD_LOCATIONS_COLLECTION).find((d) => d._id === 'l1')).toMatchObject({
      importFailed: 1,
      importAt: '2025-03-02T00:00:00.000Z',
      importedAt: '2025-03-01T00:00:00.000Z',
      importError: 'Google refused: no access',
    });
    expect(during.all(DASHBOARD_LOCATIONS_COLLECTION).find((d) => d._id === 'l2')).toMatchObject({ importFailed: 1, importedAt: null });

    const after = await projectInMemory(insightsProjection, [
      ...events,
      ok('l1', '2025-03-03T00:00:00.000Z'),
      r('LocationDeleted', { locationId: 'l2', companyId: 'c1', deletedFromGoogle: true, storeCode: 'S2', requestId: 'q' }),
    ]);
    expect(after.all(DASHBOARD_COMPANIES_COLLECTION)[0]).toMatchObject({ importFailed: 0 });
    expect(after.all(DASHBOARD_LOCATIONS_COLLECTION)[0]).toMatchObject({
      _id: 'l1',
      importFailed: 0,
      importAt: '2025-03-03T00:00:00.000Z',
      importedAt: '2025-03-03T00:00:00.000Z',
      importError: null,
    });
  });
});
