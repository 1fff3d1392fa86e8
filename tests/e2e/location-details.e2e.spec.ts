import path from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_COMPANIES } from '@locus/command-api/demo/seed-demo';
import { renderPhoto } from '@locus/sandbox/google/images';
import { ADMIN_PASSWORD, screenshotsDir, seedDemoCompany, startE2EStack, type E2EStack } from './stack-fixture';

/**
 * Location details content in a real browser, on a demo location: every section of the details page
 * renders with the sandbox's data, an Offer post with a LEARN_MORE button reaches Google, a post
 * Google holds for review shows in review then rejected as Google decides, a 9 KB
 * image and a 4:3 cover are refused with the spec's messages, a photo is deleted, and the
 * Publishers dialog shows each Localeze status. The screenshot goes to a temp folder;
 * LOCUS_SCREENSHOTS_DIR=docs/screenshots refreshes docs/screenshots/location-details-sections.png.
 */
const UI_WAIT = 30_000;
const DEMO = DEMO_COMPANIES[0]!;
const LISTING_ID = '48213957';
const SHOTS = screenshotsDir('details');

const toast = (page: Page, text: string | RegExp) => page.locator('.bp6-toast').filter({ hasText: text });

describe('location details sections: media, posts, questions, publishers', () => {
  let e2e: E2EStack;
  let token = '';
  let page: Page;
  let locationId = '';
  let sandboxLocation = '';

  const api = async (method: string, pathname: string, body?: unknown) => {
    const res = await fetch(`${e2e.url}${pathname}`, {
      method,
      headers: { Authorization: `Bearer ${token}`, ...(body === undefined ? {} : { 'Content-Type': 'application/json' }) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    return { status: res.status, body: (await res.json()) as any };
  };
  const sandbox = async (pathname: string, init?: RequestInit) => (await fetch(`${e2e.sandboxUrl}${pathname}`, init)).json() as Promise<any>;
  /** Waits for `check` to hold (bounded only so a hung stack fails). */
  const until = async <T>(check: () => Promise<T | null | undefined | false>, what: string): Promise<T> => {
    for (const end = Date.now() + UI_WAIT; ;) {
      const v = await check();
      if (v) return v;
      if (Date.now() > end) throw new Error(`Timed out waiting for ${what}`);
      await new Promise((r) => setTimeout(r, 100));
    }
  };

  beforeAll(async () => {
    // Posts in Google's review are asked about twice a second, so its decision shows within the wait.
    e2e = await startE2EStack({ env: { LOCUS_POST_REVIEW_CHECK_MS: '500' } });
    const { company, locations: imported } = await seedDemoCompany(e2e);

    page = await e2e.newPage();
    page.setDefaultTimeout(UI_WAIT);
    await page.goto(`${e2e.url}/login`);
    await page.getByLabel('Email').fill(DEMO.admin.email);
    await page.getByLabel('Password').fill(ADMIN_PASSWORD);
    await page.getByRole('button', { name: 'Login', exact: true }).click();
    await page.waitForURL(/\/dashboard$/);
    token = (await page.evaluate(() => localStorage.getItem('locus.token')))!;

    // A location with historical questions, photos and posts on Google (loaded through the app's own refresh).
    const rows = await until(async () => {
      const r = (await api('POST', `/api/gmb/${company.companyId}/locations-summary`, { first: 0, rows: 30 })).body.data as { Id: string }[];
      return r.length >= imported ? r : null;
    }, 'the imported locations');
    for (const row of rows) {
      await api('POST', `/api/gmb/${row.Id}/content/refresh`);
      const media = await until(async () => {
        const d = (await api('GET', `/api/gmb/${row.Id}/media`)).body.Data;
        return d.RefreshedAt ? d : null;
      }, 'a location refresh');
      const questions = (await api('GET', `/api/gmb/${row.Id}/questions`)).body.Data;
      const posts = (await api('GET', `/api/gmb/${row.Id}/posts`)).body.Data;
      if (questions.Count > 0 && media.Count > 1 && posts.Count > 0) {
        locationId = row.Id;
        break;
      }
    }
    expect(locationId).not.toBe('');
    const details = (await api('GET', `/api/gmb/${locationId}/location`)).body.Data.Location;
    sandboxLocation = String(details.LocationName).split('/')[1]!;
    expect((await api('POST', `/api/gmb/${locationId}/update`, { LocalezeListingId: LISTING_ID })).status).toBe(200);
    // Every Localeze status on one listing (the simulator's admin hook), one of them Successful with a link.
    const dispositions = ['Successful', 'Pending', 'Submitted', 'Rejected', 'Not Supported'];
    const listing = await sandbox(`/localeze/v1/listings/${LISTING_ID}/directories`, { headers: { 'x-api-key': 'e2e' } });
    for (const [i, disposition] of dispositions.entries()) {
      const platform = listing.directories[i].platform as string;
      await fetch(`${e2e.sandboxUrl}/localeze/__sandbox/listings/${LISTING_ID}/directories/${encodeURIComponent(platform)}`, {
        method: 'PUT',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ disposition, ...(disposition === 'Successful' ? { link: 'https://maps.example.com/listing/48213957' } : {}) }),
      });
    }
  }, 300_000);

  afterAll(async () => {
    await e2e?.close();
  }, 60_000);

  it('renders every section with the sandbox data', async () => {
    await page.goto(`${e2e.url}/locations/${locationId}`);
    const google = await sandbox(`/google/__sandbox/locations/${sandboxLocation}/media`);
    const googlePosts = await sandbox(`/google/__sandbox/locations/${sandboxLocation}/localPosts`);
    const media = page.getByTestId('media-section');
    await expect.poll(() => media.getByTestId('media-item').count(), { timeout: UI_WAIT }).toBe(google.mediaItems.length);
    await media.getByRole('heading', { name: `Media ${google.mediaItems.length}` }).waitFor();
    const posts = page.getByTestId('posts-section');
    await expect.poll(() => posts.getByTestId('post-card').count(), { timeout: UI_WAIT }).toBe(googlePosts.localPosts.length);
    const questions = page.getByTestId('questions-section');
    await questions.getByText('Google no longer provides new questions').waitFor();
    // an accordion: the first question open, one at a time
    const items = questions.getByTestId('question');
    await expect.poll(() => items.first().getByRole('button').getAttribute('aria-expanded')).toBe('true');
    // the whole page in one picture: a viewport as tall as the content (the app scrolls inside its frame)
    await page.setViewportSize({ width: 1440, height: 1900 });
    await page.waitForTimeout(300); // let images paint, for the picture only
    await page.screenshot({ path: path.join(SHOTS, 'location-details-sections.png') });
    await page.setViewportSize({ width: 1440, height: 900 });
    if ((await items.count()) > 1) {
      await items.nth(1).getByRole('button').click();
      await expect.poll(() => items.first().getByRole('button').getAttribute('aria-expanded')).toBe('false');
      await expect.poll(() => items.nth(1).getByRole('button').getAttribute('aria-expanded')).toBe('true');
    }
  });

  it('creates an Offer post with a LEARN_MORE button: the URL is asked for, the post reaches Google and goes to the top', async () => {
    const posts = page.getByTestId('posts-section');
    await posts.getByRole('button', { name: 'Create Post' }).click();
    const dialog = page.getByRole('dialog', { name: 'Create Post' });
    await dialog.getByLabel('Post type').selectOption('OFFER');
    await dialog.getByLabel('Title').fill('Free whitening week');
    await dialog.getByLabel('Details').fill('Book a cleaning this week and get whitening free.');
    await dialog.getByLabel('Add a button').selectOption('LEARN_MORE');
    await dialog.getByRole('button', { name: 'Publish' }).click();
    await dialog.getByText('Please update the url').first().waitFor();
    await dialog.getByLabel('Link for your button').fill('https://harbordental.example/offer');
    await dialog.getByRole('button', { name: 'Publish' }).click();
    await toast(page, 'You have successfully posted an update').waitFor();
    await dialog.waitFor({ state: 'detached' });
    await posts.getByTestId('post-card').first().getByText('Book a cleaning this week and get whitening free.').waitFor();
    const google = await sandbox(`/google/__sandbox/locations/${sandboxLocation}/localPosts`);
    expect(google.localPosts[0]).toMatchObject({
      topicType: 'OFFER',
      summary: 'Book a cleaning this week and get whitening free.',
      event: { title: 'Free whitening week' },
      offer: { redeemOnlineUrl: 'https://harbordental.example/offer' },
    });
  });

  it('shows a post Google holds for review as in review, then rejected when Google decides, without reload', async () => {
    const posts = page.getByTestId('posts-section');
    await posts.getByRole('button', { name: 'Create Post' }).click();
    const dialog = page.getByRole('dialog', { name: 'Create Post' });
    await dialog.getByLabel('Details').fill('Our new price list is at https://harbordental.example/prices');
    await dialog.getByRole('button', { name: 'Publish' }).click();
    await dialog.waitFor({ state: 'detached' });
    const card = posts.getByTestId('post-card').filter({ hasText: 'https://harbordental.example/prices' });
    await expect.poll(() => card.getByTestId('post-state').textContent(), { timeout: UI_WAIT }).toBe('In review by Google');
    const google = await sandbox(`/google/__sandbox/locations/${sandboxLocation}/localPosts`);
    const held = google.localPosts.find((p: { summary?: string }) => p.summary?.includes('harbordental.example/prices'));
    expect(held.state).toBe('PROCESSING');
    const decided = await sandbox(`/google/__sandbox/locations/${sandboxLocation}/localPosts/${String(held.name).split('/').at(-1)}/review`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ state: 'REJECTED' }),
    });
    expect(decided.state).toBe('REJECTED');
    await expect.poll(() => card.getByTestId('post-state').textContent(), { timeout: UI_WAIT }).toBe('Rejected by Google');
  });

  it('refuses a 9 KB image and a 4:3 cover with the spec messages, then deletes a photo', async () => {
    const media = page.getByTestId('media-section');
    const file = media.getByTestId('media-file');
    const small = renderPhoto('e2e-small', 1160, 652);
    expect(small.length).toBeLessThan(10_240);
    await file.setInputFiles({ name: 'small.png', mimeType: 'image/png', buffer: small });
    await toast(page, 'Please select a file larger than 10 KB').waitFor();

    await media.getByLabel('Photo type').selectOption('COVER');
    await file.setInputFiles({ name: 'cover.png', mimeType: 'image/png', buffer: renderPhoto('e2e-43', 1024, 768) });
    await toast(page, 'Invalid aspect ratio: 1024x768 (1.3333). Please upload a 16:9 image.').waitFor();

    const before = (await sandbox(`/google/__sandbox/locations/${sandboxLocation}/media`)).mediaItems.length;
    await expect.poll(() => media.getByTestId('media-item').count(), { timeout: UI_WAIT }).toBe(before);
    const first = media.getByTestId('media-item').first();
    await first.getByRole('button', { name: 'Delete' }).click();
    await page.getByRole('dialog', { name: 'Confirmation' }).getByRole('button', { name: 'Confirm' }).click();
    await toast(page, 'Media deleted successfully').waitFor();
    await expect.poll(() => media.getByTestId('media-item').count(), { timeout: UI_WAIT }).toBe(before - 1);
    expect((await sandbox(`/google/__sandbox/locations/${sandboxLocation}/media`)).mediaItems).toHaveLength(before - 1);
  });

  it('shows each Localeze status in the Publishers dialog, with its action', async () => {
    await page.getByRole('button', { name: 'Publishers' }).click();
    const dialog = page.getByRole('dialog', { name: 'Publishers' });
    const rows = dialog.getByTestId('publisher-row');
    await expect.poll(() => rows.count(), { timeout: UI_WAIT }).toBeGreaterThanOrEqual(5);
    for (const status of ['Successful', 'Pending', 'Submitted', 'Rejected', 'Not Supported']) {
      await dialog.getByLabel('Status').selectOption(status);
      await expect
        .poll(async () => (await rows.count()) > 0 && (await rows.locator('td:nth-child(3)').allTextContents()).every((s) => s === status))
        .toBe(true);
      if (status !== 'Successful') await rows.first().getByText('Not published yet').waitFor();
    }
    await dialog.getByLabel('Status').selectOption('Successful');
    await dialog.locator('a[href="https://maps.example.com/listing/48213957"]', { hasText: 'View Listing' }).waitFor();
    await dialog.getByLabel('Status').selectOption('');
    await dialog.getByLabel('Search publishers').fill('no such directory');
    await dialog.getByText('No publisher(s) found.').waitFor();
    await page.keyboard.press('Escape');
  });
});
