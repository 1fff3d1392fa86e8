import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureAdministrator } from '@locus/command-api/demo/seed-demo';
import { ADMIN_EMAIL, ADMIN_PASSWORD, startE2EStack, type E2EStack } from './stack-fixture';

/**
 * The Operations page in a real browser: a reactor event parked because the sandbox's mail server
 * kept refusing it is shown on /operations with its error and retried from the page; the mail
 * arrives and the event leaves the parked list. The page also rebuilds a projection while
 * serving and shows its progress reaching 100 % and the new generation.
 */
const UI_WAIT = 20_000;
// The mail reactor tries 8 times with backoff (about 25 s) before it parks an event.
const PARK_WAIT = 90_000;

const toast = (page: Page, text: string | RegExp) => page.locator('.bp6-toast').getByRole('alert').filter({ hasText: text });

describe('operations page', () => {
  let e2e: E2EStack;
  let page: Page;

  beforeAll(async () => {
    e2e = await startE2EStack();
    const { userId } = await ensureAdministrator(
      { eventStore: e2e.stack.ports.eventStore, ids: e2e.stack.ports.ids, clock: e2e.stack.ports.clock },
      { adminEmail: ADMIN_EMAIL, adminPassword: ADMIN_PASSWORD },
    );
    const { token } = await e2e.stack.commandDeps.tokens.issue({
      userId,
      role: 'Administrator',
      companyId: null,
      companyName: null,
      fullName: 'Locus Administrator',
      email: ADMIN_EMAIL,
      viewingAsAdmin: false,
    });
    const context = await e2e.browser.newContext({ viewport: { width: 1440, height: 900 } });
    await context.addInitScript((t) => localStorage.setItem('locus.token', t), token);
    page = await context.newPage();
    page.setDefaultTimeout(UI_WAIT);
  }, 120_000);

  afterAll(async () => {
    await e2e?.close();
  });

  it('retries from the page an event parked by a sandbox failure, and it succeeds', async () => {
    // The sandbox's SMTP server refuses every attempt the reactor makes (8), then accepts again.
    expect((await fetch(`${e2e.sandboxUrl}/mailbox/api/fail-next?count=8&status=451`, { method: 'POST' })).status).toBe(200);
    const asked = await fetch(`${e2e.url}/api/auth/forgot-password`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ Email: ADMIN_EMAIL }),
    });
    expect(asked.status).toBe(200);

    await page.goto(`${e2e.url}/operations`);
    await page.getByRole('heading', { name: 'Operations' }).waitFor();
    const parked = page.getByRole('region', { name: 'identity-mail parked events' });
    // Live: the page hears the park through the ops-status messages, no reload.
    await parked.waitFor({ timeout: PARK_WAIT });
    await expect.poll(() => parked.textContent(), { timeout: UI_WAIT }).toContain('PasswordResetRequested');
    await expect.poll(() => parked.textContent()).toContain('8 attempts');
    await expect.poll(() => parked.textContent()).toContain('fail-next');
    expect(await e2e.mails(ADMIN_EMAIL)).toHaveLength(0);

    await parked.getByRole('button', { name: 'Retry' }).click();
    await toast(page, 'The event was handled').waitFor();
    await page.getByText('No parked events').waitFor();
    const mails = await e2e.mails(ADMIN_EMAIL, 10_000);
    expect(mails[0]?.subject).toMatch(/password/i);

    // Recorded with who retried it.
    const recorded = (await e2e.stack.ports.eventStore.readAll()).filter((e) => e.type === 'ParkedReactorEventRetried');
    expect(recorded).toHaveLength(1);
    expect(recorded[0]!.data).toMatchObject({ reactor: 'identity-mail', succeeded: true });
    expect(recorded[0]!.metadata.actor.role).toBe('Administrator');
  }, 150_000);

  it('rebuilds a projection while serving: progress to 100 % and the generation switches', async () => {
    const row = page.locator('tr[data-projection="users"]');
    const generationBefore = await row.locator('td[data-cell="generation"]').textContent();
    await row.getByRole('button', { name: 'Rebuild' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Confirm' }).click();
    await toast(page, 'Rebuild of users started').waitFor();
    await expect.poll(() => row.getByRole('status').textContent(), { timeout: UI_WAIT }).toContain('100 %');
    await expect.poll(() => row.getByRole('status').textContent(), { timeout: UI_WAIT }).toContain('Switched to generation');
    await expect.poll(() => row.locator('td[data-cell="generation"]').textContent(), { timeout: UI_WAIT }).not.toBe(generationBefore);
  }, 60_000);
});
