import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { locationGroupMessages } from '@locus/contracts';
import { DEMO_COMPANIES } from '@locus/command-api/demo/seed-demo';
import { groupAssignmentsOf } from '@locus/query-api/location-groups/index';
import { ADMIN_PASSWORD, seedDemoCompany, signInToken, startE2EStack, type E2EStack } from './stack-fixture';

/**
 * Location groups in a real browser: the first demo company's admin creates "East region", adds
 * every location of one city through the directory filter, assigns Marcus Reed as staff; the
 * directory filtered by the group then shows exactly those locations, and Marcus's group
 * assignments are those locations.
 */
const UI_WAIT = 30_000;
const DEMO = DEMO_COMPANIES[0]!;
const MARCUS = DEMO.users[0]!;
const toast = (page: Page, text: string) => page.locator('.bp6-toast').getByText(text, { exact: true });
const caption = (page: Page) => page.getByTestId('directory-caption');

interface Row {
  Id: string;
  StoreCode: string;
  Town: string;
}

describe('location groups in the browser', () => {
  let e2e: E2EStack;
  let page: Page;
  let companyId: string;
  let adminToken: string;

  const api = async (method: string, path: string, body?: unknown) => {
    const res = await fetch(`${e2e.url}${path}`, {
      method,
      headers: { Authorization: `Bearer ${adminToken}`, ...(body ? { 'Content-Type': 'application/json' } : {}) },
      body: body ? JSON.stringify(body) : undefined,
    });
    expect(res.status, `${method} ${path}`).toBe(200);
    return (await res.json()) as Record<string, any>;
  };

  beforeAll(async () => {
    // the reviews and insights reads of the imported locations are not this spec's subject
    e2e = await startE2EStack({ skipReactors: ['reviews.ingest', 'insights.import-from-google'] });
    const { company } = await seedDemoCompany(e2e);
    companyId = company.companyId;
    adminToken = await signInToken(e2e, DEMO.admin.email, ADMIN_PASSWORD);
    page = await e2e.newPage();
    page.setDefaultTimeout(UI_WAIT);
    await page.addInitScript((token) => localStorage.setItem('locus.token', token), adminToken);
    await page.goto(`${e2e.url}/dashboard`);
    await page.getByRole('navigation', { name: 'Main menu' }).waitFor();
  }, 300_000);

  afterAll(async () => {
    await e2e?.close();
  }, 60_000);

  it('creates a group, adds the locations a directory filter matches, assigns a user; the directory filtered by the group shows exactly them', async () => {
    const all = (await api('POST', `/api/gmb/${companyId}/locations-summary`, { rows: 100 })).data as Row[];
    // the city with the most locations that is still not all of them (and fits one directory page)
    const byTown = new Map<string, Row[]>();
    for (const row of all) byTown.set(row.Town, [...(byTown.get(row.Town) ?? []), row]);
    const [city, expected] = [...byTown].filter(([, rows]) => rows.length < all.length && rows.length <= 25).sort((a, b) => b[1].length - a[1].length)[0]!;
    expect(expected.length).toBeGreaterThan(0);

    await page.getByRole('navigation', { name: 'Main menu' }).getByRole('button', { name: 'Locations' }).click();
    await page.getByRole('link', { name: 'Groups' }).click();
    await page.waitForURL(/\/location-groups$/);
    await page.getByText('No location groups yet.', { exact: false }).waitFor();

    await page.getByRole('button', { name: 'New Group' }).click();
    await page.getByLabel('Group Name').fill('East region');
    await page.getByRole('button', { name: 'Save' }).click();
    await toast(page, locationGroupMessages.created).waitFor();
    await page.getByRole('row').filter({ hasText: 'East region' }).waitFor();

    await page.getByRole('button', { name: 'Add All Matching a Filter' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('City').fill(city);
    const n = expected.length;
    await dialog.getByText(`${n} location${n === 1 ? '' : 's'} match this filter`).waitFor();
    await dialog.getByRole('button', { name: `Add ${n} Location${n === 1 ? '' : 's'}` }).click();
    await toast(page, `${n} location${n === 1 ? '' : 's'} added to the group`).waitFor();
    const details = page.locator('.locus-group-details');
    for (const row of expected) await details.getByRole('row').filter({ hasText: row.StoreCode }).waitFor();
    await expect.poll(() => page.getByRole('row').filter({ hasText: 'East region' }).textContent()).toContain(String(n));

    await page.getByRole('button', { name: 'Assign User' }).click();
    await page
      .getByRole('dialog')
      .getByLabel('User')
      .selectOption({ label: `${MARCUS.firstName} ${MARCUS.lastName}` });
    await page.getByRole('dialog').getByLabel('Staff member').check();
    await page.getByRole('dialog').getByRole('button', { name: 'Assign User' }).click();
    await toast(page, locationGroupMessages.userAssigned).waitFor();
    await details
      .getByRole('row')
      .filter({ hasText: `${MARCUS.firstName} ${MARCUS.lastName}` })
      .waitFor();
    await page.screenshot({ path: '/tmp/e-location-groups.png', fullPage: true });

    // Marcus gets exactly the group's locations (what the location scope reads)
    const marcus = (await api('GET', '/api/users/picker?role=CompanyUser')).Data.find((u: { FirstName: string }) => u.FirstName === MARCUS.firstName);
    const assignments = await groupAssignmentsOf(e2e.stack.commandDeps.readModels, companyId, marcus.Id as string);
    expect(assignments.map((a) => a.locationId).sort()).toEqual(expected.map((r) => r.Id).sort());
    expect(new Set(assignments.map((a) => a.access))).toEqual(new Set(['staff']));

    // the directory filtered by the group
    await page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: 'Directory' }).click();
    await page.waitForURL(/\/locations$/);
    await expect.poll(() => caption(page).textContent()).toBe(`Filtered : ${all.length} out of ${all.length} total locations`);
    await page.getByLabel('Location group').selectOption({ label: 'East region' });
    await expect.poll(() => caption(page).textContent()).toBe(`Filtered : ${n} out of ${all.length} total locations`);
    for (const row of expected) await page.getByRole('row').filter({ hasText: row.StoreCode }).waitFor();
    expect(await page.locator('tbody tr').count()).toBe(n);
    await page.screenshot({ path: '/tmp/e-directory-by-group.png', fullPage: true });
  }, 180_000);
});
