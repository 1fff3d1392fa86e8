import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ENTITY_TYPE_WORDS, EVENT_TYPE_WORDS } from '@locus/contracts';
import { startE2EStack, type E2EStack } from './stack-fixture';

/**
 * The first hour and the history in words: a new sign-up sees the getting-started checklist and
 * empty charts that say why; connecting the sandbox Google account in another tab ticks the step
 * on the dashboard live (the page is never reloaded); then /history reads in words (no raw event
 * type, entity type or bare UUID where a name exists), a line's changes open in full in place,
 * the actor filter offers Google, and the CSV export's header has as many columns as its rows.
 * Screenshots go to $LOCUS_E2E_SHOTS (default /tmp/locus-e2e-first-hour).
 */
const SHOTS = process.env.LOCUS_E2E_SHOTS ?? '/tmp/locus-e2e-first-hour';
const UI_WAIT = 30_000;
const OWNER = { first: 'Nora', last: 'Newcomer', email: 'nora.newcomer@first-hour.test', password: 'Nora-Passw0rd!' };
const COMPANY = 'First Hour Bakery';
const GOOGLE_USER = 'Priya';
const GOOGLE_ACCOUNT = 'Bloom & Co. Salon';
const UUID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/i;

/** Cells of one CSV line (quoted cells may hold commas and doubled quotes). */
function csvCells(line: string): string[] {
  const cells: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < line.length; i++) {
    const c = line[i]!;
    if (quoted) {
      if (c === '"' && line[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (c === '"') quoted = false;
      else cell += c;
    } else if (c === '"') quoted = true;
    else if (c === ',') {
      cells.push(cell);
      cell = '';
    } else cell += c;
  }
  cells.push(cell);
  return cells;
}

describe('the first hour and the history in words', () => {
  let e2e: E2EStack;
  let page: Page;

  beforeAll(async () => {
    mkdirSync(SHOTS, { recursive: true });
    e2e = await startE2EStack();
  }, 180_000);

  afterAll(async () => {
    await e2e?.close();
  }, 60_000);

  it('a new sign-up sees the checklist and sees "Connect Google" ticked live when the account is connected in another tab', async () => {
    page = await e2e.newPage();
    page.setDefaultTimeout(UI_WAIT);
    await page.goto(`${e2e.url}/signup`);
    const register = page.getByRole('dialog', { name: 'Register' });
    await register.getByLabel('First name').fill(OWNER.first);
    await register.getByLabel('Last name').fill(OWNER.last);
    await register.getByLabel('Company name').fill(COMPANY);
    await register.getByLabel('Email').fill(OWNER.email);
    await register.getByLabel('Password').fill(OWNER.password);
    await register.getByRole('button', { name: 'Create account' }).click();
    await page.waitForURL(/\/dashboard$/);

    const checklist = page.getByTestId('getting-started');
    await checklist.waitFor();
    const connect = page.getByTestId('getting-started-connectGoogle');
    expect(await connect.getAttribute('data-done')).toBe('false');
    expect(await page.getByTestId('getting-started-importLocations').getAttribute('data-done')).toBe('false');
    expect(await checklist.getByRole('link', { name: 'Open Connections' }).getAttribute('href')).toBe('/connected-accounts');
    // the charts say why they are empty and what to do, instead of drawing a zero line
    const calls = page.getByTestId('chart-calls');
    await calls.getByTestId('chart-empty').waitFor();
    expect(await calls.getByTestId('chart-empty').textContent()).toContain('No locations yet');
    expect(['0', null]).toContain(await calls.getAttribute('data-total'));
    await page.screenshot({ path: path.join(SHOTS, '01-checklist.png') });

    // this page is never reloaded: the marker would be lost
    await page.evaluate(() => ((window as unknown as { __notReloaded: boolean }).__notReloaded = true));

    // another tab of the same session connects the sandbox account and imports its locations
    const other = await page.context().newPage();
    other.setDefaultTimeout(UI_WAIT);
    await other.goto(`${e2e.url}/connected-accounts`);
    await other.getByRole('button', { name: 'Connect Account' }).click();
    await other.waitForURL((url) => url.href.startsWith(e2e.sandboxUrl));
    await other.getByRole('button', { name: `Continue as ${GOOGLE_USER}` }).click();
    const select = other.getByRole('dialog', { name: 'Select Account(s)' });
    await select.waitFor();
    await select.getByText(GOOGLE_ACCOUNT, { exact: true }).click();
    await select.getByRole('button', { name: 'Start' }).click();
    await other.waitForURL(/\/connected-accounts$/, { timeout: 90_000 });

    await expect.poll(() => connect.getAttribute('data-done'), { timeout: UI_WAIT }).toBe('true');
    await expect.poll(() => page.getByTestId('getting-started-importLocations').getAttribute('data-done'), { timeout: UI_WAIT }).toBe('true');
    expect(await page.evaluate(() => (window as unknown as { __notReloaded?: boolean }).__notReloaded)).toBe(true);
    expect(await page.getByTestId('getting-started-progress').textContent()).toMatch(/^2 of 5 done$/);
    await page.screenshot({ path: path.join(SHOTS, '02-ticked-live.png') });
    await other.close();
  }, 240_000);

  it('/history reads in words: no raw event type, entity type or bare UUID where a name exists; the CSV header has as many columns as its rows', async () => {
    await page.goto(`${e2e.url}/history`);
    const table = page.getByTestId('history-table');
    await table.locator('.bp6-table-cell').first().waitFor();
    await expect.poll(() => table.locator('.bp6-table-cell-loading').count(), { timeout: UI_WAIT }).toBe(0);
    await page.screenshot({ path: path.join(SHOTS, '03-history.png') });

    // the Entity and What columns of every line in view
    const HEADERS = ['When', 'Who', 'Entity', 'What', 'Changes'];
    const columnTexts = async (index: number) =>
      (await table.locator(`.bp6-table-cell-col-${index}`).allTextContents()).filter((text) => !HEADERS.includes(text));
    const whos = await columnTexts(1);
    const entities = await columnTexts(2);
    const whats = await columnTexts(3);
    expect(entities.length).toBeGreaterThan(5);
    const rawEventTypes = Object.keys(EVENT_TYPE_WORDS);
    const rawEntityTypes = Object.keys(ENTITY_TYPE_WORDS).filter((type) => ENTITY_TYPE_WORDS[type]!.words !== type);
    for (const text of [...whos, ...entities, ...whats]) {
      expect(text).not.toMatch(UUID);
      for (const type of rawEventTypes) expect(text).not.toContain(type);
    }
    for (const text of entities) for (const type of rawEntityTypes) expect(text.split(/[\s:]/)).not.toContain(type);

    // the filters offer words, and the kinds of actors besides people
    const options = async (label: string) => page.getByLabel(label, { exact: true }).locator('option').allTextContents();
    for (const o of await options('Event type')) expect(rawEventTypes).not.toContain(o);
    for (const o of await options('Entity type')) expect(rawEntityTypes).not.toContain(o);
    expect(await options('Actor')).toContain('Google');

    // a line's changes open in full in place
    await table
      .getByRole('button', { name: /^Show the \d+ change\(s\) in full$/ })
      .first()
      .click();
    const full = page.getByTestId('history-changes-full');
    await full.waitFor();
    expect(await full.locator('tbody tr').count()).toBeGreaterThan(0);
    await page.screenshot({ path: path.join(SHOTS, '04-changes-in-full.png') });
    await page.keyboard.press('Escape');

    // the Google account's lines read "Google account: <its name>"
    await page.getByLabel('Entity type', { exact: true }).selectOption({ label: 'Google account' });
    await expect.poll(async () => (await columnTexts(2)).length, { timeout: UI_WAIT }).toBeGreaterThan(0);
    await expect.poll(async () => (await columnTexts(2)).every((e) => e.startsWith(`Google account: ${GOOGLE_ACCOUNT}`)), { timeout: UI_WAIT }).toBe(true);
    await page.getByLabel('Entity type', { exact: true }).selectOption({ label: 'All entity types' });

    // "Google" filters the lines Google answered
    await page.getByLabel('Actor', { exact: true }).selectOption({ label: 'Google' });
    await expect.poll(async () => (await columnTexts(1)).length, { timeout: UI_WAIT }).toBeGreaterThan(0);
    await expect.poll(async () => new Set(await columnTexts(1)), { timeout: UI_WAIT }).toEqual(new Set(['Google']));

    // the CSV export: as many header columns as row columns, on every row
    const token = await page.evaluate(() => localStorage.getItem('locus.token'));
    const res = await fetch(`${e2e.url}/api/audit/history/export?format=csv`, { headers: { Authorization: `Bearer ${token}` } });
    expect(res.status).toBe(200);
    const lines = (await res.text()).split('\n').filter(Boolean);
    expect(lines.length).toBeGreaterThan(5);
    const header = csvCells(lines[0]!);
    expect(header.every((name) => name.length > 0)).toBe(true);
    for (const line of lines.slice(1)) expect(csvCells(line).length).toBe(header.length);
  }, 120_000);
});
