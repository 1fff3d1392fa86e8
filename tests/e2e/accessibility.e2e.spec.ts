import { mkdirSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_COMPANIES, ensureAdministrator } from '@locus/command-api/demo/seed-demo';
import { axeViolations, formatViolations } from './axe';
import { ADMIN_EMAIL, ADMIN_PASSWORD, seedDemoCompany, signInToken, startE2EStack, type E2EStack } from './stack-fixture';

/**
 * axe-core (WCAG A/AA and best-practice rules) on the main pages, each visited by a role that
 * may open it, once its data has rendered: no critical or serious violation may remain.
 * Screenshots of each page go to a temp folder for a look.
 */
const SHOTS = path.join(os.tmpdir(), 'locus-e2e-accessibility');
const UI_WAIT = 30_000;
const DEMO = DEMO_COMPANIES[0]!;

describe('accessibility of the main pages (axe-core in Chromium)', { timeout: 90_000 }, () => {
  let e2e: E2EStack;
  let companyAdmin: Page;
  let administrator: Page;
  let locationId = '';

  // the app's CSP forbids inline scripts; the test's context lets axe-core's script tag in
  const newPage = async (token?: string): Promise<Page> => {
    const context = await e2e.browser.newContext({ viewport: { width: 1440, height: 900 }, bypassCSP: true });
    if (token) await context.addInitScript((t) => localStorage.setItem('locus.token', t), token);
    const page = await context.newPage();
    page.setDefaultTimeout(UI_WAIT);
    return page;
  };

  const signIn = async (email: string, password: string, landing: RegExp): Promise<Page> => {
    const page = await newPage();
    page.setDefaultTimeout(UI_WAIT);
    await page.goto(`${e2e.url}/login`);
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password').fill(password);
    await page.getByRole('button', { name: 'Login', exact: true }).click();
    await page.waitForURL(landing);
    return page;
  };

  const check = async (page: Page, name: string) => {
    // lazy parts (charts, avatars) settle after the data the caller waited for
    await page.waitForTimeout(500);
    await page.screenshot({ path: path.join(SHOTS, `${name}.png`), fullPage: true });
    const violations = await axeViolations(page);
    expect(violations, formatViolations(name, violations)).toEqual([]);
  };

  beforeAll(async () => {
    mkdirSync(SHOTS, { recursive: true });
    e2e = await startE2EStack();
    const { company } = await seedDemoCompany(e2e);
    const token = await signInToken(e2e, DEMO.admin.email, ADMIN_PASSWORD);
    const api = async (method: string, pathname: string, body?: unknown) => {
      const res = await fetch(`${e2e.url}${pathname}`, {
        method,
        headers: { Authorization: `Bearer ${token}`, ...(body === undefined ? {} : { 'Content-Type': 'application/json' }) },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      return { status: res.status, body: (await res.json()) as { Data?: { LocationId: string }[] } };
    };
    // bounded only so a hung stack fails
    for (const until = Date.now() + 60_000; !locationId && Date.now() < until; await new Promise((r) => setTimeout(r, 200)))
      locationId = (await api('GET', '/api/gmb/locations-items')).body.Data?.[0]?.LocationId ?? '';
    expect(locationId, `no imported location for ${company.name}`).not.toBe('');
    // one edit, so the history page has a row to show
    expect((await api('POST', `/api/gmb/${locationId}/update`, { PrimaryEmail: 'front.desk@harbordental.example' })).status).toBe(200);

    companyAdmin = await signIn(DEMO.admin.email, ADMIN_PASSWORD, /\/dashboard$/);
    // the Administrator signs in with a one-time code by mail; a token issued here stands for that step
    const { userId } = await ensureAdministrator(
      { eventStore: e2e.stack.ports.eventStore, ids: e2e.stack.ports.ids, clock: e2e.stack.ports.clock },
      { adminEmail: ADMIN_EMAIL, adminPassword: ADMIN_PASSWORD },
    );
    const { token: adminToken } = await e2e.stack.commandDeps.tokens.issue({
      userId,
      role: 'Administrator',
      companyId: null,
      companyName: null,
      fullName: 'Locus Administrator',
      email: ADMIN_EMAIL,
      viewingAsAdmin: false,
    });
    administrator = await newPage(adminToken);
  }, 300_000);

  afterAll(async () => {
    await e2e?.close();
  }, 60_000);

  it('login', async () => {
    const page = await newPage();
    await page.goto(`${e2e.url}/login`);
    await page.getByLabel('Email').waitFor();
    // a main landmark holding the page's one h1
    expect(await page.getByRole('main').getByRole('heading', { level: 1 }).textContent()).toBe('Sign in to your account');
    await check(page, 'login');
    await page.context().close();
  });

  it('dashboard', async () => {
    await companyAdmin.goto(`${e2e.url}/dashboard`);
    await companyAdmin.getByTestId('chart-calls').waitFor();
    await companyAdmin.getByRole('heading', { level: 1, name: 'Dashboard' }).waitFor();
    // a chart is an image named by its title and figures
    expect(await companyAdmin.getByTestId('chart-calls').locator('.locus-chart-figure[role="img"]').getAttribute('aria-label')).toMatch(
      /^Calls: .+ in total, \d+ days from /,
    );
    await check(companyAdmin, 'dashboard');
    // the first Tab reaches the skip link; following it puts focus on the main content
    await companyAdmin.keyboard.press('Tab');
    const skip = companyAdmin.getByRole('link', { name: 'Skip to main content' });
    expect(await skip.evaluate((el) => el === document.activeElement)).toBe(true);
    await companyAdmin.keyboard.press('Enter');
    await expect.poll(() => companyAdmin.evaluate(() => document.activeElement?.id)).toBe('main-content');
  });

  it('directory (/locations)', async () => {
    await companyAdmin.goto(`${e2e.url}/locations`);
    await companyAdmin.getByRole('row').nth(1).waitFor();
    await check(companyAdmin, 'locations');
  });

  it('location details', async () => {
    await companyAdmin.goto(`${e2e.url}/locations/${locationId}`);
    await companyAdmin.getByTestId('posts-section').waitFor();
    await check(companyAdmin, 'location-details');
  });

  it('reviews (/company-reviews)', async () => {
    await companyAdmin.goto(`${e2e.url}/company-reviews`);
    await companyAdmin.getByTestId('review-cell').first().waitFor();
    await check(companyAdmin, 'company-reviews');
  });

  it('templates', async () => {
    await companyAdmin.goto(`${e2e.url}/location-template`);
    await companyAdmin.getByText('No post templates found.').waitFor();
    await check(companyAdmin, 'templates');
  });

  it('history', async () => {
    await companyAdmin.goto(`${e2e.url}/history`);
    await companyAdmin.getByTestId('history-table').locator('.bp6-table-cell').first().waitFor();
    await check(companyAdmin, 'history');
  });

  it('operations', async () => {
    await administrator.goto(`${e2e.url}/operations`);
    await administrator.getByRole('heading', { name: 'Operations' }).waitFor();
    await check(administrator, 'operations');
  });
});
