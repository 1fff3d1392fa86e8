import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { renderPostSummary, type LocationDoc } from '@locus/contracts';
import { DEMO_COMPANIES } from '@locus/command-api/demo/seed-demo';
import { ADMIN_PASSWORD, REVIEWS_AND_INSIGHTS_READS, seedDemoCompany, startE2EStack, type E2EStack } from './stack-fixture';

/**
 * Post templates in a real browser: an Event template with @BusinessName and @City chips, previewed
 * for one location, published to 50 locations with live progress to 100 %, its log, and the
 * sandbox's 50 posts each holding its location's rendering.
 */
const UI_WAIT = 30_000;
const LOCATIONS = 50;
const DEMO = DEMO_COMPANIES[0]!;

const toast = (page: Page, text: string | RegExp) => page.locator('.bp6-toast').getByRole('alert').filter({ hasText: text });

describe('post templates web: write with variables, preview, publish to 50 locations, log', () => {
  let e2e: E2EStack;
  let page: Page;
  let token = '';
  let companyId = '';
  let locations: LocationDoc[] = [];

  const api = async (method: string, pathname: string, body?: unknown) => {
    const res = await fetch(`${e2e.url}${pathname}`, {
      method,
      headers: { Authorization: `Bearer ${token}`, ...(body === undefined ? {} : { 'Content-Type': 'application/json' }) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    return { status: res.status, body: (await res.json()) as any };
  };

  beforeAll(async () => {
    // no screen of this spec shows reviews or Performance data
    e2e = await startE2EStack({ skipReactors: REVIEWS_AND_INSIGHTS_READS });
    // the sandbox's benchmark account with exactly 50 locations, imported through the real flow
    const bench = (await (
      await fetch(`${e2e.sandboxUrl}/google/__sandbox/bench-account`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ locations: LOCATIONS }),
      })
    ).json()) as { accountName: string; owner: { email: string } };
    const { company, locations: imported } = await seedDemoCompany(e2e, { googleUserEmail: bench.owner.email, accountNames: [bench.accountName] });
    companyId = company.companyId;
    expect(imported).toBe(LOCATIONS);

    page = await e2e.newPage();
    page.setDefaultTimeout(UI_WAIT);
    await page.goto(`${e2e.url}/login`);
    await page.getByLabel('Email').fill(DEMO.admin.email);
    await page.getByLabel('Password').fill(ADMIN_PASSWORD);
    await page.getByRole('button', { name: 'Login', exact: true }).click();
    await page.waitForURL(/\/dashboard$/);
    token = (await page.evaluate(() => localStorage.getItem('locus.token')))!;
    const read = () => e2e.stack.commandDeps.readModels.collection<LocationDoc>('locations').find({ companyId });
    for (const until = Date.now() + UI_WAIT; (locations = await read()).length < LOCATIONS && Date.now() < until;) await new Promise((r) => setTimeout(r, 100));
    expect(locations).toHaveLength(LOCATIONS);
  }, 240_000);

  afterAll(async () => {
    await e2e?.close();
  }, 60_000);

  it('creates an Event template with @BusinessName and @City chips, previews it, publishes it to 50 locations and logs every post', async () => {
    await page.goto(`${e2e.url}/location-template`);
    await page.getByText('No post templates found.').waitFor();
    await page.getByRole('button', { name: 'New Post Template' }).click();
    const dialog = page.getByRole('dialog', { name: 'Create Post Template' });
    await dialog.getByLabel('Post type').selectOption('EVENT');
    await dialog.getByLabel('Title').fill('Open day');

    // a chip clicked, then one chosen from the @ list
    const editor = dialog.getByRole('textbox', { name: 'Template content' });
    await editor.click();
    await page.keyboard.type('Welcome to ');
    await dialog.getByRole('group', { name: 'Template content variables' }).getByText('@BusinessName', { exact: true }).click();
    // a chip brings no space of its own: the text around it is what the user types
    await page.keyboard.type(' in @Cit');
    await page.getByRole('menuitem', { name: '@City' }).click();
    await expect.poll(() => editor.locator('span.variable-chip').allTextContents()).toEqual(['@BusinessName', '@City']);
    // a chip is atomic: one Backspace removes it whole
    await page.keyboard.press('Backspace');
    await expect.poll(() => editor.locator('span.variable-chip').allTextContents()).toEqual(['@BusinessName']);
    await page.keyboard.type('@City');
    await page.keyboard.press('Enter');
    await expect.poll(() => editor.locator('span.variable-chip').count()).toBe(2);

    await dialog.getByLabel('Add a button').selectOption('LEARN_MORE');
    await dialog.getByRole('button', { name: 'Save Post Template' }).click();
    await dialog.getByText('Please update the url').waitFor();
    await dialog.getByLabel('Link for your button').fill('https://example.com/open-day');

    // a Blueprint checkbox is ticked through its label (the input sits under the indicator)
    await dialog.getByRole('checkbox', { name: 'Select all' }).locator('xpath=ancestor::label[1]').click();
    await dialog.getByText(`${LOCATIONS} locations selected`).waitFor();
    await dialog.getByRole('button', { name: 'Save Post Template' }).click();
    await toast(page, 'Your post template save successfully').waitFor();

    const row = page.getByRole('row').filter({ hasText: 'Open day' });
    await row.getByRole('button', { name: 'Publish' }).click();
    const publish = page.getByRole('dialog', { name: 'Your Selected Locations' });
    const first = [...locations].sort((a, b) => a.profile.Title.localeCompare(b.profile.Title))[0]!;
    await publish.getByPlaceholder('Filter locations').fill(first.profile.Title);
    await publish.getByRole('row').filter({ hasText: first.profile.Title }).getByRole('button', { name: 'Preview' }).click();
    const expected = renderPostSummary('<p>Welcome to @BusinessName in @City</p>', first.profile);
    const preview = page.getByTestId('template-preview-summary');
    await expect.poll(() => preview.textContent()).toContain(`Welcome to ${first.profile.Title}`);
    expect((await preview.textContent())!.trim()).toBe(expected.trim());
    expect(await preview.textContent()).toContain(first.profile.Town);
    await page.getByRole('dialog', { name: 'Preview' }).getByRole('button', { name: 'Close' }).click();
    await publish.getByRole('button', { name: 'Clear' }).click();

    await publish.getByRole('button', { name: 'Publish', exact: true }).click();
    await toast(page, `The selected template is being published to ${LOCATIONS} locations.`).waitFor();
    await publish.getByText(`100 % (${LOCATIONS}/${LOCATIONS} live)`).waitFor({ timeout: 120_000 });
    // success is told once Google has taken every post
    await toast(page, 'The selected template published successfully.').waitFor({ timeout: UI_WAIT });
    await publish.getByRole('button', { name: 'Close' }).last().click();

    await row.getByRole('button', { name: 'Log' }).click();
    const logs = page.getByRole('dialog', { name: 'Published Content' });
    await expect.poll(() => logs.getByRole('link', { name: 'View on Google' }).count(), { timeout: UI_WAIT }).toBe(10);
    const href = await logs.getByRole('link', { name: 'View on Google' }).first().getAttribute('href');
    expect((await fetch(href!)).status).toBe(200);

    const templates = await api('GET', '/api/locationPostTemplates/fetch');
    const template = templates.body.Data[0];
    expect(template.Progress).toEqual({ Done: LOCATIONS, InReview: 0, Rejected: 0, Failed: 0, Total: LOCATIONS });
    const log = await api('GET', `/api/locationPostTemplates/template-log/${template.Id}`);
    expect(log.body.Data).toHaveLength(LOCATIONS);

    // the sandbox holds one post per location, each with that location's rendering
    const store = e2e.stack.sandbox!.google!.store;
    for (const location of locations) {
      const posts = store.state.posts[location.googleName!.replace(/^.*locations\//, '')] ?? [];
      const summary = renderPostSummary(template.TemplateContent, location.profile);
      expect(summary).toContain(location.profile.Title);
      expect(posts.filter((p) => p.resource.summary === summary)).toHaveLength(1);
    }
  }, 300_000);
});
