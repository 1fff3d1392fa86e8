import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_COMPANIES, seedDemo } from '@locus/command-api/demo/seed-demo';
import { unsubscribeHeaders, unsubscribeSigner } from '@locus/command-api/notifications/unsubscribe';
import { ADMIN_EMAIL, ADMIN_PASSWORD, signInToken, startE2EStack, type E2EStack } from './stack-fixture';

/**
 * The "Review notifications" card of the profile page in a real browser: a company admin sets
 * alerts at 2★ or less and a weekly digest, saves (the server's toast), reloads and sees them;
 * the API's GET has them stored. A mail's unsubscribe link turns both off and the page says so.
 */
const UI_WAIT = 30_000;
const DEMO = DEMO_COMPANIES[0]!;
const toast = (page: Page, text: string) => page.locator('.bp6-toast').getByText(text, { exact: true });

describe('review notification settings in the browser', () => {
  let e2e: E2EStack;
  let page: Page;
  let token: string;
  let userId: string;

  const stored = async () => {
    const res = await fetch(`${e2e.url}/api/profile/notifications`, { headers: { Authorization: `Bearer ${token}` } });
    expect(res.status).toBe(200);
    return ((await res.json()) as { Data: { AlertMaxStars: number | null; Digest: string; UnsubscribedAt: string | null } }).Data;
  };

  beforeAll(async () => {
    e2e = await startE2EStack();
    const demo = await seedDemo(
      { eventStore: e2e.stack.ports.eventStore, ids: e2e.stack.ports.ids, clock: e2e.stack.ports.clock },
      { adminEmail: ADMIN_EMAIL, adminPassword: ADMIN_PASSWORD },
    );
    userId = demo.companies.find((c) => c.name === DEMO.name)!.defaultAdminId;
    token = await signInToken(e2e, DEMO.admin.email, ADMIN_PASSWORD);
    page = await e2e.newPage();
    page.setDefaultTimeout(UI_WAIT);
    await page.addInitScript((t) => localStorage.setItem('locus.token', t), token);
  }, 180_000);

  afterAll(async () => {
    await e2e?.close();
  }, 60_000);

  it('saves 2★ alerts and a weekly digest, shows them after a reload, and the API has them', async () => {
    await page.goto(`${e2e.url}/profile`);
    const card = page.getByRole('region', { name: 'Review notifications' });
    const alert = card.getByLabel('E-mail me at once about a new review rated');
    const digest = card.getByLabel('Review digest');
    // nothing set yet: both off, nothing to save
    await expect.poll(() => alert.inputValue()).toBe('off');
    expect(await digest.inputValue()).toBe('off');
    expect(await card.getByRole('button', { name: 'Save notifications' }).isDisabled()).toBe(true);

    await alert.selectOption({ label: '2★ or less' });
    await digest.selectOption({ label: 'Weekly (Mondays)' });
    await card.getByRole('button', { name: 'Save notifications' }).click();
    await toast(page, 'Notification settings saved').waitFor();

    await page.reload();
    await expect
      .poll(() => page.getByRole('region', { name: 'Review notifications' }).getByLabel('Review digest').inputValue(), { timeout: UI_WAIT })
      .toBe('weekly');
    expect(await page.getByRole('region', { name: 'Review notifications' }).getByLabel('E-mail me at once about a new review rated').inputValue()).toBe('2');
    expect(await stored()).toMatchObject({ AlertMaxStars: 2, Digest: 'weekly', UnsubscribedAt: null });
  }, 120_000);

  it("shows an unsubscribe done from a mail's link: both off, with when", async () => {
    const { link } = unsubscribeHeaders(e2e.stack.commandDeps, unsubscribeSigner(e2e.stack.commandDeps.config), userId, 'digest');
    expect((await fetch(link, { method: 'POST' })).status).toBe(200);
    await expect.poll(async () => (await stored()).UnsubscribedAt, { timeout: UI_WAIT }).not.toBeNull();

    await page.goto(`${e2e.url}/profile`);
    const card = page.getByRole('region', { name: 'Review notifications' });
    await card.getByTestId('notifications-unsubscribed').waitFor();
    expect(await card.getByLabel('Review digest').inputValue()).toBe('off');
    expect(await card.getByLabel('E-mail me at once about a new review rated').inputValue()).toBe('off');
    expect(await stored()).toMatchObject({ AlertMaxStars: null, Digest: 'off' });
  }, 120_000);
  it("shows the server's 400 inline in the card, naming the field, and stores nothing", async () => {
    await page.goto(`${e2e.url}/profile`);
    const card = page.getByRole('region', { name: 'Review notifications' });
    await expect.poll(() => card.getByLabel('Review digest').inputValue()).toBe('off');
    // the screen offers only valid ratings: a request altered on its way stands for a client the server must refuse
    await page.route('**/api/profile/notifications', async (route) => {
      if (route.request().method() !== 'PUT') return route.continue();
      return route.continue({ postData: JSON.stringify({ ...route.request().postDataJSON(), AlertMaxStars: 9 }) });
    });
    await card.getByLabel('E-mail me at once about a new review rated').selectOption({ label: '3★ or less' });
    await card.getByRole('button', { name: 'Save notifications' }).click();
    await card.getByRole('alert').filter({ hasText: 'Alert rating must be a number of stars from 1 to 5' }).waitFor();
    await page.unroute('**/api/profile/notifications');
    expect(await stored()).toMatchObject({ AlertMaxStars: null, Digest: 'off' });
  }, 120_000);
});
