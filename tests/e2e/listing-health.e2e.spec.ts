import path from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_COMPANIES } from '@locus/command-api/demo/seed-demo';
import { ADMIN_PASSWORD, REVIEWS_AND_INSIGHTS_READS, screenshotsDir, seedDemoCompany, startE2EStack, type E2EStack } from './stack-fixture';

/**
 * Listing health in a real browser on the first demo company (its sandbox account imported
 * through the real flow; the sandbox asks something of four of its locations): the directory
 * filtered by completeness and by verification state, and the dashboard tile's links to the fix.
 */
const SHOTS = screenshotsDir('listing-health');
const UI_WAIT = 30_000;
const DEMO = DEMO_COMPANIES[0]!;
const POLL = { timeout: UI_WAIT, interval: 250 };

describe('listing health in the browser', () => {
  let e2e: E2EStack;
  let page: Page;
  let token = '';

  const summary = async (body: object) => {
    const res = await fetch(`${e2e.url}/api/gmb/${companyId}/locations-summary`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({ rows: 100, ...body }),
    });
    return (await res.json()) as { data: { Id: string; Title: string; Completeness: number; Verification: string }[]; filteredResultsCount: number };
  };
  let companyId = '';

  beforeAll(async () => {
    // no screen of this spec shows reviews or Performance data
    e2e = await startE2EStack({ skipReactors: REVIEWS_AND_INSIGHTS_READS });
    const { company } = await seedDemoCompany(e2e);
    companyId = company.companyId;
    page = await e2e.newPage();
    page.setDefaultTimeout(UI_WAIT);
    await page.goto(`${e2e.url}/login`);
    await page.getByLabel('Email').fill(DEMO.admin.email);
    await page.getByLabel('Password').fill(ADMIN_PASSWORD);
    await page.getByRole('button', { name: 'Login', exact: true }).click();
    await page.waitForURL(/\/dashboard$/);
    token = (await page.evaluate(() => localStorage.getItem('locus.token')))!;
    // the import's verification reads have been recorded (bounded only so a hung stack fails)
    for (const until = Date.now() + 120_000; Date.now() < until;) {
      if ((await summary({ Verification: 'NeedsAction' })).filteredResultsCount === 3) break;
      await new Promise((r) => setTimeout(r, 250));
    }
  }, 300_000);

  afterAll(async () => {
    await e2e?.close();
  }, 60_000);

  it('filters the directory by verification state and by completeness below a threshold', async () => {
    const needing = (await summary({ Verification: 'NeedsAction' })).data;
    expect(needing).toHaveLength(3);
    await page.goto(`${e2e.url}/locations`);
    const caption = page.getByTestId('directory-caption');
    const total = (await summary({})).filteredResultsCount;
    await expect.poll(() => caption.textContent(), POLL).toBe(`Filtered : ${total} out of ${total} total locations`);

    await page.getByLabel('Filter by verification').selectOption('NeedsAction');
    await expect.poll(() => caption.textContent(), POLL).toBe(`Filtered : 3 out of ${total} total locations`);
    for (const l of needing) await expect.poll(() => page.getByText(l.Title, { exact: true }).count(), POLL).toBeGreaterThan(0);
    await expect.poll(() => page.getByTestId('health-cell').count(), POLL).toBe(3);
    await page.screenshot({ path: path.join(SHOTS, 'directory-needs-action.png'), fullPage: true });

    await page.getByLabel('Filter by verification').selectOption('OwnershipConflict');
    await expect.poll(() => caption.textContent(), POLL).toBe(`Filtered : 1 out of ${total} total locations`);
    await expect.poll(() => page.getByTestId('health-cell').first().textContent(), POLL).toContain('Ownership conflict');

    await page.getByLabel('Filter by verification').selectOption('');
    const below = (await summary({ CompletenessBelow: 80 })).filteredResultsCount;
    await page.getByLabel('Filter by completeness').selectOption('80');
    await expect.poll(() => caption.textContent(), POLL).toBe(`Filtered : ${below} out of ${total} total locations`);
    const scores = await page.getByTestId('health-cell').allTextContents();
    for (const text of scores) expect(Number(/(\d+)% complete/.exec(text)![1])).toBeLessThan(80);
    await page.screenshot({ path: path.join(SHOTS, 'directory-completeness.png'), fullPage: true });
  }, 180_000);

  it('shows the dashboard tile whose links lead to the fix', async () => {
    await page.goto(`${e2e.url}/dashboard`);
    const tile = page.getByTestId('tile-listing-health');
    await expect.poll(() => tile.getByTestId('health-needs-action').textContent(), POLL).toBe('3 locations need action on Google');
    const list = tile.getByTestId('health-list-action');
    await expect.poll(() => list.getByTestId('health-fix-link').count(), POLL).toBe(3);
    await page.screenshot({ path: path.join(SHOTS, 'dashboard-tile.png'), fullPage: true });

    // a location to fix opens its details
    const first = list.getByTestId('health-fix-link').first();
    const title = (await first.textContent())!;
    await first.click();
    await page.waitForURL(/\/location-details$/);
    await expect.poll(() => page.getByText(title).first().isVisible(), POLL).toBe(true);

    // "see all" opens the directory filtered to the locations needing action
    await page.goBack();
    await tile.getByText('See all needing action').click();
    await page.waitForURL(/\/locations\?verification=NeedsAction$/);
    await expect.poll(() => page.getByTestId('directory-caption').textContent(), POLL).toMatch(/^Filtered : 3 out of \d+ total locations$/);
    await expect.poll(() => page.getByLabel('Filter by verification').inputValue(), POLL).toBe('NeedsAction');
  }, 180_000);
});
