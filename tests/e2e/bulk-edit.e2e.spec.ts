import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_COMPANIES } from '@locus/command-api/demo/seed-demo';
import { ADMIN_PASSWORD, seedDemoCompany, startE2EStack, type E2EStack } from './stack-fixture';

/**
 * Issue 13's bulk edit in a real browser: a company with the sandbox's 200-location account,
 * all 200 selected, Business Description set to "@BusinessName in @Town" with every other field
 * ignored, the sample checked, published; the progress reaches 100 % and Google (the sandbox)
 * holds each rendering while every other field is as it was.
 */
const UI_WAIT = 30_000;
const LOCATIONS = 200;
const DEMO = DEMO_COMPANIES[0]!;

describe('bulk edit in the browser', () => {
  let e2e: E2EStack;
  let page: Page;

  const googleLocations = () => {
    const store = e2e.stack.sandbox!.google!.store;
    const account = Object.values(store.state.accounts).find((a) => a.accountName === 'Atlas Hardware')!;
    return account.locationIds.map((id) => ({ id, resource: structuredClone(store.state.locations[id]!.resource) as Record<string, any> }));
  };

  beforeAll(async () => {
    e2e = await startE2EStack();
    e2e.stack.sandbox!.google!.store.ensureBenchAccount(LOCATIONS);
    const { locations } = await seedDemoCompany(e2e, {
      googleUserEmail: 'bench.operator@gmail.com',
      accountNames: ['Atlas Hardware'],
      waitMs: 180_000,
    });
    expect(locations).toBe(LOCATIONS);

    page = await e2e.newPage();
    page.setDefaultTimeout(UI_WAIT);
    await page.goto(`${e2e.url}/login`);
    await page.getByLabel('Email').fill(DEMO.admin.email);
    await page.getByLabel('Password').fill(ADMIN_PASSWORD);
    await page.getByRole('button', { name: 'Login', exact: true }).click();
    await page.waitForURL(/\/dashboard$/);
  }, 300_000);

  afterAll(async () => {
    await e2e?.close();
  }, 60_000);

  it('publishes "@BusinessName in @Town" to 200 locations: progress to 100 %, each description rendered on Google, nothing else changed', async () => {
    const before = googleLocations();
    expect(before).toHaveLength(LOCATIONS);

    await page.goto(`${e2e.url}/bulk-edit`);
    await page.getByText('The changes made here will be applied to all of the company locations.').waitFor();
    const publish = page.getByRole('button', { name: 'Publish', exact: true });
    expect(await publish.isDisabled()).toBe(true);

    // the company's 200 locations, once the list has loaded
    await expect.poll(() => page.getByRole('button', { name: 'Select all' }).isEnabled(), { timeout: UI_WAIT }).toBe(true);
    await page.getByRole('button', { name: 'Select all' }).click();
    await expect.poll(() => page.getByTestId('bulk-selected-label').textContent(), { timeout: UI_WAIT }).toBe(`${LOCATIONS} locations selected`);
    await page.getByRole('button', { name: `+${LOCATIONS - 5} more selected` }).waitFor();

    // every field starts ignored; only the description is released and written with two variable chips
    const description = page.getByRole('textbox', { name: 'Business Description' });
    expect(await page.getByLabel('Ignore Business Name').isChecked()).toBe(true);
    await page.getByLabel('Ignore Business Description').setChecked(false, { force: true });
    await expect.poll(() => description.getAttribute('contenteditable'), { timeout: UI_WAIT }).toBe('true');
    const chips = page.getByRole('group', { name: 'Business Description variables' });
    await description.click();
    await chips.getByText('@BusinessName', { exact: true }).click();
    await page.keyboard.type('in ');
    await chips.getByText('@Town', { exact: true }).click();

    // the sample renders it for a chosen location
    // titles repeat the brand and the town, so the sample is any location of that title and town
    const sample = before[7]!.resource;
    await page.getByRole('button', { name: '- Search Locations -' }).click();
    await page.getByPlaceholder('Filter...').fill(sample.title);
    await page.getByRole('option', { name: sample.title }).first().click();
    await expect
      .poll(() => page.getByTestId('bulk-sample').textContent(), { timeout: UI_WAIT })
      .toContain(`${sample.title} in ${sample.storefrontAddress.locality}`);

    await publish.click();
    await page.locator('.bp6-toast').getByText('Updating locations, please wait...').waitFor();
    // Google allows 300 requests a minute: about 40 s for 200 locations
    await expect.poll(() => page.getByTestId('bulk-percent').textContent(), { timeout: 240_000, interval: 1_000 }).toBe('100 %');
    await expect.poll(() => page.getByTestId('bulk-counts').textContent(), { timeout: UI_WAIT }).toBe(`${LOCATIONS} done, 0 failed, 0 pending of ${LOCATIONS}`);
    await page.getByText('No location failed.').waitFor();

    const after = new Map(googleLocations().map((l) => [l.id, l.resource]));
    for (const { id, resource } of before) {
      const now = after.get(id)!;
      // trailing space of the last chip is trimmed when rendered
      expect(now.profile?.description).toBe(`${resource.title} in ${resource.storefrontAddress.locality}`);
      const { profile: _a, ...restNow } = now;
      const { profile: _b, ...restBefore } = resource;
      expect(restNow).toEqual(restBefore);
    }
  }, 400_000);
});
