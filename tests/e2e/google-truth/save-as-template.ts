import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOCATION_DEFAULTS_COLLECTION, locationDefaultsMessages, type LocationDefaultsDoc } from '@locus/contracts';
import { DEMO_COMPANIES, seedDemo } from '@locus/command-api/demo/seed-demo';
import { ADMIN_EMAIL, ADMIN_PASSWORD, signInToken, startE2EStack, type E2EStack } from '../stack-fixture';

/**
 * Save as Template in a real browser: a company's saved location defaults (every
 * field, Monday's hours, three default images), then bulk edit's Save as Template with only
 * Business Name filled (and Website released but left blank). The confirmation lists the one
 * change, old → new; after saving, the API, the read model and the Default Location page show
 * the new name and every other saved default as it was.
 */
const UI_WAIT = 30_000;
const DEMO = DEMO_COMPANIES[0]!;
const toast = (page: Page, text: string) => page.locator('.bp6-toast').getByText(text, { exact: true });

/** Registers this part of the Google-truth browser spec (tests/e2e/google-truth.e2e.spec.ts). */
export function saveAsTemplateSuite(): void {
  describe('Save as Template keeps the saved defaults it does not name', () => {
    let e2e: E2EStack;
    let page: Page;
    let token: string;
    let companyId: string;

    const api = async (method: string, path: string, body?: unknown) => {
      const res = await fetch(`${e2e.url}${path}`, {
        method,
        headers: { Authorization: `Bearer ${token}`, ...(body === undefined ? {} : { 'Content-Type': 'application/json' }) },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      });
      return { status: res.status, body: (await res.json()) as { Data?: Record<string, unknown> | null; ResponseMessage?: string } };
    };

    beforeAll(async () => {
      e2e = await startE2EStack();
      const { ports } = e2e.stack;
      const demo = await seedDemo(
        { eventStore: ports.eventStore, ids: ports.ids, clock: ports.clock },
        { adminEmail: ADMIN_EMAIL, adminPassword: ADMIN_PASSWORD },
      );
      companyId = demo.companies.find((c) => c.name === DEMO.name)!.companyId;
      token = await signInToken(e2e, DEMO.admin.email, ADMIN_PASSWORD);

      page = await e2e.newPage();
      page.setDefaultTimeout(UI_WAIT);
      await page.goto(`${e2e.url}/login`);
      await page.getByLabel('Email').fill(DEMO.admin.email);
      await page.getByLabel('Password').fill(ADMIN_PASSWORD);
      await page.getByRole('button', { name: 'Login', exact: true }).click();
      await page.waitForURL(/\/dashboard$/);
    }, 180_000);

    afterAll(async () => {
      await e2e?.close();
    }, 60_000);

    it('with only Business Name filled: confirmed as one change, saved as one, every other default intact (API, read model, Default Location page)', async () => {
      const images = ['front', 'aisle', 'sign'].map((n) => ({ MediaItemUrl: `${e2e.sandboxUrl}/google/images/photo/defaults-${n}.png?w=1200&h=1200` }));
      const saved = await api('POST', '/api/locationDefault/save', {
        Title: 'Garcia Family Dental',
        PrimaryPhoneNumber: '(850) 555-0142',
        StreetAddressLine1: '2410 Capital Circle NE',
        StreetAddressLine2: 'Suite 200',
        State: 'FL',
        Website: 'https://garcia-dental.example.com',
        ProfileDescription: 'Family dentistry in Tallahassee.',
        BusinessHours: [{ OpenDay: 'Monday', IsOpen: true, OpenTimeHours: 8, OpenTimeMinutes: 0, CloseTimeHours: 17, CloseTimeMinutes: 30 }],
        LocationDefaultImagesUrl: images,
      });
      expect(saved.status, JSON.stringify(saved.body)).toBe(200);
      const before = (await api('GET', '/api/locationDefault/fetch')).body.Data!;
      expect(before['LocationDefaultImagesUrl']).toHaveLength(3);

      await page.goto(`${e2e.url}/bulk-edit`);
      await page.getByText('The changes made here will be applied to all of the company locations.').waitFor();
      await page.getByLabel('Ignore Business Name').setChecked(false, { force: true });
      const name = page.getByRole('textbox', { name: 'Business Name' });
      await expect.poll(() => name.getAttribute('contenteditable'), { timeout: UI_WAIT }).toBe('true');
      await name.click();
      await page.keyboard.type('Garcia Dental Group');
      // released from Ignore but left blank: never saved over the saved website
      await page.getByLabel('Ignore Website Uri').setChecked(false, { force: true });

      await page.getByRole('button', { name: 'Save as Template' }).click();
      const dialog = page.getByRole('dialog', { name: 'Save as Template' });
      await dialog.waitFor();
      const rows = dialog.getByTestId('template-changes').locator('tbody tr');
      await expect.poll(() => rows.count()).toBe(1);
      expect((await rows.first().locator('td').allTextContents()).map((t) => t.trim())).toEqual([
        'Business Name',
        'Garcia Family Dental',
        '→',
        'Garcia Dental Group',
      ]);
      await dialog.getByText('Left as saved (blank here): Website Uri.').waitFor();
      await dialog.getByRole('button', { name: 'Save', exact: true }).click();
      await toast(page, locationDefaultsMessages.saved).waitFor();
      await dialog.waitFor({ state: 'hidden' });

      // the API and the read model: the name changed, nothing else
      await expect.poll(async () => (await api('GET', '/api/locationDefault/fetch')).body.Data?.['Title'], { timeout: UI_WAIT }).toBe('Garcia Dental Group');
      expect((await api('GET', '/api/locationDefault/fetch')).body.Data).toEqual({ ...before, Title: 'Garcia Dental Group' });
      const doc = await e2e.stack.commandDeps.readModels.collection<LocationDefaultsDoc>(LOCATION_DEFAULTS_COLLECTION).findOne({ _id: companyId });
      expect(doc).toMatchObject({
        Title: 'Garcia Dental Group',
        PrimaryPhoneNumber: '(850) 555-0142',
        StreetAddressLine1: '2410 Capital Circle NE',
        StreetAddressLine2: 'Suite 200',
        State: 'FL',
        Website: 'https://garcia-dental.example.com',
        ProfileDescription: 'Family dentistry in Tallahassee.',
        hours: [expect.objectContaining({ openDay: 'MONDAY' })],
      });
      expect(doc!.images.map((i) => i.MediaItemUrl)).toEqual(images.map((i) => i.MediaItemUrl));

      // the Default Location page shows the same
      await page.goto(`${e2e.url}/default-location`);
      await page.getByText(locationDefaultsMessages.intro).waitFor();
      await expect.poll(() => page.locator('#defaults-Title').inputValue(), { timeout: UI_WAIT }).toBe('Garcia Dental Group');
      expect(await page.locator('#defaults-PrimaryPhoneNumber').inputValue()).toBe('(850) 555-0142');
      expect(await page.locator('#defaults-StreetAddressLine1').inputValue()).toBe('2410 Capital Circle NE');
      expect(await page.locator('#defaults-Website').inputValue()).toBe('https://garcia-dental.example.com');
      expect(await page.locator('#defaults-ProfileDescription').inputValue()).toBe('Family dentistry in Tallahassee.');
      await page.getByRole('button', { name: 'Florida' }).waitFor();
      const hours = page.getByRole('group', { name: 'Regular Business Hours' });
      expect(await hours.getByLabel('Monday open time').inputValue()).toBe('08:00');
      expect(await hours.getByLabel('Monday close time').inputValue()).toBe('17:30');
      await expect.poll(() => page.getByAltText('Default location media').count(), { timeout: UI_WAIT }).toBe(3);
    }, 120_000);
  });
}
