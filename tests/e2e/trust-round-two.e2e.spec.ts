import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { deflateSync } from 'node:zlib';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { oneLineAddress, type LocationDoc } from '@locus/contracts';
import { DEMO_COMPANIES } from '@locus/command-api/demo/seed-demo';
import { ADMIN_PASSWORD, seedDemoCompany, startE2EStack, type E2EStack } from './stack-fixture';

/**
 * What a new user tripped on, in the browser, on one stack with the first demo company imported:
 * the Workspace import's refusal said once with its ways out, pickers that tell locations apart,
 * a template editor that keeps every keystroke and previews the image, and layouts at 1440 and
 * 390 px (screenshots written to docs/screenshots/).
 */
const UI_WAIT = 30_000;
const DEMO = DEMO_COMPANIES[0]!;
const SHOTS = path.resolve(import.meta.dirname, '..', '..', 'docs', 'screenshots');

const toast = (page: Page, text: string | RegExp) => page.locator('.bp6-toast').getByRole('alert').filter({ hasText: text });

/** A 2×2 PNG, so an upload needs no file on disk. */
function tinyPng(): Buffer {
  const crcTable = Array.from({ length: 256 }, (_, n) => {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    return c >>> 0;
  });
  const crc = (buf: Buffer) => {
    let c = 0xffffffff;
    for (const b of buf) c = crcTable[(c ^ b) & 0xff]! ^ (c >>> 8);
    return (c ^ 0xffffffff) >>> 0;
  };
  const chunk = (type: string, data: Buffer) => {
    const len = Buffer.alloc(4);
    len.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type), data]);
    const sum = Buffer.alloc(4);
    sum.writeUInt32BE(crc(body));
    return Buffer.concat([len, body, sum]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(2, 0);
  header.writeUInt32BE(2, 4);
  header.set([8, 2, 0, 0, 0], 8);
  const rows = Buffer.from([0, 255, 0, 0, 0, 0, 255, 0, 0, 255, 0, 255, 255, 0]);
  return Buffer.concat([
    Buffer.from([137, 80, 78, 71, 13, 10, 26, 10]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(rows)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

describe('a new user, round two: truthful Workspace import, pickers, the template editor, layouts', () => {
  let e2e: E2EStack;
  let companyId = '';
  let locations: LocationDoc[] = [];

  const signIn = async (width = 1440, height = 900): Promise<Page> => {
    const context = await e2e.browser.newContext({ viewport: { width, height } });
    const page = await context.newPage();
    page.setDefaultTimeout(UI_WAIT);
    await page.goto(`${e2e.url}/login`);
    await page.getByLabel('Email').fill(DEMO.admin.email);
    await page.getByLabel('Password').fill(ADMIN_PASSWORD);
    await page.getByRole('button', { name: 'Login', exact: true }).click();
    await page.waitForURL(/\/dashboard$/);
    return page;
  };
  const shot = async (page: Page, name: string) => {
    mkdirSync(SHOTS, { recursive: true });
    await page.screenshot({ path: path.join(SHOTS, `${name}.png`) });
  };

  beforeAll(async () => {
    e2e = await startE2EStack();
    const { company } = await seedDemoCompany(e2e);
    companyId = company.companyId;
    const read = () => e2e.stack.commandDeps.readModels.collection<LocationDoc>('locations').find({ companyId });
    for (const until = Date.now() + UI_WAIT; (locations = await read()).length === 0 && Date.now() < until;) await new Promise((r) => setTimeout(r, 100));
    expect(locations.length).toBeGreaterThan(5);
  }, 300_000);

  afterAll(async () => {
    await e2e?.close();
  }, 60_000);

  it('item 2: an account that cannot read a Workspace directory is refused once, with another account and disconnect as ways out', async () => {
    const page = await signIn();
    await page.goto(`${e2e.url}/users`);
    await page.getByRole('button', { name: 'Add Google Workspace Users' }).click();
    await page.waitForURL((url) => url.href.startsWith(e2e.sandboxUrl));
    // a consumer account: Google answers 403 on its directory
    await page.getByRole('button', { name: 'Continue as Avery' }).click();
    await page.getByRole('heading', { name: 'Google Workspace not connected' }).waitFor();
    expect(await page.getByText('This Google account cannot read a Workspace directory').count()).toBe(1);
    expect(await toast(page, 'connected successfully').count()).toBe(0);
    expect(await page.locator('.bp6-toast').count()).toBe(0);

    await page.getByRole('button', { name: 'Use another account' }).click();
    await page.waitForURL((url) => url.href.startsWith(e2e.sandboxUrl));
    await page.getByRole('button', { name: 'Continue as Jordan' }).click();
    await toast(page, 'Your Google Workspace account has been connected successfully').waitFor();
    const directory = page.getByRole('dialog', { name: 'Google Workspace Users' });
    await directory.getByRole('button', { name: 'Add to Agency' }).first().waitFor();
    expect(await page.getByText('cannot read a Workspace directory').count()).toBe(0);

    await directory.getByRole('button', { name: 'Disconnect' }).click();
    await page.getByRole('dialog', { name: 'Confirmation' }).getByRole('button', { name: 'Confirm' }).click();
    await toast(page, 'Your Google Workspace account has been disconnected').waitFor();
    await directory.waitFor({ state: 'detached' });
    // nothing stored any more: the next import asks Google for an account again
    await page.getByRole('button', { name: 'Add Google Workspace Users' }).click();
    await page.waitForURL((url) => url.href.startsWith(e2e.sandboxUrl));
    await page.context().close();
  }, 120_000);

  it('item 6: pickers show store code and address beside the title; the selected-locations expansion shows the location values', async () => {
    const page = await signIn();
    const sample = [...locations].sort((a, b) => a.profile.Title.localeCompare(b.profile.Title))[0]!;
    const address = oneLineAddress(sample.profile);
    expect(address).not.toBe('');

    await page.goto(`${e2e.url}/location-template`);
    await page.getByRole('button', { name: 'New Post Template' }).click();
    const dialog = page.getByRole('dialog', { name: 'Create Post Template' });
    const row = dialog.locator('.template-locations-row').filter({ hasText: sample.profile.StoreCode }).first();
    await row.waitFor();
    expect(await row.textContent()).toContain(sample.profile.Title);
    expect(await row.textContent()).toContain(address);
    await dialog.getByRole('button', { name: 'Cancel' }).click();

    await page.goto(`${e2e.url}/bulk-edit`);
    await page.getByRole('button', { name: 'Select all' }).click();
    await page.getByRole('button', { name: /more selected/ }).click();
    const selected = page.getByRole('dialog', { name: 'Selected Locations' });
    const line = selected.getByRole('row').filter({ hasText: sample.profile.StoreCode }).first();
    expect(await line.textContent()).toContain(address);
    await line.getByRole('button', { name: `Expand ${sample.profile.Title}` }).click();
    const values = selected.getByTestId(`selected-sample-${sample._id}`);
    await values.getByText('Current values').waitFor();
    expect(await values.textContent()).toContain(sample.profile.StoreCode);
    expect(await values.textContent()).toContain(address);
    expect(await values.textContent()).toContain('Primary Phone Number');
    await shot(page, 'bulk-edit-selected-locations-1440');
    await page.context().close();
  }, 120_000);

  it('item 7: the template editor keeps the first keystrokes after clicking in and after a validation error; the preview shows the image', async () => {
    const page = await signIn();
    await page.goto(`${e2e.url}/location-template`);
    await page.getByRole('button', { name: 'New Post Template' }).click();
    const dialog = page.getByRole('dialog', { name: 'Create Post Template' });
    const editor = dialog.getByRole('textbox', { name: 'Template content' });
    // a validation error first, then typing right after clicking in
    await dialog.getByRole('button', { name: 'Save Post Template' }).click();
    await dialog.getByText('Template content is required').waitFor();
    await editor.click();
    await page.keyboard.type('Visit our office');
    await expect.poll(() => editor.textContent()).toBe('Visit our office');
    await dialog.getByText('Template content is required').waitFor();
    await page.keyboard.type(' today');
    await expect.poll(() => editor.textContent()).toBe('Visit our office today');

    await dialog.getByLabel('Image').setInputFiles({ name: 'office.png', mimeType: 'image/png', buffer: tinyPng() });
    await dialog.locator('.template-image img').waitFor();
    const first = [...locations].sort((a, b) => a.profile.Title.localeCompare(b.profile.Title))[0]!;
    await dialog.getByPlaceholder('Filter locations').fill(first.profile.StoreCode);
    await dialog.locator('.template-locations-row').first().locator('label').click();
    await dialog.getByRole('button', { name: 'Save Post Template' }).click();
    await toast(page, 'Your post template save successfully').waitFor();

    await page.getByRole('row').filter({ hasText: 'Visit our office today' }).getByRole('button', { name: 'Publish' }).click();
    const publish = page.getByRole('dialog', { name: 'Your Selected Locations' });
    await publish.getByRole('button', { name: 'Preview' }).first().click();
    const preview = page.getByRole('dialog', { name: 'Preview' });
    await expect.poll(() => preview.getByTestId('template-preview-summary').textContent()).toBe('Visit our office today');
    const image = preview.locator('img.template-preview-image');
    await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(2);
    await page.context().close();
  }, 120_000);

  it('item 8: layouts at 1440 and 390 px: AI sliders, one-row top bar, whole chart labels, full-height sidebar, unreachable media', async () => {
    for (const width of [1440, 390]) {
      const page = await signIn(width, width === 390 ? 844 : 900);
      // the dashboard: duration pickers read their whole label
      await page.getByText('Welcome', { exact: false }).first().waitFor({ state: 'attached' });
      const picker = page.locator('select.bp6-html-select, .locus-duration-picker select').first();
      await picker.waitFor();
      const fits = await picker.evaluate((s: HTMLSelectElement) => s.scrollWidth <= s.clientWidth + 1 && s.getBoundingClientRect().width >= 80);
      expect(fits, `duration picker at ${width}`).toBe(true);
      // one top bar row
      const bar = (await page.locator('.locus-topbar').boundingBox())!;
      expect(bar.height, `top bar at ${width}`).toBeLessThan(64);
      await shot(page, `dashboard-${width}`);

      // reviews with the AI settings: no sideways scroll, labels inside their option
      await page.goto(`${e2e.url}/company-reviews`);
      await page.locator('.locus-ai-option').first().waitFor();
      const sideways = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
      expect(sideways, `sideways scroll at ${width}`).toBeLessThanOrEqual(0);
      const clipped = await page.locator('.locus-ai-option').evaluateAll((options) =>
        options.flatMap((o) => {
          const box = o.getBoundingClientRect();
          return [...o.querySelectorAll('.bp6-slider-axis > .bp6-slider-label')]
            .map((l) => l.getBoundingClientRect())
            .filter((l) => l.left < box.left - 1 || l.right > box.right + 1)
            .map((l) => `${l.left}-${l.right} outside ${box.left}-${box.right}`);
        }),
      );
      expect(clipped, `slider labels at ${width}`).toEqual([]);
      await page.locator('.locus-ai-option').first().scrollIntoViewIfNeeded();
      await shot(page, `company-reviews-${width}`);

      // a long page: the sidebar's background reaches the bottom
      if (width === 1440) {
        await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
        const gap = await page.evaluate(() => {
          const sidebar = document.querySelector('.locus-sidebar')!.getBoundingClientRect();
          return window.innerHeight - sidebar.bottom;
        });
        expect(gap, 'sidebar background to the bottom of the page').toBeLessThanOrEqual(0);
      }

      // the default location media with an unreachable URL: a tidy tile, the delete button clear of it
      await page.goto(`${e2e.url}/bulk-edit`);
      await page.getByRole('button', { name: 'Add Media using Urls' }).first().waitFor();
      await shot(page, `bulk-edit-${width}`);
      await page.context().close();
    }
  }, 240_000);
});
