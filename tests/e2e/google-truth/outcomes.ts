import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LocationDoc } from '@locus/contracts';
import { DEMO_COMPANIES } from '@locus/command-api/demo/seed-demo';
import { ADMIN_PASSWORD, seedDemoCompany, signInToken, startE2EStack, type E2EStack } from '../stack-fixture';

/**
 * Outcomes and automation in a real browser, with the sandbox's Google store read
 * after each action: a post template with @Phone1 published to 3 locations is rejected by
 * Google at each, and the progress, the toast and the log say so (no "View on Google", none
 * counted as published); a review waiting for approval is answered by a person, the pending
 * approval disappears, and its mailed link then says the review was answered and changes
 * nothing on Google.
 */
const UI_WAIT = 30_000;
const DEMO = DEMO_COMPANIES[0]!;

const toast = (page: Page, text: string | RegExp) => page.locator('.bp6-toast').getByRole('alert').filter({ hasText: text });

/** Registers this part of the Google-truth browser spec (tests/e2e/google-truth.e2e.spec.ts). */
export function outcomesSuite(): void {
  describe("Google truth: outcomes are Google's, automation yields to people", () => {
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
    const sandbox = async (method: string, pathname: string, body?: unknown) => {
      const res = await fetch(`${e2e.sandboxUrl}${pathname}`, {
        method,
        headers: body === undefined ? {} : { 'Content-Type': 'application/json' },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      return (await res.json()) as any;
    };
    const newPage = async (signedIn: boolean) => {
      const context = await e2e.browser.newContext({ viewport: { width: 1440, height: 1000 } });
      if (signedIn) await context.addInitScript((t) => localStorage.setItem('locus.token', t), token);
      const p = await context.newPage();
      p.setDefaultTimeout(UI_WAIT);
      return p;
    };

    beforeAll(async () => {
      e2e = await startE2EStack({ env: { LOCUS_AUTO_REPLY_SECONDS_PER_MINUTE: '3', LOCUS_AUTO_REPLY_TICK_MS: '500' } });
      const { company } = await seedDemoCompany(e2e);
      companyId = company.companyId;
      token = await signInToken(e2e, DEMO.admin.email, ADMIN_PASSWORD);
    }, 300_000);

    afterAll(async () => {
      await e2e?.close();
    }, 60_000);

    it('a template with @Phone1 published to 3 locations shows "rejected by Google" for each in progress, toast and logs', async () => {
      const read = () => e2e.stack.commandDeps.readModels.collection<LocationDoc>('locations').find({ companyId });
      let locations: LocationDoc[];
      for (const until = Date.now() + 120_000; ; await new Promise((r) => setTimeout(r, 250))) {
        locations = (await read()).filter((l) => l.googleName && /\d{3}.*\d{4}/.test(l.profile.PrimaryPhoneNumber));
        if (locations.length >= 3 || Date.now() > until) break;
      }
      const chosen = locations.slice(0, 3);
      expect(chosen).toHaveLength(3);
      const content = '<p>Book your cleaning: call @Phone1 today.</p>';
      const saved = await api('POST', '/api/locationPostTemplates/save', {
        TopicType: 'STANDARD',
        TemplateContent: content,
        TemplateLocationIds: chosen.map((l) => l._id),
      });
      expect(saved.status).toBe(200);

      const page = await newPage(true);
      await page.goto(`${e2e.url}/location-template`);
      const row = page.getByRole('row').filter({ hasText: 'Book your cleaning' });
      await row.getByRole('button', { name: 'Publish' }).click();
      const publish = page.getByRole('dialog', { name: 'Your Selected Locations' });
      await publish.getByRole('button', { name: 'Publish', exact: true }).click();
      await toast(page, 'The selected template is being published to 3 locations.').waitFor();
      // progress: every location answered, none live, each rejected by Google
      await publish.getByText('100 % (0/3 live, 3 rejected by Google)').waitFor({ timeout: 120_000 });
      const failures = publish.getByRole('table', { name: 'Locations without a live post' });
      await expect.poll(() => failures.getByText('Rejected by Google', { exact: true }).count()).toBe(3);
      expect(await publish.getByRole('button', { name: 'Retry failed' }).count()).toBe(0);
      // one toast, the outcome; never the success text
      await toast(page, 'Published to 0 of 3 locations; 3 rejected by Google.').waitFor();
      expect(await toast(page, 'The selected template published successfully.').count()).toBe(0);
      await publish.getByRole('button', { name: 'Close' }).last().click();

      // "Published Locations" counts posts live on Google: none
      const publishedCell = row.getByRole('cell').nth(2);
      await expect.poll(() => publishedCell.textContent()).toBe('0');

      await row.getByRole('button', { name: 'Log' }).click();
      const logs = page.getByRole('dialog', { name: 'Published Content' });
      await expect.poll(() => logs.getByText('Rejected by Google', { exact: true }).count(), { timeout: UI_WAIT }).toBe(3);
      expect(await logs.getByRole('link', { name: 'View on Google' }).count()).toBe(0);
      await logs.getByText('3 rejected by Google', { exact: false }).first().waitFor();

      // Google holds each post as REJECTED
      const store = e2e.stack.sandbox!.google!.store;
      for (const location of chosen) {
        const posts = store.state.posts[location.googleName!.replace(/^.*locations\//, '')] ?? [];
        const mine = posts.filter((p) => String(p.resource.summary).startsWith('Book your cleaning'));
        expect(mine.map((p) => p.resource.state)).toEqual(['REJECTED']);
      }
      await page.context().close();
    }, 240_000);

    it('a pending approval disappears when a person replies, and approving the stale link changes nothing on Google', async () => {
      expect(
        (
          await api('PUT', '/api/companyMetaData/auto-reply-rules', {
            Rules: [{ MinStars: 1, MaxStars: 3, Action: 'approval' }],
          })
        ).status,
      ).toBe(200);
      const settings = {
        AutomateGoogleReviewsEnabled: true,
        ReviewsOverwrite: false,
        Apology: true,
        Tone: 'Positive',
        Verbosity: 'Concise',
        Style: 'High',
        Friendliness: 'Low',
      };
      expect((await api('POST', '/api/companyMetaData/reviews-settings', settings)).status).toBe(200);

      for (const until = Date.now() + 120_000; ; await new Promise((r) => setTimeout(r, 250))) {
        if (((await api('GET', `/api/gmb/${companyId}/reviews-summary`)).body.Data?.Total ?? 0) > 0) break;
        if (Date.now() > until) throw new Error('no reviews were imported');
      }
      const lazy = await api('POST', `/api/gmb/${companyId}/reviews-lazy`, { first: 0, rows: 1 });
      const sample = lazy.body.data[0] as { LocationId: string; LocationName: string };
      const googleLocation = sample.LocationName.split('/')[3]!;
      const added = await sandbox('POST', `/google/__sandbox/locations/${googleLocation}/reviews`, {
        starRating: 2,
        comment: 'The receptionist forgot my appointment.',
        reviewerName: 'Nora Quinn',
      });
      expect((await api('POST', `/api/gmb/${sample.LocationId}/sync`)).status).toBe(200);

      const page = await newPage(true);
      await page.goto(`${e2e.url}/company-reviews`);
      const panel = page.getByLabel('AI settings', { exact: true });
      const pending = panel.getByLabel('Approval of the reply to Nora Quinn');
      await pending.waitFor();
      const approvalMail = async () => (await e2e.mails(DEMO.admin.email, 1_000)).find((m) => m.subject.includes("Nora Quinn's 2-star review"));
      await expect.poll(approvalMail, { timeout: UI_WAIT, interval: 250 }).toBeTruthy();
      const link = /(https?:\/\/\S+\/approve-review\?reviewid=\S+)/.exec((await approvalMail())!.text)![1]!;
      const tokenId = decodeURIComponent(new URL(link).searchParams.get('reviewid')!).split('.')[0]!;
      const reviewId = Buffer.from(tokenId, 'base64url').toString().split('/')[0]!;

      // a person answers the review by hand (the reply the details and reviews pages send)
      const human = 'Nora, we are so sorry. Our office manager will call you today.';
      const replied = await api('POST', `/api/gmb/review-reply/${reviewId}`, { LocationId: sample.LocationId, ReviewId: reviewId, Comment: human });
      expect(replied.status).toBe(200);
      const googleReply = async () =>
        (await sandbox('GET', `/google/__sandbox/locations/${googleLocation}/reviews/${added.reviewId}`)).reviewReply?.comment ?? '';
      await expect.poll(googleReply, { timeout: 60_000, interval: 500 }).toBe(human);

      // the pending approval is withdrawn: gone from the list without a reload
      await pending.waitFor({ state: 'detached' });

      // the mailed link: the review was answered, nothing to approve, nothing changed on Google
      const approver = await newPage(false);
      await approver.goto(link);
      await approver.getByText('This review has already been answered', { exact: false }).waitFor();
      expect(await approver.getByRole('button', { name: 'APPROVE' }).count()).toBe(0);
      const token = decodeURIComponent(new URL(link).searchParams.get('reviewid')!);
      const stale = await fetch(`${e2e.url}/api/review-approval/${token}/approve`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ Comment: 'AI: thank you for your feedback!' }),
      });
      expect(stale.status).toBe(409);
      expect(((await stale.json()) as any).ApiError.ErrorCode).toBe('REVIEWS_AI.ALREADY_ANSWERED');
      await new Promise((r) => setTimeout(r, 2_000));
      expect(await googleReply()).toBe(human);
      await page.context().close();
      await approver.context().close();
    }, 240_000);
  });
}
