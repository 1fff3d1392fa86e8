import { mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sandboxDirectory } from '@locus/command-api/connections/sandbox-consent';
import { DEMO_COMPANIES } from '@locus/command-api/demo/seed-demo';
import { ADMIN_PASSWORD, seedDemoCompany, startE2EStack, type E2EStack } from './stack-fixture';

/**
 * The location forms, outcomes, directory filters and narrow screens in a real browser, on the first demo company as `npm start`
 * seeds it (its sandbox Google account imported through the real flow). Screenshots of the
 * directory at 1440 and 390 px and of a demo location's details go to $LOCUS_E2E_SHOTS
 * (default /tmp/locus-e2e-locweb).
 */

const SHOTS = process.env.LOCUS_E2E_SHOTS ?? '/tmp/locus-e2e-locweb';
const UI_WAIT = 20_000;
const DEMO = DEMO_COMPANIES[0]!;

interface Row {
  Id: string;
  Title: string;
  StoreCode: string;
  Town: string;
  State: string;
  PostCode: string;
  OpenStatus: string;
  AccountId: string;
  AccountName: string;
  GoogleError: string | null;
}

const toast = (page: Page, text: string | RegExp) => page.locator('.bp6-toast').getByRole('alert').filter({ hasText: text });
const caption = (page: Page) => page.getByTestId('directory-caption');
const expectCaption = (page: Page, filtered: number, total: number) =>
  expect.poll(() => caption(page).textContent(), { timeout: UI_WAIT }).toBe(`Filtered : ${filtered} out of ${total} total locations`);

const shoot = async (page: Page, name: string) => {
  await page.waitForTimeout(300); // let the last paint settle for the picture only
  await page.screenshot({ path: path.join(SHOTS, `${name}.png`), fullPage: false });
};

describe('locations web: create validation, Google deletes, directory filters and export, narrow screens', () => {
  let e2e: E2EStack;
  let token = '';
  let page: Page;
  let rows: Row[] = [];
  let companyId = '';

  const api = async (method: string, pathname: string, body?: unknown) => {
    const res = await fetch(`${e2e.url}${pathname}`, {
      method,
      headers: { Authorization: `Bearer ${token}`, ...(body === undefined ? {} : { 'Content-Type': 'application/json' }) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    return { status: res.status, body: (await res.json()) as any };
  };
  const allRows = async (): Promise<Row[]> => (await api('POST', `/api/gmb/${companyId}/locations-summary`, { first: 0, rows: 100 })).body.data as Row[];

  /** A page of the demo company admin's session at the given width. */
  const signedInPage = async (width: number, height = 900) => {
    const context = await e2e.browser.newContext({ viewport: { width, height } });
    await context.addInitScript((t) => localStorage.setItem('locus.token', t), token);
    const p = await context.newPage();
    p.setDefaultTimeout(UI_WAIT);
    return p;
  };

  beforeAll(async () => {
    mkdirSync(SHOTS, { recursive: true });
    e2e = await startE2EStack();
    const { company, locations: imported } = await seedDemoCompany(e2e);
    companyId = company.companyId;
    // as `npm start` seeds it: the company's own trade, from its own sandbox Google account

    page = await e2e.newPage();
    page.setDefaultTimeout(UI_WAIT);
    await page.goto(`${e2e.url}/login`);
    await page.getByLabel('Email').fill(DEMO.admin.email);
    await page.getByLabel('Password').fill(ADMIN_PASSWORD);
    await page.getByRole('button', { name: 'Login', exact: true }).click();
    await page.waitForURL(/\/dashboard$/);
    token = (await page.evaluate(() => localStorage.getItem('locus.token')))!;
    // the read model catches up with the import (bounded only so a hung stack fails)
    for (const until = Date.now() + UI_WAIT; (rows = await allRows()).length < imported && Date.now() < until;) await new Promise((r) => setTimeout(r, 100));
    expect(rows).toHaveLength(imported);
  }, 240_000);

  afterAll(async () => {
    await e2e?.close();
  }, 60_000);

  it('filters by status, state and connected account, searches city and ZIP on their own fields, and exports what it shows as CSV', async () => {
    await page.goto(`${e2e.url}/locations`);
    const total = rows.length;
    await expectCaption(page, total, total);
    await shoot(page, 'directory-1440');

    const sample = rows[Math.floor(rows.length / 2)]!;
    const byState = rows.filter((r) => r.State === sample.State);
    await page.getByLabel('Filter by state').selectOption(sample.State);
    await expectCaption(page, byState.length, total);

    // the city box looks at the city only: the sample's ZIP typed there finds nothing
    await page.getByLabel('Filter by city').fill(sample.PostCode);
    await expectCaption(page, 0, total);
    await page.getByText('No location(s) found.').waitFor();
    const inCity = byState.filter((r) => r.Town.toLowerCase().includes(sample.Town.toLowerCase()));
    await page.getByLabel('Filter by city').fill(sample.Town);
    await expectCaption(page, inCity.length, total);
    const zip = sample.PostCode.slice(0, 3);
    const inZip = inCity.filter((r) => r.PostCode.startsWith(zip));
    const zipApplied = page.waitForResponse((r) => r.url().includes('locations-summary') && (r.request().postData() ?? '').includes(`"Zip":"${zip}"`));
    await page.getByLabel('Filter by ZIP').fill(zip);
    await zipApplied;
    await expectCaption(page, inZip.length, total);
    for (const r of inZip) await page.getByRole('row').filter({ hasText: r.StoreCode }).waitFor();

    // the export holds exactly the filtered rows, every page of them
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Export CSV' }).click();
    const file = await (await download).path();
    const lines = readFileSync(file!, 'utf8')
      .replace(/^\uFEFF/, '')
      .trim()
      .split(/\r?\n/);
    expect(lines[0]).toMatch(/^Store Code,Business Name,Address Line 1,/);
    expect(
      lines
        .slice(1)
        .map((l) => l.split(',')[0])
        .sort(),
    ).toEqual(inZip.map((r) => r.StoreCode).sort());

    // status and connected account
    await page.getByRole('button', { name: 'Clear', exact: true }).click();
    await expectCaption(page, total, total);
    expect(await page.getByLabel('Filter by ZIP').inputValue()).toBe('');
    await page.getByLabel('Filter by status').selectOption('Unpublished');
    await expectCaption(page, rows.filter((r) => r.OpenStatus === 'Unpublished').length, total);
    await page.getByLabel('Filter by status').selectOption('Published');
    await expectCaption(page, rows.filter((r) => r.OpenStatus === 'Published').length, total);
    const account = rows[0]!.AccountId;
    await page.getByLabel('Filter by connected account').selectOption(account);
    await expectCaption(page, rows.filter((r) => r.OpenStatus === 'Published' && r.AccountId === account).length, total);
    await page.getByRole('button', { name: 'Clear', exact: true }).click();
    await expectCaption(page, total, total);
  });

  it('Create Location names on their own fields what Google needs, sends nothing until they are there, and shows Google’s paths by the form’s names', async () => {
    await page.goto(`${e2e.url}/locations`);
    await expectCaption(page, rows.length, rows.length);
    await page.getByRole('button', { name: 'Create Location' }).click();
    const create = page.getByRole('dialog', { name: 'Create Location' });
    await create.waitFor();
    const sent: string[] = [];
    page.on('request', (r) => {
      if (r.url().includes('/create-location')) sent.push(r.url());
    });
    await expect.poll(() => create.getByLabel('Connected Account').inputValue()).not.toBe('');
    await create.getByLabel('Business Name (Title)').fill('Harbor Check-up Desk');
    await create.getByLabel('Primary Phone Number').fill('(617) 555-0190');
    await create.getByLabel(/^Primary Category/).click();
    const popover = page.locator('.bp6-popover').last();
    await popover.getByPlaceholder(/^Filter/).fill('insurance');
    await popover.getByRole('option').first().click();
    await create.getByLabel(/^Latitude/).fill('42.3601');
    await create.getByLabel(/^Longitude/).fill('-71.0589');
    // the spec's enabling rule holds: the button is enabled, Google's needs are checked on click
    const createButton = create.getByRole('button', { name: 'Create Location' });
    expect(await createButton.isDisabled()).toBe(false);
    await createButton.click();
    for (const message of ['Address Line 1 is required', 'State is required', 'City is required', 'Postal Code is required', 'Opening Date is required']) {
      await create.getByText(message, { exact: true }).waitFor();
    }
    expect(sent).toEqual([]);
    // fixing a field clears its error; the rest stay until they are fixed too
    await create.getByLabel(/^Address Line 1/).fill('1 Harbor Way');
    await expect.poll(() => create.getByText('Address Line 1 is required').count()).toBe(0);
    await create.getByText('Postal Code is required').waitFor();
    await create.getByLabel('State/Administrative Area').selectOption({ label: 'Massachusetts' });
    await create.getByLabel(/^City/).click();
    await page
      .locator('.bp6-popover')
      .last()
      .getByPlaceholder(/^Filter/)
      .fill('Boston');
    await page
      .locator('.bp6-popover')
      .last()
      .getByRole('option', { name: /^Boston$/ })
      .first()
      .click();
    await create.getByLabel(/^Postal Code/).fill('02110');
    await create.getByLabel(/^Opening Date/).fill('2022-09-01');
    await createButton.click();
    await toast(page, 'Your location has been created successfully.').waitFor();
    await create.waitFor({ state: 'hidden' });
    expect(sent).toHaveLength(1);

    // Google refuses an edit of a published location: the error names the form's field
    const published = rows.find((r) => r.OpenStatus === 'Published')!;
    const edit = await api('POST', `/api/gmb/${published.Id}/update`, { StreetAddressLine1: 'PO Box 4410' });
    expect(edit.status, JSON.stringify(edit.body)).toBe(200);
    await page.goto(`${e2e.url}/${published.Id}/location-details`);
    const callout = page.locator('.bp6-callout').filter({ hasText: 'Google rejected the last change' });
    await expect.poll(() => callout.textContent(), { timeout: UI_WAIT }).toContain('Address Line 1: PO box cannot be used in address.');
    expect(await callout.textContent()).not.toContain('storefrontAddress');
  });

  it('every Google account a demo company connects lets Delete from Google work, and the row leaves without an error', async () => {
    const accounts = [...new Set(rows.map((r) => r.AccountId))];
    for (const account of accounts) {
      const victim = (await allRows()).find((r) => r.AccountId === account && r.OpenStatus === 'Published' && !r.GoogleError)!;
      const before = (await sandboxDirectory(e2e.sandboxUrl)).accounts.find((a) => a.accountName === victim.AccountName)!.locationCount;
      await page.goto(`${e2e.url}/locations`);
      await page.getByRole('textbox', { name: 'Search locations' }).fill(victim.StoreCode);
      const row = page.getByRole('row').filter({ hasText: victim.StoreCode });
      await expect.poll(() => page.getByRole('row').count(), { timeout: UI_WAIT }).toBe(2);
      await row.getByRole('button', { name: `Delete ${victim.Title}` }).click();
      const confirm = page.getByRole('dialog');
      const fromGoogle = confirm.getByRole('checkbox', { name: 'Delete from Google My Business?' });
      await fromGoogle.locator('xpath=ancestor::label[1]').click();
      await expect.poll(() => fromGoogle.isChecked()).toBe(true);
      await confirm.getByRole('button', { name: 'Confirm' }).click();
      await toast(page, 'Location Deleted Successfully').waitFor();
      await page.getByText('No location(s) found.').waitFor();
      expect((await sandboxDirectory(e2e.sandboxUrl)).accounts.find((a) => a.accountName === victim.AccountName)!.locationCount).toBe(before - 1);
    }
    rows = await allRows();
  });

  it('at 390 px the directory and the other tables keep every column and the actions on screen, with no sideways scroll', async () => {
    const narrow = await signedInPage(390, 844);
    const noSidewaysScroll = async (p: Page) => {
      const sizes = await p.evaluate(() => ({
        page: document.documentElement.scrollWidth,
        tables: [...document.querySelectorAll('.locus-table')].map((t) => t.scrollWidth - t.clientWidth),
      }));
      expect(sizes.page).toBeLessThanOrEqual(390);
      expect(sizes.tables.length).toBeGreaterThan(0);
      for (const overflow of sizes.tables) expect(overflow).toBeLessThanOrEqual(0);
    };

    await narrow.goto(`${e2e.url}/locations`);
    await expectCaption(narrow, rows.length, rows.length);
    await noSidewaysScroll(narrow);
    const firstShown = async () => narrow.locator('.locus-store-code').first().textContent();
    const initial = await firstShown();
    const first = rows.find((r) => r.StoreCode !== '' && r.StoreCode === initial) ?? rows.find((r) => r.StoreCode !== '')!;
    const card = narrow.getByRole('row').filter({ has: narrow.locator('.locus-store-code').getByText(first.StoreCode, { exact: true }) });
    for (const label of ['Store', 'Description', 'Rating', 'Status', 'Last Sync', 'Actions']) {
      expect(await card.locator(`td[data-label="${label}"]`).isVisible(), label).toBe(true);
    }
    const view = card.getByRole('button', { name: `View details ${first.Title}` });
    const box = (await view.boundingBox())!;
    expect(box.x + box.width).toBeLessThanOrEqual(390);
    // sorting stays reachable above the cards
    await narrow.getByRole('button', { name: /^Store/ }).click();
    await expect.poll(firstShown).not.toBe(initial);
    await narrow.getByRole('button', { name: /^Store/ }).click();
    await expect.poll(firstShown).toBe(initial);
    await shoot(narrow, 'directory-390');
    await view.click();
    await narrow.waitForURL(new RegExp(`/${first.Id}/location-details$`));

    await narrow.goto(`${e2e.url}/users`);
    await narrow.getByRole('row').nth(1).waitFor();
    await noSidewaysScroll(narrow);
    await narrow.context().close();

    // a demo location's details page, for the record
    const demoLocation = (await allRows()).find((r) => r.StoreCode !== '' && !r.GoogleError && r.Id !== first.Id)!;
    const details = await signedInPage(1440);
    await details.goto(`${e2e.url}/${demoLocation.Id}/location-details`);
    await details.getByRole('heading', { name: demoLocation.Title }).waitFor();
    await shoot(details, 'location-details-1440');
    await details.context().close();
  });
});
