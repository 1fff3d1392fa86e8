import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOCATIONS_COLLECTION, type LocationDoc } from '@locus/contracts';
import { retitleLocation } from '@locus/command-api/audit/testing/retitle';
import { DEMO_COMPANIES } from '@locus/command-api/demo/seed-demo';
import { accessTokenFor, callJson } from '@locus/sandbox/google/testing';
import { ADMIN_PASSWORD, REVIEWS_AND_INSIGHTS_READS, seedDemoCompany, startE2EStack, type E2EStack } from './stack-fixture';

/**
 * The audit feature's browser acceptance: a location's title changed twice by two users; the auditor
 * sees both changes with before → after and the users' names, moves the slider to before the
 * first change and sees the original title, has no Restore (and the API refuses it); a company
 * admin restores the original title, which reaches the sandbox's Google and shows as a new
 * "restored" line.
 */
const UI_WAIT = 30_000;
const DEMO = DEMO_COMPANIES[0]!;
const AUDITOR = { email: 'audrey.auditor@audit.test', password: 'Auditor-Passw0rd!' };

describe('audit in the browser: history, point in time and restore', () => {
  let e2e: E2EStack;
  let companyId = '';
  let adminToken = '';
  let location: LocationDoc;
  let original = '';
  const names = { admin: '', user: '' };

  const api = async (method: string, pathname: string, token: string, body?: unknown) => {
    const res = await fetch(`${e2e.url}${pathname}`, {
      method,
      headers: { Authorization: `Bearer ${token}`, ...(body === undefined ? {} : { 'Content-Type': 'application/json' }) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await res.text();
    return { status: res.status, text, body: text ? (JSON.parse(text) as any) : null };
  };
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
  const tokenOf = async (page: Page) => (await page.evaluate(() => localStorage.getItem('locus.token')))!;
  const historyUrl = () => `${e2e.url}/history?entityType=location&entityId=${location._id}`;
  /** Moves slider A to a stop with the keyboard (from "now", the last stop). */
  const slideTo = async (page: Page, stop: number) => {
    const handle = page.getByLabel('A slider');
    const max = Number(await handle.getAttribute('aria-valuemax'));
    await handle.focus();
    for (let i = max; i > stop; i--) await page.keyboard.press('ArrowLeft');
    await expect.poll(() => handle.getAttribute('aria-valuenow'), { timeout: UI_WAIT }).toBe(String(stop));
  };

  beforeAll(async () => {
    // no screen of this spec shows reviews or Performance data
    e2e = await startE2EStack({ skipReactors: REVIEWS_AND_INSIGHTS_READS });
    const { company } = await seedDemoCompany(e2e);
    const { commandDeps } = e2e.stack;
    companyId = company.companyId;

    const login = await fetch(`${e2e.url}/api/auth/login`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ UserName: DEMO.admin.email, Password: ADMIN_PASSWORD }),
    });
    adminToken = ((await login.json()) as { Token: string }).Token;
    const created = await api('POST', '/api/users', adminToken, {
      Role: 'CompanyAuditor',
      FirstName: 'Audrey',
      LastName: 'Auditor',
      Email: AUDITOR.email,
      PhoneNumber: '(512) 555-0100',
      Password: AUDITOR.password,
      ConfirmPassword: AUDITOR.password,
    });
    expect(created.status, created.text).toBe(201);

    // the read model catches up with the import (bounded only so a hung stack fails)
    for (const until = Date.now() + UI_WAIT; Date.now() < until; await new Promise((r) => setTimeout(r, 200))) {
      const rows = (await api('POST', `/api/gmb/${companyId}/locations-summary`, adminToken, { first: 0, rows: 10 })).body?.data as
        { Id: string }[] | undefined;
      if (rows?.length) break;
    }
    const docs = await e2e.stack.commandDeps.readModels.collection<LocationDoc>(LOCATIONS_COLLECTION).find({ companyId }, { limit: 10 });
    location = docs.find((d) => d.googleName)!;
    original = location.profile.Title;

    // two users change the title, one after the other
    const users = await e2e.stack.commandDeps.readModels.collection<{ _id: string; fullName: string; role: string }>('users').find({ companyId });
    const companyUser = users.find((u) => u.role === 'CompanyUser')!;
    names.admin = users.find((u) => u._id === company.defaultAdminId)!.fullName;
    names.user = companyUser.fullName;
    await retitleLocation(commandDeps, companyId, location._id, `${original} (one)`, { userId: company.defaultAdminId, role: 'CompanyAdmin' });
    await retitleLocation(commandDeps, companyId, location._id, `${original} (two)`, { userId: companyUser._id, role: 'CompanyUser' });
  }, 300_000);

  afterAll(async () => {
    await e2e?.close();
  }, 60_000);

  it('shows the auditor both changes, the original title before the first, and no Restore', async () => {
    const page = await signIn(AUDITOR.email, AUDITOR.password);
    await page.getByRole('link', { name: 'History' }).first().click();
    await page.waitForURL(/\/history$/);
    await page.goto(historyUrl());
    const table = page.getByTestId('history-table');
    await table.getByText(`Title: ${original} (one) → ${original} (two)`).waitFor();
    await table.getByText(`Title: ${original} → ${original} (one)`).waitFor();
    await table.getByText(names.admin, { exact: true }).first().waitFor();
    await table.getByText(names.user, { exact: true }).first().waitFor();

    await expect.poll(() => page.getByTestId('value-a-Title').textContent(), { timeout: UI_WAIT }).toBe(`${original} (two)`);
    await slideTo(page, 1);
    await expect.poll(() => page.getByTestId('value-a-Title').textContent(), { timeout: UI_WAIT }).toBe(original);
    expect(await page.getByRole('button', { name: /Restore/ }).count()).toBe(0);

    const state = await api('GET', `/api/audit/entities/location/${location._id}/state`, await tokenOf(page));
    const restore = await api('POST', `/api/audit/entities/location/${location._id}/restore`, await tokenOf(page), {
      Position: state.body.Data.Changes[0].Position,
      Fields: ['Title'],
    });
    expect(restore.status).toBe(403);
    await page.context().close();
  });

  it('lets a company admin restore the original title: Google gets it, the history gets a "restored" line', async () => {
    const page = await signIn(DEMO.admin.email, ADMIN_PASSWORD);
    await page.goto(`${e2e.url}/${location._id}/location-details`);
    await page.getByRole('button', { name: 'History' }).click();
    await page.waitForURL(/\/history\?/);
    await expect.poll(() => page.getByTestId('value-a-Title').textContent(), { timeout: UI_WAIT }).toBe(`${original} (two)`);
    await slideTo(page, 1);
    await expect.poll(() => page.getByTestId('value-a-Title').textContent(), { timeout: UI_WAIT }).toBe(original);
    await page.getByRole('button', { name: 'Restore…' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByText(`${original} (two) → ${original}`).waitFor();
    await dialog.getByRole('button', { name: 'Restore', exact: true }).click();
    await page.locator('.bp6-toast').getByText('Restored the selected fields').waitFor();
    await page
      .getByTestId('history-table')
      .getByText(/Location restored — restored from #\d+/)
      .waitFor();

    const google = await accessTokenFor(e2e.sandboxUrl, DEMO.google.userEmail);
    await expect
      .poll(
        async () =>
          (await callJson(e2e.sandboxUrl, google, 'GET', `/google/mybusinessbusinessinformation/v1/${location.googleName}?readMask=title`)).json.title,
        {
          timeout: UI_WAIT,
        },
      )
      .toBe(original);
    await page.context().close();
  });
});
