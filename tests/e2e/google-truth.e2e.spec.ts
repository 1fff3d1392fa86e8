import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_COMPANIES } from '@locus/command-api/demo/seed-demo';
import { cityCoordinates } from '@locus/platform/geo/us-places';
import { accessTokenFor, callJson } from '@locus/sandbox/google/testing';
import { ADMIN_PASSWORD, REVIEWS_AND_INSIGHTS_READS, seedDemoCompany, startE2EStack, type E2EStack } from './stack-fixture';
import { outcomesSuite } from './google-truth/outcomes';
import { saveAsTemplateSuite } from './google-truth/save-as-template';

/**
 * Locus changes only what the user changed, and reports what Google really did, in a
 * browser, checked against the sandbox's Google store: the Edit dialog changes only the field
 * edited (the pin above all), and the details header follows a bulk edit without Sync or reload;
 * Save as Template keeps the defaults it does not name (google-truth/save-as-template.ts); posts
 * Google rejects are reported as rejected, and automation yields to people (google-truth/outcomes.ts).
 */
const UI_WAIT = 30_000;
const DEMO = DEMO_COMPANIES[0]!;
const EVERY_FIELD = 'name,title,storeCode,phoneNumbers,categories,storefrontAddress,websiteUri,regularHours,profile,latlng,openInfo';

const toast = (page: Page, text: string | RegExp) => page.locator('.bp6-toast').filter({ hasText: text });

describe('Google holds what the user changed, nothing more', () => {
  let e2e: E2EStack;
  let token = '';
  let googleToken = '';
  let page: Page;
  let companyId = '';

  const api = async (method: string, pathname: string, body?: unknown) => {
    const res = await fetch(`${e2e.url}${pathname}`, {
      method,
      headers: { Authorization: `Bearer ${token}`, ...(body === undefined ? {} : { 'Content-Type': 'application/json' }) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    return { status: res.status, body: (await res.json()) as any };
  };
  /** The location as Google holds it (the sandbox's store, through Google's API). */
  const onGoogle = async (googleName: string) =>
    (await callJson(e2e.sandboxUrl, googleToken, 'GET', `/google/mybusinessbusinessinformation/v1/${googleName}?readMask=${EVERY_FIELD}`)).json as Record<
      string,
      any
    >;
  /** Waits for `check` to hold (bounded only so a hung stack fails). */
  const until = async <T>(check: () => Promise<T | null | undefined | false>, what: string): Promise<T> => {
    for (const end = Date.now() + UI_WAIT; ;) {
      const v = await check();
      if (v) return v;
      if (Date.now() > end) throw new Error(`Timed out waiting for ${what}`);
      await new Promise((r) => setTimeout(r, 100));
    }
  };
  const locations = async () => (await api('POST', `/api/gmb/${companyId}/locations-summary`, { first: 0, rows: 50 })).body.data as { Id: string }[];
  const details = async (id: string) => (await api('GET', `/api/gmb/${id}/location`)).body.Data.Location as Record<string, any>;

  beforeAll(async () => {
    // no screen of this spec shows reviews or Performance data
    e2e = await startE2EStack({ skipReactors: REVIEWS_AND_INSIGHTS_READS });
    const { company } = await seedDemoCompany(e2e);
    companyId = company.companyId;
    googleToken = await accessTokenFor(e2e.sandboxUrl, DEMO.google.userEmail);
    page = await e2e.newPage();
    page.setDefaultTimeout(UI_WAIT);
    await page.goto(`${e2e.url}/login`);
    await page.getByLabel('Email').fill(DEMO.admin.email);
    await page.getByLabel('Password').fill(ADMIN_PASSWORD);
    await page.getByRole('button', { name: 'Login', exact: true }).click();
    await page.waitForURL(/\/dashboard$/);
    token = (await page.evaluate(() => localStorage.getItem('locus.token')))!;
  }, 300_000);

  afterAll(async () => {
    await e2e?.close();
  }, 60_000);

  it('editing only the website in the Edit dialog keeps the pin and every other field on Google', async () => {
    // A published location in a city Locus knows, so a save that recomputed the pin from the city would move it.
    let location: Record<string, any> | null = null;
    for (const row of await locations()) {
      const d = await details(row.Id);
      if (d.LocationName && cityCoordinates(d.State, d.Town)) {
        location = d;
        break;
      }
    }
    expect(location, 'a published location in a known city').not.toBeNull();
    const id = location!.Id as string;
    const googleName = location!.LocationName as string;
    // A known pin, off the city centre (as the reported one was): set through Locus, so Google holds it too.
    const centre = cityCoordinates(location!.State, location!.Town)!;
    const pin = { latitude: Number((centre.latitude + 0.037369).toFixed(6)), longitude: Number((centre.longitude - 0.025796).toFixed(6)) };
    expect((await api('POST', `/api/gmb/${id}/update`, { Latitude: pin.latitude, Longitude: pin.longitude })).status).toBe(200);
    const before = await until(async () => {
      const g = await onGoogle(googleName);
      return g.latlng?.latitude === pin.latitude && g.latlng?.longitude === pin.longitude ? g : null;
    }, 'Google to hold the known pin');
    await until(async () => (await details(id)).PendingGoogleEdits === 0, 'the pin edit to settle');

    await page.goto(`${e2e.url}/locations/${id}`);
    await page.getByRole('button', { name: 'Edit', exact: true }).click();
    const edit = page.getByRole('dialog', { name: 'Edit Location' });
    await edit.waitFor();
    expect(await edit.getByLabel('Latitude').inputValue()).toBe(String(pin.latitude));
    const website = 'https://www.google-truth.example.com/only-this';
    await edit.getByLabel('Website').fill(website);
    await edit.getByRole('button', { name: 'Save' }).click();
    await toast(page, 'Your location has been updated').waitFor();
    await edit.waitFor({ state: 'hidden' });
    await page.getByRole('link', { name: website }).waitFor();

    const after = await until(async () => {
      const g = await onGoogle(googleName);
      return g.websiteUri === website ? g : null;
    }, 'Google to hold the new website');
    await until(async () => (await details(id)).PendingGoogleEdits === 0, 'the edit to settle');
    // Every other field as it was on Google, the pin above all.
    expect(after.latlng).toEqual(pin);
    expect({ ...after, websiteUri: before.websiteUri }).toEqual(before);
    const now = await details(id);
    expect([now.Latitude, now.Longitude]).toEqual([pin.latitude, pin.longitude]);
    expect(now.GoogleError).toBeNull();
  });

  it('the details header follows a bulk edit of the title and logo, without Sync or reload', async () => {
    const rows = await locations();
    let location: Record<string, any> | null = null;
    for (const row of rows) {
      const d = await details(row.Id);
      if (d.LocationName) {
        location = d;
        break;
      }
    }
    const id = location!.Id as string;
    await page.goto(`${e2e.url}/locations/${id}`);
    const header = page.locator('.locus-details-header');
    await header.getByRole('heading', { name: location!.Title }).waitFor();
    const marker = await page.evaluate(() => {
      (window as unknown as { notReloaded: boolean }).notReloaded = true;
      return true;
    });
    expect(marker).toBe(true);

    const title = `${location!.Title} (renamed in bulk)`;
    const logo = `${e2e.sandboxUrl}/google/images/photo/truth-logo.png?w=400&h=400`;
    const ignoreAllBut = (...keep: string[]) =>
      Object.fromEntries(
        [
          'BusinessName',
          'PhoneNumber',
          'AdditionalPhoneNumber',
          'PrimaryCategory',
          'AdditionalCategories',
          'LocaleZeCategories',
          'Address1',
          'Address2',
          'Country',
          'State',
          'Website',
          'BusninessDescription',
          'ProfilePhoto',
          'CoverPhoto',
          'LocationDefaultImage',
          'BusinessHours',
        ].map((f) => [f, !keep.includes(f)]),
      );
    const started = await api('POST', '/api/gmb/bulk-location-edit', {
      SelectedLocations: [id],
      IgnoreBulkLocationFields: ignoreAllBut('BusinessName', 'ProfilePhoto'),
      Title: title,
      ProfilePhoto: logo,
    });
    expect(started.status, JSON.stringify(started.body)).toBe(200);

    // The open page moves by itself: the title and the logo in its header.
    await header.getByRole('heading', { name: title }).waitFor();
    await expect.poll(() => header.locator('img.locus-details-thumb').getAttribute('src'), { timeout: UI_WAIT }).toBe(logo);
    expect(await page.evaluate(() => (window as unknown as { notReloaded?: boolean }).notReloaded)).toBe(true);
    // And Google holds the new title.
    await until(async () => (await onGoogle(location!.LocationName)).title === title, 'Google to hold the new title');
  });
});

saveAsTemplateSuite();
outcomesSuite();
