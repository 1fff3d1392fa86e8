import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DAILY_METRICS } from '@locus/contracts';
import { consentAs, sandboxDirectory } from '@locus/command-api/connections/sandbox-consent';
import { insightsReactors } from '@locus/command-api/insights/index';
import { startLocationsTestStack, type LocationsTestStack } from '@locus/command-api/locations/testing/stack';
import { insightsProjection } from '@locus/projectors/insights/index';
import { accessTokenFor } from '@locus/sandbox/google/testing';
import { insightsQueryRoutes } from './routes';

let stack: LocationsTestStack;
let company: Awaited<ReturnType<LocationsTestStack['seedCompany']>>;
let other: Awaited<ReturnType<LocationsTestStack['seedCompany']>>;

async function call(method: string, path: string, token: string | null, body?: unknown) {
  const headers: Record<string, string> = {};
  if (token) headers.Authorization = `Bearer ${token}`;
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  const res = await fetch(`${stack.baseUrl}${path}`, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
  const text = await res.text();
  return { status: res.status, body: text ? (JSON.parse(text) as any) : null };
}

async function eventually<T>(check: () => Promise<T | undefined | null | false>, what: string, timeoutMs = 60_000): Promise<T> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const v = await check();
    if (v) return v;
    if (Date.now() > until) throw new Error(`Timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

const ACCOUNT = 'Garcia Family Dental';
/** What the sandbox holds for the imported account, read straight from its Google APIs. */
interface SandboxTruth {
  locations: { name: string; open: boolean; reviews: number; average: number | null }[];
  callsPerDay: Map<string, number>;
}
let truth: SandboxTruth;

async function readSandbox(accountName: string, email: string): Promise<SandboxTruth> {
  const base = stack.sandbox.url;
  const token = await accessTokenFor(base, email);
  const get = async (url: string) => {
    const res = await fetch(`${base}${url}`, { headers: { Authorization: `Bearer ${token}` } });
    expect(res.status, url).toBe(200);
    return (await res.json()) as any;
  };
  const list = await get(`/google/mybusinessbusinessinformation/v1/${accountName}/locations?readMask=name,openInfo&pageSize=100`);
  const locations: SandboxTruth['locations'] = [];
  const callsPerDay = new Map<string, number>();
  const now = new Date();
  const end = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()) - 86_400_000);
  const start = new Date(end.getTime() - 29 * 86_400_000);
  const q = (p: string, d: Date) =>
    `dailyRange.${p}.year=${d.getUTCFullYear()}&dailyRange.${p}.month=${d.getUTCMonth() + 1}&dailyRange.${p}.day=${d.getUTCDate()}`;
  for (const loc of list.locations as any[]) {
    const reviews = await get(`/google/mybusiness/v4/${accountName}/${loc.name}/reviews?pageSize=1`);
    locations.push({
      name: loc.name,
      open: (loc.openInfo?.status ?? 'OPEN') === 'OPEN',
      reviews: reviews.totalReviewCount ?? 0,
      average: reviews.averageRating ?? null,
    });
    const perf = await get(
      `/google/businessprofileperformance/v1/${loc.name}:fetchMultiDailyMetricsTimeSeries?dailyMetrics=CALL_CLICKS&${q('startDate', start)}&${q('endDate', end)}`,
    );
    for (const v of perf.multiDailyMetricTimeSeries[0].dailyMetricTimeSeries[0].timeSeries.datedValues as any[]) {
      const day = `${v.date.year}-${String(v.date.month).padStart(2, '0')}-${String(v.date.day).padStart(2, '0')}`;
      callsPerDay.set(day, (callsPerDay.get(day) ?? 0) + Number(v.value ?? 0));
    }
  }
  return { locations, callsPerDay };
}

beforeAll(async () => {
  stack = await startLocationsTestStack({
    extras: { projections: [insightsProjection], reactors: [(d) => insightsReactors(d)], queryFeatures: [insightsQueryRoutes] },
  });
  company = await stack.seedCompany('Insights Co');
  other = await stack.seedCompany('Other Co');
}, 30_000);
afterAll(async () => {
  await stack?.close();
});

describe('insights: import from the Performance API, dashboard and details', () => {
  it('imports an account and its insights; the tiles and series equal the sandbox data', async () => {
    const owner = (await sandboxDirectory(stack.sandbox.url)).accounts.find((a) => a.accountName === ACCOUNT)!;
    const email = owner.members.find((m) => m.role === 'PRIMARY_OWNER')?.email ?? owner.members[0]!.email!;
    const tokenUrl = await call('GET', '/api/gmb/token-url', company.adminToken);
    const { code, state } = await consentAs(tokenUrl.body.RedirectUrl, email);
    const cb = await call('POST', '/api/auth/callback', null, { Code: code, State: state });
    expect(cb.status, JSON.stringify(cb.body)).toBe(200);
    await stack.waitForProjections();
    const connect = await call('POST', `/api/gmb/connect-accounts/${cb.body.ProcessId}`, company.adminToken, { SelectedAccounts: [owner.name] });
    expect(connect.status, JSON.stringify(connect.body)).toBe(200);

    truth = await readSandbox(owner.name, email);
    const expectedCalls = [...truth.callsPerDay.values()].reduce((a, b) => a + b, 0);
    expect(expectedCalls).toBeGreaterThan(0);
    const seriesTotal = async () => {
      const res = await call('POST', '/api/dashboard/metrics-insights', company.adminToken, { InsightsDurationDays: 30, Metric: ['CALL_CLICKS'] });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      return (res.body.Data[0].SeriesValues as any[]).reduce((n, p) => n + p.Value, 0) as number;
    };
    await eventually(async () => (await seriesTotal()) === expectedCalls, 'the imported calls to equal the sandbox’s', 90_000);

    const res = await call('POST', '/api/dashboard/metrics-insights', company.adminToken, { InsightsDurationDays: 30, Metric: ['CALL_CLICKS'] });
    for (const p of res.body.Data[0].SeriesValues) expect(p.Value, p.Label).toBe(truth.callsPerDay.get(p.Label) ?? 0);

    const dash = await call('GET', '/api/dashboard/fetch/180/true', company.adminToken);
    expect(dash.status).toBe(200);
    const d = dash.body.Data;
    const reviews = truth.locations.reduce((n, l) => n + l.reviews, 0);
    const rated = truth.locations.filter((l) => l.average !== null && l.reviews > 0);
    const average = rated.reduce((n, l) => n + l.average! * l.reviews, 0) / rated.reduce((n, l) => n + l.reviews, 0);
    expect(d.TotalLocations).toBe(truth.locations.filter((l) => l.open).length);
    expect(d.TotalLocationsSynchronizedInLastDay).toBe(truth.locations.length);
    expect(d.TotalLocationsReviews).toBe(reviews);
    expect(d.AverageLocationsRating).toBe(Math.round(average * 100) / 100);
    expect(d.CallsMadeMetricSeriesData.SeriesValues).toHaveLength(180);
    expect(d.BusinessProfileViewsInsightsData.SeriesValues.map((s: any) => s.DataPointLabel)).toContain('Google Maps - desktop');
    expect(d.NumberOfReviewsOverTime.SeriesValues).toHaveLength(180);
    // imported locations carry no primary email
    expect(d.LocationsWithoutPrimaryEmail).toHaveLength(truth.locations.length);
    const titles = d.LocationsWithoutPrimaryEmail.map((l: { Title: string }) => l.Title.trim().toLowerCase());
    expect(titles).toEqual([...titles].sort()); // by title, as the dialog lists them

    const tilesOnly = await call('GET', '/api/dashboard/fetch/90/false', company.adminToken);
    expect(tilesOnly.body.Data.CallsMadeMetricSeriesData).toBeNull();
    expect(tilesOnly.body.Data.TotalLocations).toBe(d.TotalLocations);
  }, 150_000);

  it('answers a window per duration, for one location, and refuses bad input by field', async () => {
    const week = await call('POST', '/api/dashboard/metrics-insights', company.adminToken, {
      InsightsDurationDays: 7,
      Metric: ['WEBSITE_CLICKS', 'CALL_CLICKS'],
    });
    expect(week.body.Data.map((s: any) => [s.Metric, s.SeriesValues.length])).toEqual([
      ['WEBSITE_CLICKS', 7],
      ['CALL_CLICKS', 7],
    ]);
    const bad = await call('POST', '/api/dashboard/metrics-insights', company.adminToken, { InsightsDurationDays: 8, Metric: ['NOPE'] });
    expect(bad.status).toBe(400);
    expect(JSON.stringify(bad.body)).toContain('InsightsDurationDays');
    expect(JSON.stringify(bad.body)).toContain('Metric');
    expect((await call('GET', '/api/dashboard/fetch/12/true', company.adminToken)).status).toBe(400);

    const items = await call('GET', '/api/gmb/locations-items', company.adminToken);
    const locationId = items.body.Data[0].LocationId as string;
    const one = await call('POST', '/api/dashboard/metrics-insights', company.adminToken, {
      InsightsDurationDays: 90,
      Metric: [...DAILY_METRICS],
      LocationId: locationId,
    });
    expect(one.status).toBe(200);
    expect(one.body.Data).toHaveLength(DAILY_METRICS.length);
    // another company's location is not found
    expect(
      (await call('POST', '/api/dashboard/metrics-insights', other.adminToken, { InsightsDurationDays: 90, Metric: ['CALL_CLICKS'], LocationId: locationId }))
        .status,
    ).toBe(404);
    expect((await call('POST', '/api/dashboard/reviews-growth-insights', other.adminToken, { InsightsDurationDays: 30, LocationId: locationId })).status).toBe(
      404,
    );

    const details = await call('GET', `/api/gmb/${locationId}/location`, company.adminToken);
    const insights = details.body.Data.LocationInsights;
    expect(insights.WebsiteClicksMetricSeriesData.SeriesValues).toHaveLength(90);
    expect(insights.SearchKeywords.length).toBeGreaterThan(0);
    expect(insights.SearchKeywords.length).toBeLessThanOrEqual(10);
    expect(insights.SearchKeywordsTotal).toBe(insights.SearchKeywords.reduce((n: number, k: any) => n + k.Value, 0));
  }, 60_000);

  it('shows a company user only the locations assigned to them', async () => {
    const none = await call('GET', '/api/dashboard/fetch/180/true', company.userToken);
    expect(none.status).toBe(200);
    expect(none.body.Data).toMatchObject({ TotalLocations: 0, TotalLocationsReviews: 0, LocationsWithoutPrimaryEmail: [] });
    expect((none.body.Data.CallsMadeMetricSeriesData.SeriesValues as any[]).every((p) => p.Value === 0)).toBe(true);

    const items = await call('GET', '/api/gmb/locations-items', company.adminToken);
    const locationId = items.body.Data[1].LocationId as string;
    const assigned = await call('POST', '/api/users/assign-location', company.adminToken, { UserId: company.userId, LocationId: locationId });
    expect(assigned.status, JSON.stringify(assigned.body)).toBe(200);
    await stack.waitForProjections();
    const one = await call('POST', '/api/dashboard/metrics-insights', company.adminToken, {
      InsightsDurationDays: 180,
      Metric: ['CALL_CLICKS'],
      LocationId: locationId,
    });
    const mine = await call('GET', '/api/dashboard/fetch/180/true', company.userToken);
    expect(mine.body.Data.CallsMadeMetricSeriesData.SeriesValues).toEqual(one.body.Data[0].SeriesValues);
    expect(mine.body.Data.TotalLocationsSynchronizedInLastDay).toBe(1);
  }, 30_000);

  it('a sync reads the recent days again without counting them twice', async () => {
    const before = await call('POST', '/api/dashboard/metrics-insights', company.adminToken, { InsightsDurationDays: 365, Metric: ['CALL_CLICKS'] });
    const items = await call('GET', '/api/gmb/locations-items', company.adminToken);
    const sync = await call('POST', `/api/gmb/${items.body.Data[0].LocationId}/sync`, company.adminToken);
    expect(sync.status, JSON.stringify(sync.body)).toBe(200);
    await stack.waitForProjections();
    const events = await eventually(async () => {
      const after = await call('POST', '/api/dashboard/metrics-insights', company.adminToken, { InsightsDurationDays: 365, Metric: ['CALL_CLICKS'] });
      return after.body.Data[0].SeriesValues.length === 365 ? after : null;
    }, 'a series');
    expect(events.body.Data[0].SeriesValues).toEqual(before.body.Data[0].SeriesValues);
  }, 60_000);

  it("shows an import Google refused, with Google's reason, on the details and the dashboard until an import succeeds", async () => {
    const items = await call('GET', '/api/gmb/locations-items', company.adminToken);
    const locationId = items.body.Data[2].LocationId as string;
    const refuse = await fetch(`${stack.sandbox.url}/google/__sandbox/fail-next`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ status: 400, count: 1, pathIncludes: ':fetchMultiDailyMetricsTimeSeries' }),
    });
    expect(refuse.status).toBe(200);
    /** Syncs the location and waits for its details to report an import with `status`. */
    const syncUntil = async (status: 'Failed' | 'Imported') => {
      const sync = await call('POST', `/api/gmb/${locationId}/sync`, company.adminToken);
      expect(sync.status, JSON.stringify(sync.body)).toBe(200);
      return eventually(async () => {
        const state = (await call('GET', `/api/gmb/${locationId}/location`, company.adminToken)).body.Data.LocationInsights.ImportState;
        return state?.Status === status ? state : null;
      }, `an import ${status} on the details`);
    };
    const failed = await syncUntil('Failed');
    expect(failed.Message).toContain('was refused (injected failure)'); // Google's own reason, quoted
    expect(failed.LastImportedAt).not.toBeNull();
    const dash = await call('GET', '/api/dashboard/fetch/180/false', company.adminToken);
    expect(dash.body.Data.InsightsImportFailures.Count).toBe(1);
    expect(dash.body.Data.InsightsImportFailures.Locations).toEqual([
      { Id: locationId, Title: items.body.Data[2].Title, FailedAt: failed.At, Message: failed.Message },
    ]);
    // a company user assigned none of the company's failed locations sees none of them
    const theirs = await call('GET', '/api/dashboard/fetch/180/false', company.userToken);
    expect(theirs.body.Data.InsightsImportFailures.Count).toBe(0);

    const imported = await syncUntil('Imported');
    expect(imported.Message).toBeNull();
    expect((await call('GET', '/api/dashboard/fetch/180/false', company.adminToken)).body.Data.InsightsImportFailures).toEqual({ Count: 0, Locations: [] });
  }, 90_000);

  it('the missing-email list follows a location given a primary email (the sorted list kept between calls is renewed)', async () => {
    const before = (await call('GET', '/api/dashboard/fetch/7/false', company.adminToken)).body.Data.LocationsWithoutPrimaryEmail as {
      Id: string;
      Title: string;
    }[];
    expect(before.length).toBeGreaterThan(1);
    const titles = before.map((l) => l.Title.toLowerCase());
    expect(titles).toEqual([...titles].sort());
    const saved = await call('POST', `/api/gmb/${before[0]!.Id}/update`, company.adminToken, { PrimaryEmail: 'front-desk@insights.test' });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    await stack.waitForProjections();
    const after = (await call('GET', '/api/dashboard/fetch/7/false', company.adminToken)).body.Data.LocationsWithoutPrimaryEmail;
    expect(after).toEqual(before.slice(1));
  }, 60_000);
});
