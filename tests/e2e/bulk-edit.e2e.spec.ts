import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emailImportMessages, LOCATIONS_COLLECTION, locationDefaultsMessages, type LocationDoc } from '@locus/contracts';
import { DEMO_COMPANIES } from '@locus/command-api/demo/seed-demo';
import { renderPhoto } from '@locus/sandbox/google/images';
import { ADMIN_PASSWORD, seedDemoCompany, startE2EStack, type E2EStack } from './stack-fixture';

/**
 * Bulk edit in a real browser, on one stack (a company with the sandbox's 200-location account):
 * - bulk edit: all 200 selected, Business Description set to "@BusinessName in @Town" with every
 *   other field ignored, the sample checked, published; the progress reaches 100 % and Google (the
 *   sandbox) holds each rendering while every other field is as it was; then Localeze categories
 *   and a default media URL for two locations, seen in the sample and on Google;
 * - the Default Location page: fields, hours and default media saved, the page reloaded with them,
 *   Create Location pre-filled from them;
 * - the CSV email import dialog: its instructions, a bad file's message, a good file's progress to
 *   the success message and every location's email set.
 *
 * Locus's Google write queue runs at 1,200 requests a minute here (LOCUS_GOOGLE_QUERIES_PER_MINUTE)
 * so the 200 edits take seconds, not the 40 s of Google's 300 (`npm run bench` measures the real
 * quota), and the reviews and insights reactors, which read every imported location, are left out.
 */
const UI_WAIT = 30_000;
const LOCATIONS = 200;
const DEMO = DEMO_COMPANIES[0]!;
const toast = (page: Page, text: string) => page.locator('.bp6-toast').getByText(text, { exact: true });

describe('bulk edit in the browser', () => {
  let e2e: E2EStack;
  let page: Page;
  let companyId: string;

  const googleLocations = () => {
    const store = e2e.stack.sandbox!.google!.store;
    const account = Object.values(store.state.accounts).find((a) => a.accountName === 'Atlas Hardware')!;
    return account.locationIds.map((id) => ({ id, resource: structuredClone(store.state.locations[id]!.resource) as Record<string, any> }));
  };

  beforeAll(async () => {
    e2e = await startE2EStack({
      env: { LOCUS_GOOGLE_QUERIES_PER_MINUTE: '1200' },
      // the reviews and insights reads of 200 imported locations: not this spec's subject
      skipReactors: ['reviews.ingest', 'insights.import-from-google'],
    });
    e2e.stack.sandbox!.google!.store.ensureBenchAccount(LOCATIONS);
    const { locations, company } = await seedDemoCompany(e2e, {
      googleUserEmail: 'bench.operator@gmail.com',
      accountNames: ['Atlas Hardware'],
      waitMs: 180_000,
    });
    expect(locations).toBe(LOCATIONS);
    companyId = company.companyId;

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
    // a chip brings no space of its own: the text around it is what the user types
    await page.keyboard.type(' in ');
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
    await expect.poll(() => page.getByTestId('bulk-percent').textContent(), { timeout: 240_000, interval: 250 }).toBe('100 %');
    await expect.poll(() => page.getByTestId('bulk-counts').textContent(), { timeout: UI_WAIT }).toBe(`${LOCATIONS} done, 0 failed, 0 pending of ${LOCATIONS}`);
    await page.getByText('No location failed.').waitFor();
    // every location's outcome, a page at a time in the selection's order
    await page.getByRole('radio', { name: `All locations (${LOCATIONS})` }).click();
    await page.getByText(`Showing 1 to 25 of ${LOCATIONS} entries`).waitFor();
    expect(await page.getByRole('cell', { name: 'succeeded' }).count()).toBe(25);
    await page.getByRole('button', { name: 'Next page' }).click();
    await page.getByText(`Showing 26 to 50 of ${LOCATIONS} entries`).waitFor();

    const after = new Map(googleLocations().map((l) => [l.id, l.resource]));
    for (const { id, resource } of before) {
      const now = after.get(id)!;
      expect(now.profile?.description).toBe(`${resource.title} in ${resource.storefrontAddress.locality}`);
      const { profile: _a, ...restNow } = now;
      const { profile: _b, ...restBefore } = resource;
      expect(restNow).toEqual(restBefore);
    }
  }, 400_000);

  it('Localeze categories and default media: released from Ignore, chosen, shown in the sample, and applied to the selected locations only', async () => {
    const docs = (await e2e.stack.commandDeps.readModels.collection<LocationDoc>(LOCATIONS_COLLECTION).find({ companyId })).slice(0, 3);
    const [first, second, untouched] = docs;
    const store = e2e.stack.sandbox!.google!.store;
    const mediaOf = (d: LocationDoc) =>
      store
        .mediaOf(store.state.locations[d.googleName!.replace('locations/', '')]!)
        .map((m) => ({ category: (m.resource.locationAssociation as { category: string }).category, sourceUrl: m.resource.sourceUrl }));
    const untouchedMedia = mediaOf(untouched!).length;

    await page.goto(`${e2e.url}/bulk-edit`);
    await page.getByText('The changes made here will be applied to all of the company locations.').waitFor();
    for (const d of [first!, second!]) {
      await page.locator('#bulk-locations').fill(d.profile.StoreCode);
      await page.getByRole('option', { name: new RegExp(`\\b${d.profile.StoreCode}\\b`) }).click();
    }
    await expect.poll(() => page.getByTestId('bulk-selected-label').textContent(), { timeout: UI_WAIT }).toBe('2 locations selected');

    await page.getByLabel('Ignore Localeze Categories').setChecked(false, { force: true });
    await page.getByPlaceholder('Localeze Categories').click();
    await page.getByPlaceholder('Localeze Categories').fill('Attorneys');
    await page.getByRole('option', { name: 'Attorneys', exact: true }).click();

    await page.getByLabel('Ignore Default Location Media').setChecked(false, { force: true });
    const imageUrl = `${e2e.sandboxUrl}/google/images/photo/bulk-default-media.png?w=1600&h=1200`;
    await page.getByRole('button', { name: 'Add Media using Urls' }).click();
    const urls = page.getByRole('dialog', { name: 'Add Media using Urls' });
    await urls.getByPlaceholder(locationDefaultsMessages.urlPlaceholder).fill(imageUrl);
    await urls.getByRole('button', { name: 'Done' }).click();
    await page.getByAltText('Default location media 1').waitFor();

    await page.getByRole('button', { name: '- Search Locations -' }).click();
    await page.getByPlaceholder('Filter...').fill(first!.profile.Title);
    await page.getByRole('option', { name: first!.profile.Title }).first().click();
    await expect.poll(() => page.getByTestId('bulk-sample').textContent(), { timeout: UI_WAIT }).toContain('Attorneys');
    expect(await page.getByTestId('bulk-sample').textContent()).toContain('1 image added');

    await page.getByRole('button', { name: 'Publish', exact: true }).click();
    await expect.poll(() => page.getByTestId('bulk-counts').textContent(), { timeout: 120_000, interval: 250 }).toBe('2 done, 0 failed, 0 pending of 2');
    await page.locator('.bp6-toast').getByText('Bulk edit finished: 2 of 2 location(s) updated.').waitFor();
    for (const d of [first!, second!]) {
      expect(mediaOf(d).filter((m) => m.sourceUrl === imageUrl)).toEqual([{ category: 'ADDITIONAL', sourceUrl: imageUrl }]);
      await expect
        .poll(
          async () =>
            (await e2e.stack.commandDeps.readModels.collection<LocationDoc>(LOCATIONS_COLLECTION).findOne({ _id: d._id }))?.profile.SelectedLocaleZeCategories,
        )
        .toEqual([{ Id: expect.any(String), Name: 'Attorneys' }]);
    }
    expect(mediaOf(untouched!)).toHaveLength(untouchedMedia);
  }, 120_000);

  it('Default Location page: fields, hours and default media saved with the message, shown again after the reload, and pre-filling Create Location', async () => {
    await page.goto(`${e2e.url}/default-location`);
    await page.getByText(locationDefaultsMessages.intro).waitFor();
    await page.locator('#defaults-Title').fill('Atlas Hardware Downtown');
    await page.locator('#defaults-PrimaryPhoneNumber').fill('(512) 555-0142');
    await page.locator('#defaults-StreetAddressLine1').fill('100 Congress Ave');
    await page.locator('#defaults-Website').fill('https://atlas.example.com');
    await page.locator('#defaults-ProfileDescription').fill('Tools and hardware since 1950.');
    await page.getByRole('button', { name: '- Select State -' }).click();
    await page.getByPlaceholder('Filter...').fill('Texas');
    await page.getByRole('option', { name: 'Texas' }).first().click();
    // hours: Monday open 08:00 to 17:30
    const hours = page.getByRole('group', { name: 'Regular Business Hours' });
    await hours.getByLabel('Monday open', { exact: true }).setChecked(true, { force: true });
    await hours.getByLabel('Monday open time').selectOption('08:00');
    await hours.getByLabel('Monday close time').selectOption('17:30');

    // default media: two uploads at once, and one URL ('Add more' only once no row is blank)
    await page.getByLabel('Upload default images').setInputFiles([
      { name: 'front.png', mimeType: 'image/png', buffer: renderPhoto('defaults-front', 1200, 1200) },
      { name: 'aisle.png', mimeType: 'image/png', buffer: renderPhoto('defaults-aisle', 1200, 1200) },
    ]);
    await expect.poll(() => page.getByAltText('Default location media').count(), { timeout: UI_WAIT }).toBe(2);
    const addMore = page.getByRole('button', { name: locationDefaultsMessages.addMore });
    expect(await addMore.isDisabled()).toBe(true);
    const mediaUrl = `${e2e.sandboxUrl}/google/images/photo/defaults-url.png?w=1200&h=1200`;
    await page.getByPlaceholder(locationDefaultsMessages.urlPlaceholder).first().fill(mediaUrl);
    expect(await addMore.isDisabled()).toBe(false);
    await addMore.click();
    await expect.poll(() => page.getByPlaceholder(locationDefaultsMessages.urlPlaceholder).count()).toBe(2);
    expect(await addMore.isDisabled()).toBe(true);

    await page.evaluate(() => ((window as unknown as { beforeSave: boolean }).beforeSave = true));
    await page.getByRole('button', { name: locationDefaultsMessages.save }).click();
    await toast(page, locationDefaultsMessages.saved).waitFor();
    // the page reloads after the save and shows what was saved
    await expect.poll(() => page.evaluate(() => (window as unknown as { beforeSave?: boolean }).beforeSave ?? false), { timeout: UI_WAIT }).toBe(false);
    await page.getByText(locationDefaultsMessages.intro).waitFor();
    expect(await page.locator('#defaults-Title').inputValue()).toBe('Atlas Hardware Downtown');
    expect(await page.locator('#defaults-Website').inputValue()).toBe('https://atlas.example.com');
    expect(await page.locator('#defaults-ProfileDescription').inputValue()).toBe('Tools and hardware since 1950.');
    await page.getByRole('button', { name: 'Texas' }).waitFor();
    expect(await page.getByRole('group', { name: 'Regular Business Hours' }).getByLabel('Monday close time').inputValue()).toBe('17:30');
    await expect.poll(() => page.getByAltText('Default location media').count(), { timeout: UI_WAIT }).toBe(3);
    expect(await page.getByAltText('Default location media').nth(2).getAttribute('src')).toBe(mediaUrl);

    // Create Location starts from the defaults
    await page.goto(`${e2e.url}/locations`);
    await page.getByRole('button', { name: 'Create Location' }).click();
    const create = page.getByRole('dialog', { name: 'Create Location' });
    await expect.poll(() => create.getByLabel('Business Name (Title)').inputValue(), { timeout: UI_WAIT }).toBe('Atlas Hardware Downtown');
    expect(await create.getByLabel('Primary Phone Number').inputValue()).toBe('(512) 555-0142');
    expect(await create.getByLabel('Address Line 1').inputValue()).toBe('100 Congress Ave');
    expect(await create.getByLabel('State/Administrative Area').inputValue()).toBe('TX');
    expect(await create.getByLabel('Website Uri').inputValue()).toBe('https://atlas.example.com');
    await expect.poll(() => create.getByLabel('Monday open time').inputValue(), { timeout: UI_WAIT }).toBe('08:00');
    expect(await create.getByLabel('Monday close time').inputValue()).toBe('17:30');
    await page.keyboard.press('Escape');
    await create.waitFor({ state: 'hidden' });
  }, 120_000);

  it("CSV email import: the instructions, a bad file refused with its message, a good file to 100 % and every location's email set", async () => {
    const docs = await e2e.stack.commandDeps.readModels.collection<LocationDoc>(LOCATIONS_COLLECTION).find({ companyId });
    expect(docs).toHaveLength(LOCATIONS);
    await page.goto(`${e2e.url}/locations`);
    await page.getByRole('button', { name: 'Import emails (CSV)' }).click();
    const dialog = page.getByRole('dialog', { name: emailImportMessages.instructionsTitle });
    await dialog.waitFor();
    for (const header of ['FirstName', 'LastName', 'StoreCode', 'EmailAddress']) await dialog.getByRole('columnheader', { name: header }).waitFor();
    const file = dialog.getByLabel('CSV file');
    const csv = (name: string, text: string) => ({ name, mimeType: 'text/csv', buffer: Buffer.from(text) });

    await file.setInputFiles(csv('emails.txt', 'FirstName,LastName,StoreCode,EmailAddress\nAna,Lee,X-1,ana@example.com\n'));
    await dialog.getByRole('button', { name: 'Import' }).click();
    await toast(page, emailImportMessages.onlyCsv).waitFor();
    await file.setInputFiles(csv('emails.csv', 'First,Last,Store,Email\nAna,Lee,X-1,ana@example.com\n'));
    await dialog.getByRole('button', { name: 'Import' }).click();
    await toast(page, emailImportMessages.headers).waitFor();

    const rows = docs.map((d, i) => `Owner${i},Atlas,${d.profile.StoreCode},owner.${i}@atlas.example.com`);
    await file.setInputFiles(csv('emails.csv', ['FirstName,LastName,StoreCode,EmailAddress', ...rows, ''].join('\n')));
    // the progress bar appears (watched from the page, it may show only briefly), then the live channel's 100 % and the answer's count
    await page.evaluate(() => {
      const seen = window as unknown as { progressSeen: string[] };
      seen.progressSeen = [];
      new MutationObserver(() => {
        const meter = document.querySelector<HTMLElement>('.locus-import-progress .bp6-progress-meter');
        if (meter && !seen.progressSeen.includes(meter.style.width)) seen.progressSeen.push(meter.style.width);
      }).observe(document.body, { childList: true, subtree: true, attributes: true, attributeFilter: ['style'] });
    });
    await dialog.getByRole('button', { name: 'Import' }).click();
    await toast(page, emailImportMessages.completed).waitFor();
    await toast(page, emailImportMessages.updated(LOCATIONS)).waitFor();
    await dialog.waitFor({ state: 'hidden' });
    // the bar moved with the live channel's percentages (LocationEmailsImportProgressNotification), not only to its end
    const widths = await page.evaluate(() => (window as unknown as { progressSeen: string[] }).progressSeen);
    expect(
      widths.some((w) => w !== '0%' && w !== '100%'),
      widths.join(' '),
    ).toBe(true);
    const emails = async () =>
      new Map(
        (await e2e.stack.commandDeps.readModels.collection<LocationDoc>(LOCATIONS_COLLECTION).find({ companyId })).map((d) => [d._id, d.profile.PrimaryEmail]),
      );
    const expected = new Map(docs.map((d, i) => [d._id, `owner.${i}@atlas.example.com`]));
    // the read model follows the import's events
    await expect.poll(async () => [...(await emails())].filter(([id, email]) => expected.get(id) !== email).length, { timeout: UI_WAIT }).toBe(0);
  }, 120_000);
});
