import type { Page, Request } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureAdministrator } from '@locus/command-api/demo/seed-demo';
import { ADMIN_EMAIL, ADMIN_PASSWORD, startE2EStack, type E2EStack } from './stack-fixture';

/**
 * The API reference in a real browser: signed in (the web app's stored token on this origin),
 * /api/docs renders the document, and its try-it console sends a request with that token and
 * shows Locus's 200 answer. Nothing is requested from another origin.
 */
const UI_WAIT = 30_000;

describe('API reference at /api/docs', () => {
  let e2e: E2EStack;
  let page: Page;
  let token: string;
  const requests: Request[] = [];

  beforeAll(async () => {
    e2e = await startE2EStack();
    const { userId } = await ensureAdministrator(
      { eventStore: e2e.stack.ports.eventStore, ids: e2e.stack.ports.ids, clock: e2e.stack.ports.clock },
      { adminEmail: ADMIN_EMAIL, adminPassword: ADMIN_PASSWORD },
    );
    ({ token } = await e2e.stack.commandDeps.tokens.issue({
      userId,
      role: 'Administrator',
      companyId: null,
      companyName: null,
      fullName: 'Locus Administrator',
      email: ADMIN_EMAIL,
      viewingAsAdmin: false,
    }));
    const context = await e2e.browser.newContext({ viewport: { width: 1440, height: 900 } });
    await context.addInitScript((t) => localStorage.setItem('locus.token', t), token);
    page = await context.newPage();
    page.setDefaultTimeout(UI_WAIT);
    page.on('request', (r) => requests.push(r));
  }, 120_000);

  afterAll(async () => {
    await e2e?.close();
  });

  it('sends a request from the try-it console with the signed-in token and shows its 200 answer', async () => {
    const errors: string[] = [];
    page.on('console', (m) => {
      if (m.type() === 'error' && /Content Security Policy/i.test(m.text())) errors.push(m.text());
    });
    await page.goto(`${e2e.url}/api/docs`);
    await page.getByRole('heading', { name: 'Locus API' }).first().waitFor();
    // The reference lists the operations by tag and summary; open GET /api/companies from the sidebar.
    await page.getByRole('button', { name: 'Open Group companies' }).click();
    await page.getByRole('button', { name: /^Companies table: .* HTTP Method: GET$/ }).click();
    const operation = page.getByRole('region', { name: /^Companies table:/ });
    await operation.getByRole('button', { name: 'Test Request (get /api/companies)' }).click();

    const answered = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/companies' && r.request().method() === 'GET');
    await page.getByRole('button', { name: /^Send/ }).first().click();
    const response = await answered;
    expect(response.status()).toBe(200);
    expect(response.request().headers()['authorization']).toBe(`Bearer ${token}`);
    expect(((await response.json()) as { Success: boolean }).Success).toBe(true);
    // The console shows the status Locus answered and its body.
    await page.getByText('200 OK').first().waitFor();
    await page
      .getByText(/TotalRecords/)
      .first()
      .waitFor();

    const origin = new URL(e2e.url).origin;
    const outside = requests.map((r) => r.url()).filter((u) => !u.startsWith(origin) && !u.startsWith('data:') && !u.startsWith('blob:'));
    expect(outside).toEqual([]);
    expect(errors).toEqual([]);
  }, 120_000);
});
