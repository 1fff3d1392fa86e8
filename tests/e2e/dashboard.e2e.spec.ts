import path from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sandboxDirectory } from '@locus/command-api/connections/sandbox-consent';
import { DEMO_COMPANIES } from '@locus/command-api/demo/seed-demo';
import { accessTokenFor } from '@locus/sandbox/google/testing';
import { ADMIN_PASSWORD, screenshotsDir, seedDemoCompany, startE2EStack, type E2EStack } from './stack-fixture';

/**
 * The dashboard and its import failures in a real browser on the first demo company (its sandbox Google account
 * imported through the real flow): the dashboard's tiles against figures computed here from the
 * sandbox's own Google APIs, a chart's duration picker, the missing-email dialog, and a
 * location's insight sections. Screenshots go to a temp folder; LOCUS_SCREENSHOTS_DIR=docs/screenshots
 * refreshes the committed ones (a test run never rewrites tracked files).
 */
const SHOTS = screenshotsDir('dashboard');
const UI_WAIT = 30_000;
const DEMO = DEMO_COMPANIES[0]!;
const DAY_MS = 86_400_000;

interface Truth {
  open: number;
  reviews: number;
  average: string;
  /** Calls per day (`YYYY-MM-DD`), every location summed, the last 365 days. */
  calls: Map<string, number>;
}

/** The last `days` days up to yesterday (UTC), as the Performance API reports them. */
const lastDays = (days: number): string[] => {
  const now = new Date();
  const yesterday = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()) - DAY_MS;
  return Array.from({ length: days }, (_, i) => new Date(yesterday - (days - 1 - i) * DAY_MS).toISOString().slice(0, 10));
};

/** The account's figures read straight from the sandbox's Google APIs (not through Locus). */
async function sandboxTruth(sandboxUrl: string, email: string, accountName: string): Promise<Truth> {
  const token = await accessTokenFor(sandboxUrl, email);
  const get = async (url: string) => {
    const res = await fetch(`${sandboxUrl}${url}`, { headers: { Authorization: `Bearer ${token}` } });
    if (!res.ok) throw new Error(`${url}: ${res.status}`);
    return (await res.json()) as any;
  };
  const days = lastDays(365);
  const [from, to] = [new Date(`${days[0]}T00:00:00Z`), new Date(`${days[days.length - 1]}T00:00:00Z`)];
  const range = (p: string, d: Date) =>
    `dailyRange.${p}.year=${d.getUTCFullYear()}&dailyRange.${p}.month=${d.getUTCMonth() + 1}&dailyRange.${p}.day=${d.getUTCDate()}`;
  const list = await get(`/google/mybusinessbusinessinformation/v1/${accountName}/locations?readMask=name,openInfo&pageSize=100`);
  let open = 0;
  let reviews = 0;
  let weight = 0;
  let rated = 0;
  const calls = new Map<string, number>();
  for (const loc of list.locations as any[]) {
    if ((loc.openInfo?.status ?? 'OPEN') === 'OPEN') open++;
    const r = await get(`/google/mybusiness/v4/${accountName}/${loc.name}/reviews?pageSize=1`);
    const count = r.totalReviewCount ?? 0;
    reviews += count;
    if (count > 0 && r.averageRating !== undefined) {
      weight += (Math.round(r.averageRating * 100) / 100) * count;
      rated += count;
    }
    const perf = await get(
      `/google/businessprofileperformance/v1/${loc.name}:fetchMultiDailyMetricsTimeSeries?dailyMetrics=CALL_CLICKS&${range('startDate', from)}&${range('endDate', to)}`,
    );
    for (const v of perf.multiDailyMetricTimeSeries[0].dailyMetricTimeSeries[0].timeSeries.datedValues as any[]) {
      const day = `${v.date.year}-${String(v.date.month).padStart(2, '0')}-${String(v.date.day).padStart(2, '0')}`;
      calls.set(day, (calls.get(day) ?? 0) + Number(v.value ?? 0));
    }
  }
  return { open, reviews, average: (rated ? Math.round((weight / rated) * 100) / 100 : 0).toFixed(2), calls };
}

const callsOver = (truth: Truth, days: number) => lastDays(days).reduce((n, d) => n + (truth.calls.get(d) ?? 0), 0);

describe('dashboard and location insights in the browser', () => {
  let e2e: E2EStack;
  let page: Page;
  let token = '';
  let truth: Truth;
  let titles: { Id: string; Title: string }[] = [];
  const withEmail = new Set<string>();

  const api = async (method: string, pathname: string, body?: unknown) => {
    const res = await fetch(`${e2e.url}${pathname}`, {
      method,
      headers: { Authorization: `Bearer ${token}`, ...(body === undefined ? {} : { 'Content-Type': 'application/json' }) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    return { status: res.status, body: (await res.json()) as any };
  };

  beforeAll(async () => {
    e2e = await startE2EStack();
    const { locations: imported } = await seedDemoCompany(e2e);
    const account = (await sandboxDirectory(e2e.sandboxUrl)).accounts.find((a) => a.accountName === DEMO.google.accounts[0])!;
    truth = await sandboxTruth(e2e.sandboxUrl, DEMO.google.userEmail, account.name);

    page = await e2e.newPage();
    page.setDefaultTimeout(UI_WAIT);
    await page.goto(`${e2e.url}/login`);
    await page.getByLabel('Email').fill(DEMO.admin.email);
    await page.getByLabel('Password').fill(ADMIN_PASSWORD);
    await page.getByRole('button', { name: 'Login', exact: true }).click();
    await page.waitForURL(/\/dashboard$/);
    token = (await page.evaluate(() => localStorage.getItem('locus.token')))!;

    // three locations get a primary email; the others stay without one
    for (const until = Date.now() + 60_000; titles.length < imported && Date.now() < until;) {
      titles = (await api('GET', '/api/gmb/locations-items')).body.Data.map((l: any) => ({ Id: l.LocationId, Title: l.Title }));
      if (titles.length < imported) await new Promise((r) => setTimeout(r, 200));
    }
    for (const l of titles.slice(0, 3)) {
      const res = await api('POST', `/api/gmb/${l.Id}/update`, { PrimaryEmail: `manager.${l.Id.slice(0, 6)}@harbordental.example` });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      withEmail.add(l.Id);
    }
    // the insights import has read every location (bounded only so a hung stack fails)
    const expected = callsOver(truth, 365);
    for (const until = Date.now() + 120_000; Date.now() < until;) {
      const res = await api('POST', '/api/dashboard/metrics-insights', { InsightsDurationDays: 365, Metric: ['CALL_CLICKS'] });
      if (res.body.Data[0].SeriesValues.reduce((n: number, p: any) => n + p.Value, 0) === expected) break;
      await new Promise((r) => setTimeout(r, 250));
    }
  }, 300_000);

  afterAll(async () => {
    await e2e?.close();
  }, 60_000);

  it('shows tiles equal to the sandbox’s figures and charts over the dashboard’s 180 days', async () => {
    await page.goto(`${e2e.url}/dashboard`);
    await expect.poll(() => page.getByTestId('tile-active').locator('.locus-tile-value').textContent()).toBe(String(truth.open));
    await expect.poll(() => page.getByTestId('tile-synced').locator('.locus-tile-value').textContent()).toBe(String(titles.length));
    await expect.poll(() => page.getByTestId('tile-google-reviews').textContent()).toBe(String(truth.reviews));
    await expect.poll(() => page.getByTestId('tile-google-rating').textContent()).toBe(truth.average);
    const calls = page.getByTestId('chart-calls');
    await expect.poll(() => calls.getAttribute('data-points')).toBe('180');
    await expect.poll(() => calls.getAttribute('data-total')).toBe(String(callsOver(truth, 180)));
    await expect.poll(() => calls.locator('svg path').count()).toBeGreaterThan(0);
    await expect.poll(() => page.getByTestId('chart-viewers').locator('svg path').count()).toBeGreaterThan(0);
    await page.waitForTimeout(300); // the picture only: let the charts' animation settle
    await page.screenshot({ path: path.join(SHOTS, 'dashboard.png'), fullPage: true });
  }, 60_000);

  it('switching a chart’s duration changes its series', async () => {
    const calls = page.getByTestId('chart-calls');
    await calls.getByLabel('Calls Duration').selectOption('30');
    await expect.poll(() => calls.getAttribute('data-points')).toBe('30');
    await expect.poll(() => calls.getAttribute('data-total')).toBe(String(callsOver(truth, 30)));
    await calls.getByLabel('Calls Duration').selectOption('7');
    await expect.poll(() => calls.getAttribute('data-points')).toBe('7');
    await expect.poll(() => calls.getAttribute('data-total')).toBe(String(callsOver(truth, 7)));
  }, 60_000);

  it('lists exactly the locations without a primary email in the missing-email dialog', async () => {
    const missing = titles.filter((l) => !withEmail.has(l.Id));
    await expect
      .poll(() => page.getByTestId('missing-email-warning').textContent())
      .toBe(`You have ${missing.length} location(s) that do not have the primary email set.`);
    await page.getByRole('button', { name: 'View Locations' }).click();
    const dialog = page.getByRole('dialog', { name: 'Locations Without Email' });
    await expect.poll(() => dialog.getByText(`of ${missing.length} entries`).count()).toBe(1);
    const seen: string[] = [];
    for (let pageNo = 0; pageNo < Math.ceil(missing.length / 10); pageNo++) {
      const links = dialog.locator('tbody a');
      await expect.poll(() => links.count()).toBe(Math.min(10, missing.length - pageNo * 10));
      for (const href of await links.evaluateAll((as) => as.map((a) => a.getAttribute('href')))) seen.push(href!);
      if (pageNo < Math.ceil(missing.length / 10) - 1) await dialog.getByRole('button', { name: 'Next page' }).click();
    }
    expect(seen.sort()).toEqual(missing.map((l) => `/${l.Id}/location-details`).sort());
    // searchable: one title narrows the list to it
    const one = missing[0]!;
    await dialog.getByPlaceholder('Search').fill(one.Title);
    await expect.poll(() => dialog.locator('tbody a').first().textContent()).toBe(one.Title);
    await dialog.locator('tbody a').first().click();
    await page.waitForURL(new RegExp(`/${one.Id}/location-details$`));
  }, 60_000);

  it('shows the location’s insight sections on its details page', async () => {
    const website = page.getByTestId('chart-website');
    await expect.poll(() => website.getAttribute('data-points')).toBe('90');
    await expect.poll(() => page.getByTestId('chart-calls-weekday').locator('svg rect').count()).toBeGreaterThan(0);
    await expect.poll(() => page.getByTestId('chart-discovery').locator('svg path').count()).toBeGreaterThan(0);
    await expect.poll(() => page.getByTestId('chart-customer-actions').getAttribute('data-points')).toBe('90');
    const keywords = page.getByTestId('keywords');
    await expect.poll(() => keywords.locator('tbody tr').count()).toBeGreaterThan(0);
    const values = await keywords.locator('tbody tr td:nth-child(3)').allTextContents();
    expect(values.length).toBeLessThanOrEqual(10);
    const total = values.reduce((n, v) => n + Number(v.replace(/,/g, '')), 0);
    expect(await keywords.getByTestId('keywords-total').textContent()).toBe(total.toLocaleString());
    await page.waitForTimeout(300); // the picture only
    await page.screenshot({ path: path.join(SHOTS, 'location-insights.png'), fullPage: true });
  }, 60_000);

  it('says so, live, when Google refuses a location’s insights import: on its details and on the dashboard', async () => {
    const locationId = /\/([^/]+)\/location-details$/.exec(page.url())![1]!;
    const title = titles.find((l) => l.Id === locationId)!.Title;
    await expect.poll(() => page.getByTestId('chart-website').getAttribute('data-points')).toBe('90');
    expect(await page.getByTestId('insights-import-failed').count()).toBe(0);
    const armed = await fetch(`${e2e.sandboxUrl}/google/__sandbox/fail-next`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ status: 400, count: 1, pathIncludes: ':fetchMultiDailyMetricsTimeSeries' }),
    });
    expect(armed.status).toBe(200);
    const sync = await api('POST', `/api/gmb/${locationId}/sync`);
    expect(sync.status, JSON.stringify(sync.body)).toBe(200);
    // the open page hears it (no reload): when, and Google's own reason
    const failed = page.getByTestId('insights-import-failed');
    await expect.poll(() => failed.textContent()).toContain('was refused (injected failure)');
    expect(await failed.textContent()).toContain('The figures below are from the last successful import');
    await failed.screenshot({ path: path.join(SHOTS, 'location-insights-import-failed.png') });
    await page.goto(`${e2e.url}/dashboard`);
    const listed = page.getByTestId('insights-import-failures');
    await expect.poll(() => listed.locator('li a').allTextContents()).toEqual([title]);
    expect(await listed.textContent()).toContain('was refused (injected failure)');
    await page.screenshot({ path: path.join(SHOTS, 'dashboard-import-failures.png') });
  }, 90_000);
});
