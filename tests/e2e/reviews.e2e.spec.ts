import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_COMPANIES } from '@locus/command-api/demo/seed-demo';
import { ADMIN_PASSWORD, seedDemoCompany, signInToken, startE2EStack, type E2EStack } from './stack-fixture';

/**
 * Reviews in a real browser: a company admin filters /company-reviews by rating and
 * unresponded, replies; the reply is in the sandbox's Google store; the row shows it after a
 * reload; a second browser context's counts update live without a reload; a review Google pushes
 * appears on the page within seconds.
 */
const UI_WAIT = 30_000;
/** Screenshots of the page go here (default /tmp/locus-e2e-reviews). */
const SHOTS = process.env.LOCUS_E2E_SHOTS ?? '/tmp/locus-e2e-reviews';
const DEMO = DEMO_COMPANIES[0]!;

const toast = (page: Page, text: string | RegExp) => page.locator('.bp6-toast').getByRole('alert').filter({ hasText: text });
const cardValue = async (page: Page, testId: string) => Number((await page.getByTestId(testId).locator('.locus-review-card-value').textContent()) ?? NaN);

describe('reviews web: filter, reply through Google, live counts', () => {
  let e2e: E2EStack;
  let token = '';
  let companyId = '';

  const api = async (method: string, pathname: string, body?: unknown) => {
    const res = await fetch(`${e2e.url}${pathname}`, {
      method,
      headers: { Authorization: `Bearer ${token}`, ...(body === undefined ? {} : { 'Content-Type': 'application/json' }) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    return { status: res.status, body: (await res.json()) as any };
  };

  const signedInPage = async () => {
    const context = await e2e.browser.newContext({ viewport: { width: 1440, height: 1000 } });
    await context.addInitScript((t) => localStorage.setItem('locus.token', t), token);
    const p = await context.newPage();
    p.setDefaultTimeout(UI_WAIT);
    return p;
  };

  beforeAll(async () => {
    mkdirSync(SHOTS, { recursive: true });
    e2e = await startE2EStack();
    const { company, locations: imported } = await seedDemoCompany(e2e);
    companyId = company.companyId;
    token = await signInToken(e2e, DEMO.admin.email, ADMIN_PASSWORD);
    // every imported location's reviews are read (Google's counts, summed over the directory)
    const ingested = async () => {
      const rows: { TotalRatingsCount: number }[] = [];
      for (let first = 0; first === 0 || rows.length === first; first += 100)
        rows.push(...((await api('POST', `/api/gmb/${companyId}/locations-summary`, { first, rows: 100 })).body.data as { TotalRatingsCount: number }[]));
      const google = rows.reduce((n, r) => n + r.TotalRatingsCount, 0);
      const summary = (await api('GET', `/api/gmb/${companyId}/reviews-summary`)).body.Data;
      return rows.length === imported && summary.Total === google && google > 0;
    };
    // bounded only so a hung stack fails
    for (const until = Date.now() + 120_000; !(await ingested());) {
      if (Date.now() > until) throw new Error('the reviews of the imported locations were not read');
      await new Promise((r) => setTimeout(r, 250));
    }
  }, 300_000);

  afterAll(async () => {
    await e2e?.close();
  }, 60_000);

  it('filters by rating and unresponded, replies; Google has it; the row shows it after reload; another tab’s counts follow live', async () => {
    const page = await signedInPage();
    const other = await signedInPage();
    await other.goto(`${e2e.url}/company-reviews`);
    await expect.poll(() => cardValue(other, 'reviews-unresponded'), { timeout: UI_WAIT }).toBeGreaterThan(0);
    const unrespondedBefore = await cardValue(other, 'reviews-unresponded');

    await page.goto(`${e2e.url}/company-reviews`);
    await page.getByTestId('review-cell').first().waitFor();
    // 5 stars, then unresponded only: the table asks for exactly that and shows it
    const filtered = page.waitForResponse(
      (r) =>
        r.url().includes('/reviews-lazy') &&
        /"MinRating":5/.test(r.request().postData() ?? '') &&
        /"OnlyUnrespondedReviews":true/.test(r.request().postData() ?? ''),
    );
    await page.getByRole('button', { name: '5 stars' }).click();
    await page.getByText('Unresponded only').click();
    const answer = (await (await filtered).json()) as {
      data: {
        Id: string;
        StarRating: number;
        ReviewReplyComment: string | null;
        Comment: string | null;
        ReviewerDisplayName: string;
        LocationName: string;
        LocationId: string;
      }[];
    };
    expect(answer.data.length).toBeGreaterThan(0);
    expect(answer.data.every((r) => r.StarRating === 5 && r.ReviewReplyComment === null)).toBe(true);
    await expect.poll(() => page.getByTestId('review-cell').count()).toBe(answer.data.length);
    await expect.poll(() => page.getByText('Not replied to yet...').count()).toBe(answer.data.length);
    await page.screenshot({ path: path.join(SHOTS, 'company-reviews-filtered.png') });
    const target = answer.data[0]!;

    const replyText = `Thank you, ${target.ReviewerDisplayName}! We look forward to your next visit.`;
    await page.getByRole('button', { name: 'Reply', exact: true }).first().click();
    await page.getByLabel('Write your reply…').fill(replyText);
    await page.getByRole('button', { name: 'Post Reply' }).click();
    await toast(page, 'Your reply to this review has been updated').waitFor();

    // in the sandbox's Google store
    const [, , , sandboxLocation, , googleReviewId] = target.LocationName.split('/');
    const onGoogle = (await (await fetch(`${e2e.sandboxUrl}/google/__sandbox/locations/${sandboxLocation}/reviews/${googleReviewId}`)).json()) as {
      reviewReply?: { comment: string };
    };
    expect(onGoogle.reviewReply?.comment).toBe(replyText);

    // the other tab's unresponded count follows without a reload
    await expect.poll(() => cardValue(other, 'reviews-unresponded'), { timeout: UI_WAIT }).toBe(unrespondedBefore - 1);

    // after a reload, the review's row shows the reply
    await page.reload();
    await page.getByTestId('review-cell').first().waitFor();
    await page.getByLabel('Search reviewer or comment').fill(target.Comment ? target.Comment.slice(0, 40) : target.ReviewerDisplayName);
    await page.getByTestId('review-response').filter({ hasText: replyText }).waitFor();

    // Location details → Reviews: 5 a page, headline "N Reviews", then "N Unresponded Reviews"
    const locationId = target.LocationId;
    const all = (await api('POST', `/api/gmb/${locationId}/location-reviews-lazy`, {})).body;
    await page.goto(`${e2e.url}/${locationId}/location-details`);
    const section = page.getByTestId('location-reviews');
    await section
      .getByTestId('reviews-headline')
      .filter({ hasText: `${all.totalResultsCount} Reviews` })
      .waitFor();
    await expect.poll(() => section.getByTestId('review-cell').count()).toBe(Math.min(5, all.totalResultsCount));
    await section.getByText('Unresponded only').click();
    await section
      .getByTestId('reviews-headline')
      .filter({ hasText: `${all.unrespondedCount} Unresponded Reviews` })
      .waitFor();
    await page.screenshot({ path: path.join(SHOTS, 'location-reviews.png'), fullPage: true });
    await page.context().close();
    await other.context().close();
  }, 180_000);

  it('drafts a reply with AI in the location details reply dialog; the edited draft is what Google gets; the table exports', async () => {
    const page = await signedInPage();
    const open = (await api('POST', `/api/gmb/${companyId}/reviews-lazy`, { rows: 10, Params: { OnlyUnrespondedReviews: true } })).body.data as {
      LocationId: string;
      LocationName: string;
      ReviewerDisplayName: string;
    }[];
    expect(open.length).toBeGreaterThan(0);
    const locationId = open[0]!.LocationId;
    await page.goto(`${e2e.url}/${locationId}/location-details`);
    const section = page.getByTestId('location-reviews');
    await section.getByTestId('review-cell').first().waitFor();
    const firstOpen = page.waitForResponse(
      (r) => r.url().includes('/location-reviews-lazy') && /"OnlyUnrespondedReviews":true/.test(r.request().postData() ?? ''),
    );
    await section.getByText('Unresponded only').click();
    const target = ((await (await firstOpen).json()) as { data: { LocationName: string; ReviewerDisplayName: string }[] }).data[0]!;
    await section.getByRole('button', { name: 'Reply', exact: true }).first().click();

    const dialog = page.getByRole('dialog');
    const text = dialog.getByLabel('Write your reply…');
    await dialog.getByRole('combobox', { name: 'Tone' }).selectOption('Grateful');
    await dialog.getByRole('button', { name: 'Draft with AI' }).click();
    // The draft streams in, then the dialog offers a redraft; nothing is on Google yet.
    await dialog.getByRole('button', { name: 'Redraft' }).waitFor();
    const drafted = await text.inputValue();
    // The sandbox's model greets the reviewer by first name (an anonymous one generically).
    const firstName = target.ReviewerDisplayName.split(' ')[0]!;
    expect(target.ReviewerDisplayName === 'A Google User' || drafted.includes(firstName)).toBe(true);
    const [, , , sandboxLocation, , googleReviewId] = target.LocationName.split('/');
    const googleReview = async () =>
      (await (await fetch(`${e2e.sandboxUrl}/google/__sandbox/locations/${sandboxLocation}/reviews/${googleReviewId}`)).json()) as {
        reviewReply?: { comment: string };
      };
    expect((await googleReview()).reviewReply).toBeUndefined();
    await page.screenshot({ path: path.join(SHOTS, 'ai-draft.png') });

    const edited = `${drafted}\nWe have passed your words on to the team.`;
    await text.fill(edited);
    await dialog.getByRole('button', { name: 'Post Reply' }).click();
    await toast(page, 'Your reply to this review has been updated').waitFor();
    expect((await googleReview()).reviewReply?.comment).toBe(edited.trim());

    // The location's reviews as a CSV file.
    const download = page.waitForEvent('download');
    await section.getByRole('button', { name: 'Export' }).click();
    const file = await download;
    expect(file.suggestedFilename()).toMatch(/^reviews-\d{4}-\d{2}-\d{2}\.csv$/);
    await page.context().close();
  }, 180_000);

  it('a review written on Google appears on the aggregate page within 5 s of its push, no reload, with polling at an hour', async () => {
    expect(e2e.stack.config.reviewsSyncIntervalMs).toBe(3_600_000);
    const page = await signedInPage();
    await page.goto(`${e2e.url}/company-reviews`);
    await page.getByTestId('review-cell').first().waitFor();
    const someone = (await api('POST', `/api/gmb/${companyId}/reviews-lazy`, { rows: 1 })).body.data[0] as { LocationName: string };
    const [, , , sandboxLocation] = someone.LocationName.split('/');
    const comment = `Pushed live ${Date.now()}: the staff remembered my name.`;
    const created = await fetch(`${e2e.sandboxUrl}/google/__sandbox/locations/${sandboxLocation}/reviews`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ starRating: 5, comment, reviewerName: 'Lee Live' }),
    });
    expect(created.status).toBeLessThan(300);
    // Newest first: the pushed review heads the table without a reload.
    await page.getByText(comment).waitFor({ timeout: 5_000 });
    await page.context().close();
  }, 60_000);
});
