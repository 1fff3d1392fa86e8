import { mkdirSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_COMPANIES } from '@locus/command-api/demo/seed-demo';
import { ADMIN_PASSWORD, seedDemoCompany, signInToken, startE2EStack, type E2EStack } from './stack-fixture';

/**
 * One access model in the browser (Harbor Dental, 24 imported locations): Marcus Reed co-owns
 * two locations, Priya Shah is the staff member of one, Audrey audits the company. Each signs in
 * and finds the same locations on the dashboard, in the directory, among the reviews and on the
 * details page, and only the actions their role has: the owner edits, syncs, posts and uploads
 * but publishes nothing; the staff member reads and replies; the auditor reads every location
 * and acts on none. Another location's details read "Location not found", as another company's.
 */
const UI_WAIT = 30_000;
const DEMO = DEMO_COMPANIES[0]!;
const AUDITOR = { email: 'audrey.access@harbordental.example', password: 'Auditor-Passw0rd!' };
const SHOTS = process.env.LOCUS_E2E_SHOTS ?? '';

interface Row {
  Id: string;
  Title: string;
}

describe('who sees and does what, the same on every screen', () => {
  let e2e: E2EStack;
  let companyId = '';
  let adminToken = '';
  let all: Row[] = [];
  const people = {
    owner: { email: DEMO.users[0]!.email, password: ADMIN_PASSWORD, sees: [] as Row[] },
    staff: { email: DEMO.users[1]!.email, password: ADMIN_PASSWORD, sees: [] as Row[] },
    auditor: { email: AUDITOR.email, password: AUDITOR.password, sees: [] as Row[] },
  };

  const api = async (method: string, pathname: string, token: string, body?: unknown) => {
    const res = await fetch(`${e2e.url}${pathname}`, {
      method,
      headers: { Authorization: `Bearer ${token}`, ...(body === undefined ? {} : { 'Content-Type': 'application/json' }) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await res.text();
    return { status: res.status, text, body: text ? (JSON.parse(text) as any) : null };
  };
  const directory = async (token: string): Promise<Row[]> =>
    ((await api('POST', `/api/gmb/${companyId}/locations-summary`, token, { first: 0, rows: 100, sortField: 'Title', sortOrder: 1 })).body?.data ??
      []) as Row[];

  const signIn = async (email: string, password: string): Promise<Page> => {
    const page = await e2e.newPage();
    page.setDefaultTimeout(UI_WAIT);
    await page.goto(`${e2e.url}/login`);
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password').fill(password);
    await page.getByRole('button', { name: 'Login', exact: true }).click();
    await page.waitForURL(/\/dashboard$/);
    return page;
  };
  const shot = async (page: Page, name: string) => {
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true });
  };
  const button = (page: Page, name: string) => page.locator('.locus-details-buttons').getByRole('button', { name, exact: true });

  beforeAll(async () => {
    if (SHOTS) mkdirSync(SHOTS, { recursive: true });
    e2e = await startE2EStack();
    const { company } = await seedDemoCompany(e2e);
    companyId = company.companyId;
    adminToken = await signInToken(e2e, DEMO.admin.email, ADMIN_PASSWORD);
    const created = await api('POST', '/api/users', adminToken, {
      Role: 'CompanyAuditor',
      FirstName: 'Audrey',
      LastName: 'Access',
      Email: AUDITOR.email,
      PhoneNumber: '(617) 555-0100',
      Password: AUDITOR.password,
      ConfirmPassword: AUDITOR.password,
    });
    expect(created.status, created.text).toBe(201);
    for (const until = Date.now() + UI_WAIT; Date.now() < until && all.length < 24; await new Promise((r) => setTimeout(r, 200))) {
      all = await directory(adminToken);
    }
    expect(all.length).toBe(24);

    const users = (await api('GET', '/api/users', adminToken)).body.Data as { Id: string; Email: string }[];
    const idOf = (email: string) => users.find((u) => u.Email === email)!.Id;
    const assign = async (email: string, row: Row, IsStaffMember: boolean) => {
      const res = await api('POST', '/api/users/assign-location', adminToken, { UserId: idOf(email), LocationId: row.Id, IsStaffMember });
      expect(res.status, res.text).toBe(200);
    };
    people.owner.sees = [all[0]!, all[1]!];
    people.staff.sees = [all[2]!];
    people.auditor.sees = all;
    await assign(people.owner.email, all[0]!, false);
    await assign(people.owner.email, all[1]!, false);
    await assign(people.staff.email, all[2]!, true);
  }, 300_000);

  afterAll(async () => {
    await e2e?.close();
  }, 60_000);

  /** Dashboard, directory and reviews of one person hold exactly the locations they see. */
  const checkLists = async (who: keyof typeof people) => {
    const person = people[who];
    const titles = person.sees.map((r) => r.Title).sort();
    const page = await signIn(person.email, person.password);
    const token = (await page.evaluate(() => localStorage.getItem('locus.token')))!;

    // The tile counts open locations: the person's own (all open here), or, for the auditor, the company's as its admin reads them.
    const active = who === 'auditor' ? (await api('GET', '/api/dashboard/fetch/180/false', adminToken)).body.Data.TotalLocations : titles.length;
    await expect
      .poll(async () => Number(/\d+/.exec((await page.getByTestId('tile-active').textContent()) ?? '')?.[0] ?? NaN), { timeout: UI_WAIT })
      .toBe(active);
    await shot(page, `${who}-dashboard`);

    await page.goto(`${e2e.url}/locations`);
    await expect.poll(() => page.getByTestId('directory-caption').textContent(), { timeout: UI_WAIT }).toContain(String(titles.length));
    const shown = titles.length > 25 ? titles.slice(0, 25) : titles;
    await expect
      .poll(async () => (await page.locator('.locus-location-title').allTextContents()).length, { timeout: UI_WAIT })
      .toBe(Math.min(titles.length, 25));
    if (titles.length <= 25) expect((await page.locator('.locus-location-title').allTextContents()).sort()).toEqual(shown);
    expect(await page.getByRole('button', { name: 'Create Location' }).count()).toBe(0);
    await shot(page, `${who}-directory`);

    // The reviews page: every row is of one of the person's locations, and the count is theirs.
    const reviews = await api('POST', `/api/gmb/${companyId}/reviews-lazy`, token, { first: 0, rows: 10, Params: {} });
    const expectedTotal = (
      await Promise.all(person.sees.map(async (r) => (await api('GET', `/api/gmb/${r.Id}/location-reviews-summary`, adminToken)).body.Data.Total as number))
    ).reduce((a, b) => a + b, 0);
    expect(reviews.body.totalResultsCount).toBe(expectedTotal);
    await page.goto(`${e2e.url}/company-reviews`);
    await expect.poll(() => page.getByTestId('review-cell').count(), { timeout: UI_WAIT }).toBe(Math.min(10, expectedTotal));
    const rowTexts = await page.getByTestId('review-cell').evaluateAll((cells) => cells.map((c) => c.closest('tr')?.textContent ?? ''));
    for (const text of rowTexts)
      expect(
        titles.some((t) => text.includes(t)),
        text,
      ).toBe(true);
    const replies = await page.getByRole('button', { name: 'Reply', exact: true }).count();
    if (who === 'auditor') expect(replies).toBe(0);
    else if (expectedTotal > 0) expect(replies + (await page.getByRole('button', { name: 'Edit Reply', exact: true }).count())).toBeGreaterThan(0);
    await shot(page, `${who}-reviews`);
    return page;
  };

  it('the owner sees its two locations everywhere and edits them, but publishes and creates nothing', { timeout: 120_000 }, async () => {
    const page = await checkLists('owner');
    await page.goto(`${e2e.url}/${people.owner.sees[0]!.Id}/location-details`);
    await page.getByRole('heading', { name: people.owner.sees[0]!.Title }).waitFor();
    for (const name of ['Edit', 'Sync', 'Business Attributes']) await button(page, name).waitFor();
    expect(await button(page, 'Upload').count()).toBe(0);
    expect(await button(page, 'History').count()).toBe(0);
    await page.getByRole('button', { name: 'Create Post' }).waitFor();
    await shot(page, 'owner-details');

    await page.goto(`${e2e.url}/${people.staff.sees[0]!.Id}/location-details`);
    await page.getByText('Location not found').first().waitFor();
    await shot(page, 'owner-other-location');
  });

  it('the staff member reads its location and replies, but edits nothing', { timeout: 120_000 }, async () => {
    const page = await checkLists('staff');
    await page.goto(`${e2e.url}/${people.staff.sees[0]!.Id}/location-details`);
    await page.getByRole('heading', { name: people.staff.sees[0]!.Title }).waitFor();
    await page.getByTestId('last-synched').waitFor();
    for (const name of ['Edit', 'Sync', 'Business Attributes', 'Upload']) expect(await button(page, name).count(), name).toBe(0);
    expect(await page.getByRole('button', { name: 'Edit Hours' }).count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Create Post' }).count()).toBe(0);
    await shot(page, 'staff-details');

    await page.goto(`${e2e.url}/${people.owner.sees[0]!.Id}/location-details`);
    await page.getByText('Location not found').first().waitFor();
  });

  it('the auditor reads every location, its reviews and insights, and is offered no action', { timeout: 120_000 }, async () => {
    const page = await checkLists('auditor');
    const target = all[5]!;
    await page.goto(`${e2e.url}/${target.Id}/location-details`);
    await page.getByRole('heading', { name: target.Title }).waitFor();
    await button(page, 'History').waitFor();
    for (const name of ['Edit', 'Sync', 'Business Attributes', 'Upload']) expect(await button(page, name).count(), name).toBe(0);
    expect(await page.getByRole('button', { name: 'Create Post' }).count()).toBe(0);
    await page.getByTestId('location-reviews').waitFor();
    expect(await page.getByText('You are not allowed to do this').count()).toBe(0);
    expect(await page.getByText('The chart could not be loaded').count()).toBe(0);
    await shot(page, 'auditor-details');
  });
});
