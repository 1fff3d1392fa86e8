import { describe, expect, it, onTestFinished } from 'vitest';
import {
  assignLocationRoute,
  authCallbackRoute,
  connectAccountsRoute,
  connectTokenUrlRoute,
  DAILY_METRICS,
  dashboardFetchRoute,
  getLocationRoute,
  locationItemsRoute,
  metricsInsightsRoute,
  reviewsGrowthInsightsRoute,
  syncLocationRoute,
  updateLocationRoute,
} from '@locus/contracts';
import { consentAs, sandboxDirectory } from '@locus/command-api/connections/sandbox-consent';
import { insightsReactors } from '@locus/command-api/insights/index';
import { startLocationsTestStack } from '@locus/command-api/locations/testing/stack';
import { eventually } from '@locus/tests/stack/eventually';
import { invalid, requestJson } from '@locus/tests/stack/route-client';
import { insightsProjection } from '@locus/projectors/insights/index';
import { accessTokenFor } from '@locus/sandbox/google/testing';
import { insightsQueryRoutes } from './routes';

/** A small account (three standalone businesses) keeps each test's own import short. */
const ACCOUNT = 'Avery Johnson';
/** What the sandbox holds for the imported account, read straight from its Google APIs. */
interface SandboxTruth {
  locations: { name: string; open: boolean; reviews: number; average: number | null }[];
  callsPerDay: Map<string, number>;
}

/** The Performance API's answer for one metric of one location. */
interface GoogleMetricSeries {
  multiDailyMetricTimeSeries: {
    dailyMetricTimeSeries: { timeSeries: { datedValues: { date: { year: number; month: number; day: number }; value?: string }[] } }[];
  }[];
}

async function readSandbox(base: string, accountName: string, email: string): Promise<SandboxTruth> {
  const token = await accessTokenFor(base, email);
  const get = async <T>(url: string) => {
    const res = await requestJson<T>(`${base}${url}`, { token });
    expect(res.status, url).toBe(200);
    return res.body;
  };
  const list = await get<{ locations: { name: string; openInfo?: { status?: string } }[] }>(
    `/google/mybusinessbusinessinformation/v1/${accountName}/locations?readMask=name,openInfo&pageSize=100`,
  );
  const locations: SandboxTruth['locations'] = [];
  const callsPerDay = new Map<string, number>();
  const now = new Date();
  const end = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()) - 86_400_000);
  const start = new Date(end.getTime() - 29 * 86_400_000);
  const q = (p: string, d: Date) =>
    `dailyRange.${p}.year=${d.getUTCFullYear()}&dailyRange.${p}.month=${d.getUTCMonth() + 1}&dailyRange.${p}.day=${d.getUTCDate()}`;
  for (const loc of list.locations) {
    const reviews = await get<{ totalReviewCount?: number; averageRating?: number }>(`/google/mybusiness/v4/${accountName}/${loc.name}/reviews?pageSize=1`);
    locations.push({
      name: loc.name,
      open: (loc.openInfo?.status ?? 'OPEN') === 'OPEN',
      reviews: reviews.totalReviewCount ?? 0,
      average: reviews.averageRating ?? null,
    });
    const perf = await get<GoogleMetricSeries>(
      `/google/businessprofileperformance/v1/${loc.name}:fetchMultiDailyMetricsTimeSeries?dailyMetrics=CALL_CLICKS&${q('startDate', start)}&${q('endDate', end)}`,
    );
    for (const v of perf.multiDailyMetricTimeSeries[0]!.dailyMetricTimeSeries[0]!.timeSeries.datedValues) {
      const day = `${v.date.year}-${String(v.date.month).padStart(2, '0')}-${String(v.date.day).padStart(2, '0')}`;
      callsPerDay.set(day, (callsPerDay.get(day) ?? 0) + Number(v.value ?? 0));
    }
  }
  return { locations, callsPerDay };
}

/**
 * The given state of every test: a stack of its own (its own sandbox, so an injected Google
 * failure or a sync is no other test's) with a company that connected the account and imported
 * its locations, and another company. Answers the sandbox's data for the account too.
 */
async function givenImportedInsights() {
  const stack = await startLocationsTestStack({
    extras: { projections: [insightsProjection], reactors: [(d) => insightsReactors(d)], queryFeatures: [insightsQueryRoutes] },
  });
  onTestFinished(() => stack.close());
  const { send } = stack.test;
  const company = await stack.seedCompany('Insights Co');
  const other = await stack.seedCompany('Other Co');
  const owner = (await sandboxDirectory(stack.sandbox.url)).accounts.find((a) => a.accountName === ACCOUNT)!;
  const email = owner.members.find((m) => m.role === 'PRIMARY_OWNER')?.email ?? owner.members[0]!.email!;
  const tokenUrl = await send(connectTokenUrlRoute, { token: company.adminToken });
  const { code, state } = await consentAs(tokenUrl.body.RedirectUrl!, email);
  const cb = await send(authCallbackRoute, { body: { Code: code, State: state } });
  expect(cb.status, cb.text).toBe(200);
  await stack.waitForProjections();
  const connect = await send(connectAccountsRoute, {
    params: { processId: cb.body.ProcessId! },
    body: { SelectedAccounts: [owner.name] },
    token: company.adminToken,
  });
  expect(connect.status, connect.text).toBe(200);

  const truth = await readSandbox(stack.sandbox.url, owner.name, email);
  const seriesTotal = async () => {
    const res = await send(metricsInsightsRoute, { body: { InsightsDurationDays: 30, Metric: ['CALL_CLICKS'] }, token: company.adminToken });
    expect(res.status, res.text).toBe(200);
    return res.body.Data[0]!.SeriesValues.reduce((n, p) => n + p.Value, 0);
  };
  const expectedCalls = [...truth.callsPerDay.values()].reduce((a, b) => a + b, 0);
  await eventually(async () => (await seriesTotal()) === expectedCalls, { what: 'the imported calls to equal the sandbox’s', timeoutMs: 90_000 });
  return { stack, send, company, other, truth };
}

describe('insights: import from the Performance API, dashboard and details', () => {
  it('imports an account and its insights; the tiles and series equal the sandbox data', async () => {
    const { send, company, truth } = await givenImportedInsights();
    const expectedCalls = [...truth.callsPerDay.values()].reduce((a, b) => a + b, 0);
    expect(expectedCalls).toBeGreaterThan(0);
    const res = await send(metricsInsightsRoute, { body: { InsightsDurationDays: 30, Metric: ['CALL_CLICKS'] }, token: company.adminToken });
    for (const p of res.body.Data[0].SeriesValues) expect(p.Value, p.Label).toBe(truth.callsPerDay.get(p.Label) ?? 0);

    const dash = await send(dashboardFetchRoute, { params: { durationDays: '180', flag: 'true' }, token: company.adminToken });
    expect(dash.status).toBe(200);
    const d = dash.body.Data;
    const reviews = truth.locations.reduce((n, l) => n + l.reviews, 0);
    const rated = truth.locations.filter((l) => l.average !== null && l.reviews > 0);
    const average = rated.reduce((n, l) => n + l.average! * l.reviews, 0) / rated.reduce((n, l) => n + l.reviews, 0);
    expect(d.TotalLocations).toBe(truth.locations.filter((l) => l.open).length);
    expect(d.TotalLocationsSynchronizedInLastDay).toBe(truth.locations.length);
    expect(d.TotalLocationsReviews).toBe(reviews);
    expect(d.AverageLocationsRating).toBe(Math.round(average * 100) / 100);
    expect(d.CallsMadeMetricSeriesData!.SeriesValues).toHaveLength(180);
    expect(d.BusinessProfileViewsInsightsData!.SeriesValues.map((s) => s.DataPointLabel)).toContain('Google Maps - desktop');
    expect(d.NumberOfReviewsOverTime!.SeriesValues).toHaveLength(180);
    // imported locations carry no primary email
    expect(d.LocationsWithoutPrimaryEmail).toHaveLength(truth.locations.length);
    const titles = d.LocationsWithoutPrimaryEmail.map((l: { Title: string }) => l.Title.trim().toLowerCase());
    expect(titles).toEqual([...titles].sort()); // by title, as the dialog lists them

    const tilesOnly = await send(dashboardFetchRoute, { params: { durationDays: '90', flag: 'false' }, token: company.adminToken });
    expect(tilesOnly.body.Data.CallsMadeMetricSeriesData).toBeNull();
    expect(tilesOnly.body.Data.TotalLocations).toBe(d.TotalLocations);
  }, 120_000);

  it('answers a window per duration, for one location, and refuses bad input by field', async () => {
    const { send, company, other } = await givenImportedInsights();
    const week = await send(metricsInsightsRoute, {
      body: {
        InsightsDurationDays: 7,
        Metric: ['WEBSITE_CLICKS', 'CALL_CLICKS'],
      },
      token: company.adminToken,
    });
    expect(week.body.Data.map((s) => [s.Metric, s.SeriesValues.length])).toEqual([
      ['WEBSITE_CLICKS', 7],
      ['CALL_CLICKS', 7],
    ]);
    const bad = await send(metricsInsightsRoute, { body: { InsightsDurationDays: 8, Metric: invalid(['NOPE']) }, token: company.adminToken });
    expect(bad.status).toBe(400);
    expect(bad.text).toContain('InsightsDurationDays');
    expect(bad.text).toContain('Metric');
    expect((await send(dashboardFetchRoute, { params: { durationDays: '12', flag: 'true' }, token: company.adminToken })).status).toBe(400);

    const items = await send(locationItemsRoute, { token: company.adminToken });
    const locationId = items.body.Data[0].LocationId as string;
    const one = await send(metricsInsightsRoute, {
      body: {
        InsightsDurationDays: 90,
        Metric: [...DAILY_METRICS],
        LocationId: locationId,
      },
      token: company.adminToken,
    });
    expect(one.status).toBe(200);
    expect(one.body.Data).toHaveLength(DAILY_METRICS.length);
    // another company's location is not found
    expect(
      (await send(metricsInsightsRoute, { body: { InsightsDurationDays: 90, Metric: ['CALL_CLICKS'], LocationId: locationId }, token: other.adminToken }))
        .status,
    ).toBe(404);
    expect((await send(reviewsGrowthInsightsRoute, { body: { InsightsDurationDays: 30, LocationId: locationId }, token: other.adminToken })).status).toBe(404);

    const details = await send(getLocationRoute, { params: { id: locationId }, token: company.adminToken });
    const insights = details.body.Data.LocationInsights;
    expect(insights.WebsiteClicksMetricSeriesData.SeriesValues).toHaveLength(90);
    expect(insights.SearchKeywords.length).toBeGreaterThan(0);
    expect(insights.SearchKeywords.length).toBeLessThanOrEqual(10);
    expect(insights.SearchKeywordsTotal).toBe(insights.SearchKeywords.reduce((n, k) => n + k.Value, 0));
  }, 120_000);

  it('shows a company user only the locations assigned to them', async () => {
    const { stack, send, company } = await givenImportedInsights();
    const none = await send(dashboardFetchRoute, { params: { durationDays: '180', flag: 'true' }, token: company.userToken });
    expect(none.status).toBe(200);
    expect(none.body.Data).toMatchObject({ TotalLocations: 0, TotalLocationsReviews: 0, LocationsWithoutPrimaryEmail: [] });
    expect(none.body.Data.CallsMadeMetricSeriesData!.SeriesValues.every((p) => p.Value === 0)).toBe(true);

    const items = await send(locationItemsRoute, { token: company.adminToken });
    const locationId = items.body.Data[1].LocationId as string;
    const assigned = await send(assignLocationRoute, { body: { UserId: company.userId, LocationId: locationId }, token: company.adminToken });
    expect(assigned.status, assigned.text).toBe(200);
    await stack.waitForProjections();
    const one = await send(metricsInsightsRoute, {
      body: {
        InsightsDurationDays: 180,
        Metric: ['CALL_CLICKS'],
        LocationId: locationId,
      },
      token: company.adminToken,
    });
    const mine = await send(dashboardFetchRoute, { params: { durationDays: '180', flag: 'true' }, token: company.userToken });
    expect(mine.body.Data.CallsMadeMetricSeriesData!.SeriesValues).toEqual(one.body.Data[0].SeriesValues);
    expect(mine.body.Data.TotalLocationsSynchronizedInLastDay).toBe(1);
  }, 120_000);

  it('a sync reads the recent days again without counting them twice', async () => {
    const { stack, send, company } = await givenImportedInsights();
    const before = await send(metricsInsightsRoute, { body: { InsightsDurationDays: 365, Metric: ['CALL_CLICKS'] }, token: company.adminToken });
    const items = await send(locationItemsRoute, { token: company.adminToken });
    const sync = await send(syncLocationRoute, { params: { id: items.body.Data[0].LocationId }, token: company.adminToken });
    expect(sync.status, sync.text).toBe(200);
    await stack.waitForProjections();
    const events = await eventually(
      async () => {
        const after = await send(metricsInsightsRoute, { body: { InsightsDurationDays: 365, Metric: ['CALL_CLICKS'] }, token: company.adminToken });
        return after.body.Data[0].SeriesValues.length === 365 ? after : null;
      },
      { what: 'a series' },
    );
    expect(events.body.Data[0].SeriesValues).toEqual(before.body.Data[0].SeriesValues);
  }, 120_000);

  it("shows an import Google refused, with Google's reason, on the details and the dashboard until an import succeeds", async () => {
    const { stack, send, company } = await givenImportedInsights();
    const items = await send(locationItemsRoute, { token: company.adminToken });
    const locationId = items.body.Data[2].LocationId as string;
    const refuse = await requestJson(`${stack.sandbox.url}/google/__sandbox/fail-next`, {
      method: 'POST',
      body: { status: 400, count: 1, pathIncludes: ':fetchMultiDailyMetricsTimeSeries' },
    });
    expect(refuse.status).toBe(200);
    /** Syncs the location and waits for its details to report an import with `status`. */
    const syncUntil = async (status: 'Failed' | 'Imported') => {
      const sync = await send(syncLocationRoute, { params: { id: locationId }, token: company.adminToken });
      expect(sync.status, sync.text).toBe(200);
      return eventually(
        async () => {
          const state = (await send(getLocationRoute, { params: { id: locationId }, token: company.adminToken })).body.Data.LocationInsights.ImportState;
          return state?.Status === status ? state : null;
        },
        { what: `an import ${status} on the details` },
      );
    };
    const failed = await syncUntil('Failed');
    expect(failed.Message).toContain('was refused (injected failure)'); // Google's own reason, quoted
    expect(failed.LastImportedAt).not.toBeNull();
    const dash = await send(dashboardFetchRoute, { params: { durationDays: '180', flag: 'false' }, token: company.adminToken });
    expect(dash.body.Data.InsightsImportFailures.Count).toBe(1);
    expect(dash.body.Data.InsightsImportFailures.Locations).toEqual([
      { Id: locationId, Title: items.body.Data[2].Title, FailedAt: failed.At, Message: failed.Message },
    ]);
    // a company user assigned none of the company's failed locations sees none of them
    const theirs = await send(dashboardFetchRoute, { params: { durationDays: '180', flag: 'false' }, token: company.userToken });
    expect(theirs.body.Data.InsightsImportFailures.Count).toBe(0);

    const imported = await syncUntil('Imported');
    expect(imported.Message).toBeNull();
    expect(
      (await send(dashboardFetchRoute, { params: { durationDays: '180', flag: 'false' }, token: company.adminToken })).body.Data.InsightsImportFailures,
    ).toEqual({ Count: 0, Locations: [] });
  }, 120_000);

  it('the missing-email list follows a location given a primary email (the sorted list kept between calls is renewed)', async () => {
    const { stack, send, company } = await givenImportedInsights();
    const before = (await send(dashboardFetchRoute, { params: { durationDays: '7', flag: 'false' }, token: company.adminToken })).body.Data
      .LocationsWithoutPrimaryEmail as {
      Id: string;
      Title: string;
    }[];
    expect(before.length).toBeGreaterThan(1);
    const titles = before.map((l) => l.Title.toLowerCase());
    expect(titles).toEqual([...titles].sort());
    const saved = await send(updateLocationRoute, {
      params: { id: before[0]!.Id },
      body: { PrimaryEmail: 'front-desk@insights.test' },
      token: company.adminToken,
    });
    expect(saved.status, saved.text).toBe(200);
    await stack.waitForProjections();
    const after = (await send(dashboardFetchRoute, { params: { durationDays: '7', flag: 'false' }, token: company.adminToken })).body.Data
      .LocationsWithoutPrimaryEmail;
    expect(after).toEqual(before.slice(1));
  }, 120_000);
});
