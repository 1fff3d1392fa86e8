import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startE2EStack, type E2EStack } from './stack-fixture';

/**
 * Connecting Google and the locations in a real browser: a company admin connects a sandbox Google account
 * (new-company flow: the company is named first), watches the import to 100 %, finds a
 * location by store code, creates a location, publishes it, edits its hours, syncs it,
 * assigns a user as primary owner and deletes it; every step shows the spec's message.
 * Screenshots go to $LOCUS_E2E_SHOTS (default /tmp/locus-e2e-locations).
 */

const SHOTS = process.env.LOCUS_E2E_SHOTS ?? '/tmp/locus-e2e-locations';
const UI_WAIT = 20_000;

const OWNER = { first: 'Olivia', last: 'Owner', email: 'olivia.owner@bloom.test', password: 'Olivia-Passw0rd!' };
const COMPANY = 'Bloom Franchise Group';
const GOOGLE_USER = 'Priya';
const GOOGLE_ACCOUNT = 'Bloom & Co. Salon';
const STAFF = { first: 'Sam', last: 'Stylist', email: 'sam.stylist@bloom.test', phone: '555-0142', password: 'Sam-Passw0rd!' };
const RECEPTION = { first: 'Riley', last: 'Reception', email: 'riley.reception@bloom.test', phone: '555-0143', password: 'Riley-Passw0rd!' };
const NEW_LOCATION = { title: 'Bloom & Co. Salon - Austin Lamar', storeCode: 'E2E-0001', phone: '(512) 555-0142' };

const toast = (page: Page, text: string) => page.locator('.bp6-toast').getByRole('alert').filter({ hasText: text });

// A toast can arrive (or finish its exit animation) while the others are closed: close again until none is left.
const closeToasts = async (page: Page) => {
  await expect
    .poll(
      async () => {
        for (const close of await page.locator('.bp6-toast').getByRole('button', { name: 'Close' }).all()) await close.click().catch(() => undefined);
        return page.locator('.bp6-toast').count();
      },
      { timeout: 15_000 },
    )
    .toBe(0);
};

/** The picture waits until what moves has come to rest (dialogs, toasts, tabs), not a fixed time; endless spinners aside. */
const shoot = async (page: Page, name: string) => {
  await page
    .waitForFunction(
      () => document.getAnimations().every((a) => a.playState !== 'running' || a.effect?.getComputedTiming().iterations === Infinity),
      undefined,
      { timeout: 2_000 },
    )
    .catch(() => undefined); // a picture is never a reason to fail
  await page.screenshot({ path: path.join(SHOTS, `${name}.png`) });
};

/** Ticks a Blueprint checkbox or switch through its label (a real click: waits until an opening dialog is still). */
const setChecked = async (control: Locator, checked: boolean) => {
  await control.waitFor({ state: 'attached' });
  if ((await control.isChecked()) === checked) return;
  await control.locator('xpath=ancestor::label[1]').click();
  await expect.poll(() => control.isChecked()).toBe(checked);
};

const menu = (page: Page, name: string) => page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name, exact: true });

/** Locations › Directory in the sidebar (the group opens first when closed). */
const openDirectory = async (page: Page) => {
  const nav = page.getByRole('navigation', { name: 'Main menu' });
  const group = nav.getByRole('button', { name: 'Locations' });
  if ((await group.getAttribute('aria-expanded')) !== 'true') await group.click();
  await nav.getByRole('link', { name: 'Directory', exact: true }).click();
  // the account's own directory (/{accountId}/locations) ends the same way: match the whole path
  await page.waitForURL((url) => url.pathname === '/locations');
};

const caption = (page: Page) => page.getByTestId('directory-caption');

/** Types into the directory's global search and waits for the caption to settle on `filtered`. */
const searchDirectory = async (page: Page, text: string, filtered: number) => {
  await page.getByRole('textbox', { name: 'Search locations' }).fill(text);
  await expect.poll(() => caption(page).textContent(), { timeout: UI_WAIT }).toMatch(new RegExp(`^Filtered : ${filtered} out of \\d+ total locations$`));
};

/** Chooses an option of a filterable picker (a Blueprint Select behind a button). */
const pick = async (page: Page, label: string, filter: string, option: string | RegExp) => {
  // the label may carry the required mark ('Primary Category *')
  await page.getByLabel(new RegExp(`^${label}\\s*\\*?\\s*$`)).click();
  const popover = page.locator('.bp6-popover').last();
  await popover.getByPlaceholder(/^Filter/).fill(filter);
  await popover.getByRole('option', { name: option }).first().click();
};

describe('locations in the browser', () => {
  let e2e: E2EStack;

  beforeAll(async () => {
    mkdirSync(SHOTS, { recursive: true });
    e2e = await startE2EStack();
  }, 180_000);

  afterAll(async () => {
    await e2e?.close();
  }, 60_000);

  it('connect Google → import to 100 % → find by store code → create → publish → hours → sync → primary owner → delete → disconnect', async () => {
    const page = await e2e.newPage();
    page.setDefaultTimeout(UI_WAIT);
    try {
      await run(page);
    } catch (err) {
      await page.screenshot({ path: path.join(SHOTS, 'failure.png') }).catch(() => undefined);
      writeFileSync(path.join(SHOTS, 'failure.html'), await page.content().catch(() => ''));
      throw err;
    }
  }, 240_000);

  const run = async (page: Page) => {
    // ---------- A new company admin registers their company ----------
    await page.goto(`${e2e.url}/signup`);
    const register = page.getByRole('dialog', { name: 'Register' });
    await register.waitFor();
    await register.getByLabel('First name').fill(OWNER.first);
    await register.getByLabel('Last name').fill(OWNER.last);
    await register.getByLabel('Company name').fill(COMPANY);
    await register.getByLabel('Email').fill(OWNER.email);
    await register.getByLabel('Password').fill(OWNER.password);
    await register.getByRole('button', { name: 'Create account' }).click();
    await page.waitForURL(/\/dashboard$/);
    await page.getByText(`Welcome, ${OWNER.first} ${OWNER.last}`).waitFor();

    // ---------- Connections: Connect Account through the sandbox's Google consent ----------
    await menu(page, 'Connections').click();
    await page.waitForURL(/\/connected-accounts$/);
    for (const header of ['Source', 'Google Account', 'Connected']) await page.getByRole('columnheader', { name: header, exact: true }).waitFor();
    expect(await page.getByLabel('Paginator').count()).toBe(0);
    await page.getByRole('button', { name: 'Connect Account' }).click();
    await page.waitForURL((url) => url.href.startsWith(e2e.sandboxUrl));
    await page.getByRole('button', { name: `Continue as ${GOOGLE_USER}` }).click();

    // back through /google-auth-callback to /account-connected/{processId}/false: named at sign-up
    await page.waitForURL(/\/account-connected\/[^/]+\/false$/);

    // account selection: Start needs a selection
    const select = page.getByRole('dialog', { name: 'Select Account(s)' });
    await select.waitFor();
    const start = select.getByRole('button', { name: 'Start' });
    expect(await start.isDisabled()).toBe(true);
    await select.getByText(GOOGLE_ACCOUNT, { exact: true }).click();
    expect(await start.isDisabled()).toBe(false);
    await shoot(page, '01-account-selection');

    // the progress dialog follows ConnectAccountsProgressNotification: record what it shows
    await page.evaluate(() => {
      const seen = { percents: [] as string[], titles: [] as string[] };
      (window as unknown as { __importSeen: typeof seen }).__importSeen = seen;
      const record = () => {
        const percent = document.querySelector('.locus-import-percent')?.textContent?.trim();
        if (percent && seen.percents.at(-1) !== percent) seen.percents.push(percent);
        const title = document.querySelector('[data-testid="import-current-title"]')?.textContent?.trim();
        if (title && seen.titles.at(-1) !== title) seen.titles.push(title);
      };
      new MutationObserver(record).observe(document.body, { subtree: true, childList: true, characterData: true });
    });
    await start.click();
    await page.getByRole('dialog', { name: 'Importing your locations' }).waitFor();
    await shoot(page, '02-import-progress');
    await toast(page, 'Your account has been connected successfully').waitFor({ timeout: 60_000 });
    await page.waitForURL(/\/connected-accounts$/);
    const seen = await page.evaluate(() => (window as unknown as { __importSeen: { percents: string[]; titles: string[] } }).__importSeen);
    expect(seen.percents.at(-1)).toBe('100%');
    expect(seen.titles.length).toBeGreaterThan(0);
    expect(seen.titles.every((t) => t.startsWith('Bloom & Co. Salon'))).toBe(true);
    const accountRow = page.getByRole('row').filter({ hasText: GOOGLE_ACCOUNT });
    await accountRow.waitFor();
    expect(await accountRow.textContent()).toContain('20 location(s)');
    // the top bar took a token with the new company name
    await page.getByText(`You're logged in as ${COMPANY}`).waitFor();
    await shoot(page, '03-connections');

    // the account's own directory (/{accountId}/locations)
    await accountRow.getByRole('button', { name: 'Locations' }).click();
    await page.waitForURL(/\/[^/]+\/locations$/);
    await page.getByRole('heading', { name: `Locations of ${GOOGLE_ACCOUNT}` }).waitFor();
    await expect.poll(() => caption(page).textContent(), { timeout: UI_WAIT }).toBe('Filtered : 20 out of 20 total locations');

    // ---------- Directory: first load 0/25 by store code, then find one by its store code ----------
    await openDirectory(page);
    await expect.poll(() => caption(page).textContent(), { timeout: UI_WAIT }).toBe('Filtered : 20 out of 20 total locations');
    for (const header of ['Store', 'Description', 'Rating', 'Status', 'Last Sync', 'Actions']) {
      expect(await page.getByRole('columnheader', { name: header }).count()).toBe(1);
    }
    // Read in one go: a live message after the import can redraw the table between a count and a read.
    let storeCodes: string[] = [];
    await expect.poll(async () => (storeCodes = await page.locator('.locus-store-code').allTextContents()).length, { timeout: UI_WAIT }).toBe(20);
    expect([...storeCodes].sort()).toEqual(storeCodes);
    await shoot(page, '04-directory');
    const wanted = storeCodes[7]!;
    await searchDirectory(page, wanted, 1);
    const found = page.getByRole('row').filter({ hasText: wanted });
    await found.waitFor();
    expect(await found.textContent()).toMatch(/Total \d+ Reviews/);
    await page.getByRole('button', { name: 'Clear', exact: true }).click();
    await expect.poll(() => caption(page).textContent()).toBe('Filtered : 20 out of 20 total locations');

    // live refresh: a location created elsewhere (here straight through the API) appears without a reload
    const token = await page.evaluate(() => localStorage.getItem('locus.token'));
    const api = (pathname: string, init: RequestInit = {}) =>
      fetch(`${e2e.url}${pathname}`, { ...init, headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' } });
    const accounts = (await (await api('/api/gmb/gmbAccounts')).json()) as { Data: Array<{ Id: string }> };
    const created = await api('/api/gmb/create-location', {
      method: 'POST',
      body: JSON.stringify({
        Location: {
          AccountId: accounts.Data[0]!.Id,
          Title: 'Bloom & Co. Salon - Elsewhere',
          StoreCode: 'API-0001',
          PrimaryPhoneNumber: '(919) 555-0177',
          PrimaryCategoryId: 'categories/gcid:hair_salon',
          Region: 'US',
          Latitude: 35.7796,
          Longitude: -78.6382,
          StreetAddressLine1: '301 Fayetteville St',
          State: 'NC',
          Town: 'Raleigh',
          PostCode: '27601',
          OpeningDate: '2021-06-01',
        },
      }),
    });
    expect(created.status).toBe(200);
    await expect.poll(() => caption(page).textContent(), { timeout: UI_WAIT }).toBe('Filtered : 21 out of 21 total locations');
    await page.getByRole('row').filter({ hasText: 'API-0001' }).waitFor();

    // ---------- Create Location: enabled only once the required fields are there ----------
    await page.getByRole('button', { name: 'Create Location' }).click();
    const create = page.getByRole('dialog', { name: 'Create Location' });
    await create.waitFor();
    const createButton = create.getByRole('button', { name: 'Create Location' });
    expect(await createButton.isDisabled()).toBe(true);
    // the only connected account is chosen already; the default week is filled in
    await expect.poll(() => create.getByLabel('Connected Account').inputValue()).not.toBe('');
    await create.getByLabel('Business Name (Title)').fill(NEW_LOCATION.title);
    await create.getByLabel('Store Code').fill(NEW_LOCATION.storeCode);
    await create.getByLabel('Primary Phone Number').fill(NEW_LOCATION.phone);
    await pick(page, 'Primary Category', 'hair salon', /^Hair salon$/i);
    await create.getByLabel('Address Line 1').fill('1600 N Lamar Blvd');
    await create.getByLabel('State/Administrative Area').selectOption({ label: 'Texas' });
    expect(await createButton.isDisabled()).toBe(true);
    await pick(page, 'City', 'Austin', /^Austin$/);
    await expect.poll(() => create.getByLabel('Latitude').inputValue()).toMatch(/^30\./);
    await create.getByLabel('Postal Code').fill('78701');
    await create.getByLabel('Opening Date').fill('2024-03-15');
    await create.getByLabel('Website Uri').fill('https://www.bloomandcosalon.com/locations/austin-lamar');
    await setChecked(create.getByRole('checkbox', { name: 'Identifies as women-owned' }), true);
    expect(await createButton.isDisabled()).toBe(false);
    await shoot(page, '05-create-location');
    await createButton.click();
    await toast(page, 'Your location has been created successfully.').waitFor();
    await create.waitFor({ state: 'hidden' });
    await expect.poll(() => caption(page).textContent(), { timeout: UI_WAIT }).toBe('Filtered : 22 out of 22 total locations');

    // ---------- Publish from the directory (only offered while unpublished) ----------
    await searchDirectory(page, NEW_LOCATION.storeCode, 1);
    const row = page.getByRole('row').filter({ hasText: NEW_LOCATION.storeCode });
    await row.getByText('Unpublished').waitFor();
    await closeToasts(page);
    await row.getByRole('button', { name: `Publish ${NEW_LOCATION.title}` }).click();
    await toast(page, 'Your location has been published successfully.').waitFor();
    await row.getByText('Published', { exact: true }).waitFor();
    expect(await row.getByRole('button', { name: `Publish ${NEW_LOCATION.title}` }).count()).toBe(0);

    // ---------- Location details: header, Edit Hours, Sync ----------
    await row.getByRole('button', { name: `View details ${NEW_LOCATION.title}` }).click();
    await page.waitForURL(/\/location-details$/);
    await page.getByRole('heading', { name: NEW_LOCATION.title }).waitFor();
    await page.getByText(NEW_LOCATION.phone).waitFor();
    await page.getByText('1600 N Lamar Blvd').waitFor();
    await shoot(page, '06-location-details');

    await page.getByRole('button', { name: 'Edit Hours' }).click();
    const hours = page.getByRole('dialog', { name: 'Regular Business Hours' });
    await hours.waitFor();
    await hours.getByText('Edits may be reviewed and can take up to 3 days to show.').waitFor();
    await setChecked(hours.getByRole('checkbox', { name: 'Saturday open' }), true);
    await hours.getByLabel('Saturday open time').selectOption('10:00');
    await hours.getByLabel('Saturday close time').selectOption('16:30');
    await setChecked(hours.getByRole('checkbox', { name: 'Sunday open' }), false);
    expect(await hours.getByLabel('Sunday open time').isDisabled()).toBe(true);
    await shoot(page, '07-edit-hours');
    await hours.getByRole('button', { name: 'Save' }).click();
    await toast(page, 'Your location regular hours have been updated successfully').waitFor();
    await hours.waitFor({ state: 'hidden' });

    await closeToasts(page);
    await page.getByRole('button', { name: 'Sync', exact: true }).click();
    await toast(page, 'Your location has been synchronized').waitFor();
    await page
      .getByTestId('last-synched')
      .getByText(/^Last synched at \d{2}\/\d{2}\/\d{4} \d{2}:\d{2} [AP]M$/)
      .waitFor();
    await shoot(page, '08-synced');
    const detailsUrl = page.url();

    // Edit Location: keywords with Enter or comma (trimmed, duplicates ignored); state → city sets coordinates
    await closeToasts(page);
    await page.getByRole('button', { name: 'Edit', exact: true }).click();
    const edit = page.getByRole('dialog', { name: 'Edit Location' });
    await edit.waitFor();
    expect(await edit.getByLabel('Business Name (Title)').isDisabled()).toBe(true);
    const keywords = edit.getByLabel('Keywords');
    await keywords.fill(' balayage ');
    await keywords.press('Enter');
    await keywords.pressSequentially('blowout,Balayage,');
    await expect.poll(() => edit.locator('.locus-keyword-tags .bp6-tag').allTextContents()).toEqual(['balayage', 'blowout']);
    await edit.getByLabel('Locale Tagline').fill('Color and cuts on Lamar');
    await edit.getByLabel('Instagram').fill('https://www.instagram.com/bloomaustin');
    await pick(page, 'City', 'Round Rock', /^Round Rock$/);
    await expect.poll(() => edit.getByLabel('Latitude').inputValue()).toMatch(/^30\.5/);
    await shoot(page, '08b-edit-location');
    await edit.getByRole('button', { name: 'Save' }).click();
    await toast(page, 'Your location has been updated').waitFor();
    await edit.waitFor({ state: 'hidden' });
    await page.getByText('Round Rock, TX 78701').waitFor();

    // Business Attributes: attributes and Place Page URLs tabs
    await page.getByRole('button', { name: 'Business Attributes' }).click();
    const attributes = page.getByRole('dialog', { name: 'Business Attributes' });
    await attributes.getByRole('tab', { name: 'Attributes' }).waitFor();
    await attributes.getByRole('checkbox', { name: 'Identifies as women-owned' }).waitFor({ state: 'attached' });
    expect(await attributes.getByRole('checkbox', { name: 'Identifies as women-owned' }).isChecked()).toBe(true);
    await setChecked(attributes.getByRole('checkbox', { name: 'Free street parking' }), true);
    await attributes.getByRole('tab', { name: 'Place Page URLs' }).click();
    await attributes.getByLabel('Appointment links').fill('https://www.bloomandcosalon.com/book/austin-lamar');
    await shoot(page, '08c-business-attributes');
    await attributes.getByRole('button', { name: 'Save' }).click();
    await toast(page, 'Your changes have been saved successfully').waitFor();
    await attributes.waitFor({ state: 'hidden' });

    // ---------- A company user becomes the location's primary owner ----------
    await menu(page, 'Users').click();
    await page.waitForURL(/\/users$/);
    await page.getByRole('button', { name: 'New User' }).click();
    const newUser = page.getByRole('dialog', { name: 'Create User' });
    await newUser.getByLabel('First Name').fill(STAFF.first);
    await newUser.getByLabel('Last Name').fill(STAFF.last);
    await newUser.getByLabel('Email').fill(STAFF.email);
    await newUser.getByLabel('Phone Number').fill(STAFF.phone);
    await newUser.getByLabel(/^Password/).fill(STAFF.password);
    await newUser.getByLabel('Confirm Password').fill(STAFF.password);
    await newUser.getByRole('button', { name: 'Save' }).click();
    await toast(page, 'User created successfully').waitFor();
    const userRow = page.getByRole('row').filter({ hasText: STAFF.email });
    await userRow.getByRole('button', { name: 'Edit' }).click();
    const editUser = page.getByRole('dialog', { name: 'Update User' });
    await editUser.getByText('Associated Locations').waitFor();
    await editUser.getByText('No location(s) found.').waitFor();
    await editUser.getByRole('button', { name: 'Assign Locations' }).click();
    const assign = page.getByRole('dialog', { name: 'Assign Locations' });
    await assign.waitFor();
    expect(await assign.getByRole('button', { name: 'Assign Location' }).isDisabled()).toBe(true);
    await pick(page, 'Location', NEW_LOCATION.storeCode, new RegExp(NEW_LOCATION.storeCode));
    await assign.getByText('This location has no primary owner yet.').waitFor();
    expect(await assign.getByLabel('Role').inputValue()).toBe('LocationOwner');
    await setChecked(assign.getByRole('checkbox', { name: 'Co-Owner' }), true);
    await setChecked(assign.getByRole('checkbox', { name: 'Primary Owner' }), true);
    expect(await assign.getByRole('checkbox', { name: 'Co-Owner' }).isChecked()).toBe(false);
    await shoot(page, '09-assign-location');
    await assign.getByRole('button', { name: 'Assign Location' }).click();
    await toast(page, 'The location has been assigned to the user successfully').waitFor();
    await assign.waitFor({ state: 'hidden' });
    const link = editUser.getByRole('row').filter({ hasText: NEW_LOCATION.title });
    await link.getByText('Primary', { exact: true }).waitFor();
    expect(await link.textContent()).toMatch(/Associated on \d{2}\/\d{2}\/\d{4}/);
    await shoot(page, '10-associated-locations');
    await editUser.getByRole('button', { name: 'Cancel' }).click();
    await editUser.waitFor({ state: 'hidden' });

    // a second owner: the current primary owner's message asks before overwriting
    await closeToasts(page); // the first user's "created" toast may still be up
    await page.getByRole('button', { name: 'New User' }).click();
    const second = page.getByRole('dialog', { name: 'Create User' });
    await second.getByLabel('First Name').fill(RECEPTION.first);
    await second.getByLabel('Last Name').fill(RECEPTION.last);
    await second.getByLabel('Email').fill(RECEPTION.email);
    await second.getByLabel('Phone Number').fill(RECEPTION.phone);
    await second.getByLabel(/^Password/).fill(RECEPTION.password);
    await second.getByLabel('Confirm Password').fill(RECEPTION.password);
    await second.getByRole('button', { name: 'Save' }).click();
    await toast(page, 'User created successfully').waitFor();
    await second.waitFor({ state: 'hidden' });
    await page.getByRole('row').filter({ hasText: RECEPTION.email }).getByRole('button', { name: 'Edit' }).click();
    const editSecond = page.getByRole('dialog', { name: 'Update User' });
    await editSecond.getByRole('button', { name: 'Assign Locations' }).click();
    const assignSecond = page.getByRole('dialog', { name: 'Assign Locations' });
    await pick(page, 'Location', NEW_LOCATION.storeCode, new RegExp(NEW_LOCATION.storeCode));
    const ownerMessage = `${STAFF.first} ${STAFF.last} is currently the primary owner of this location.`;
    await assignSecond.getByText(ownerMessage).waitFor();
    await setChecked(assignSecond.getByRole('checkbox', { name: 'Primary Owner' }), true);
    await closeToasts(page);
    await assignSecond.getByRole('button', { name: 'Assign Location' }).click();
    const overwrite = page.getByRole('dialog', { name: 'Confirmation' });
    await overwrite.getByText(`${ownerMessage} Do you want to overwrite?`).waitFor();
    await shoot(page, '10b-overwrite-confirmation');
    await overwrite.getByRole('button', { name: 'Confirm' }).click();
    await toast(page, 'The location has been assigned to the user successfully').waitFor();
    await editSecond.getByRole('row').filter({ hasText: NEW_LOCATION.title }).getByText('Primary', { exact: true }).waitFor();
    await editSecond.getByRole('button', { name: 'Cancel' }).click();

    // the location's Users dialog lists both: the new primary owner and the demoted co-owner
    await page.goto(detailsUrl);
    await page.getByRole('button', { name: 'Users', exact: true }).click();
    const users = page.getByRole('dialog', { name: 'Assign Users | Locations' });
    await users.getByText(`${RECEPTION.first} ${RECEPTION.last}`, { exact: false }).first().waitFor();
    await users.locator('.locus-location-user').filter({ hasText: RECEPTION.email }).getByText('Primary').waitFor();
    await users.locator('.locus-location-user').filter({ hasText: STAFF.email }).getByText('Co-owner').waitFor();
    await shoot(page, '10c-location-users');
    await users.getByRole('button', { name: 'Cancel' }).click();

    // the directory shows who manages it
    await openDirectory(page);
    await searchDirectory(page, NEW_LOCATION.storeCode, 1);
    await page.getByText(`Managed by ${RECEPTION.first} ${RECEPTION.last}`).waitFor();
    expect(detailsUrl).toContain('/location-details');

    // ---------- Delete, also from Google ----------
    await closeToasts(page);
    const doomed = page.getByRole('row').filter({ hasText: NEW_LOCATION.storeCode });
    await doomed.getByRole('button', { name: `Delete ${NEW_LOCATION.title}` }).click();
    const confirm = page.getByRole('dialog', { name: 'Confirmation' });
    await confirm
      .getByText(
        `Are you sure you want to permanently delete this location "${NEW_LOCATION.title}"? It's Reviews, Statistics and Business Information cannot be recovered.`,
      )
      .waitFor();
    await setChecked(confirm.getByRole('checkbox', { name: 'Delete from Google My Business?' }), true);
    await shoot(page, '11-delete-confirmation');
    await confirm.getByRole('button', { name: 'Confirm' }).click();
    await toast(page, 'Location Deleted Successfully').waitFor();
    await page.getByText('No location(s) found.').waitFor();
    await expect.poll(() => caption(page).textContent()).toBe('Filtered : 0 out of 21 total locations');
    await shoot(page, '12-deleted');

    // ---------- Disconnect: the spec's warning; the account's locations leave the directory ----------
    await closeToasts(page);
    await menu(page, 'Connections').click();
    await page.waitForURL(/\/connected-accounts$/);
    await page.getByRole('row').filter({ hasText: GOOGLE_ACCOUNT }).getByRole('button', { name: 'Disconnect' }).click();
    const disconnect = page.getByRole('dialog', { name: 'Confirmation' });
    await disconnect.getByText('Disconnecting your account will result in losing all the data under this account. Do you want to continue with it?').waitFor();
    await disconnect.getByRole('button', { name: 'Confirm' }).click();
    await toast(page, 'The selected account has been disconnected').waitFor();
    await page.getByText('No connected accounts found.').waitFor();
    await openDirectory(page);
    await expect.poll(() => caption(page).textContent(), { timeout: UI_WAIT }).toBe('Filtered : 0 out of 0 total locations');
    await page.getByText('No location(s) found.').waitFor();
  };
});
