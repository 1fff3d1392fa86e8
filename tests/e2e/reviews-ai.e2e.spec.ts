import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { APPROVAL_LINK_PURPOSE, approvalLinkId, approvalPageLink } from '@locus/contracts';
import { createLinkSigner } from '@locus/platform';
import { DEMO_COMPANIES } from '@locus/command-api/demo/seed-demo';
import { ADMIN_PASSWORD, seedDemoCompany, signInToken, startE2EStack, type E2EStack } from './stack-fixture';

/**
 * AI review automation in a real browser: the company admin turns AI auto-reply on
 * and sets the rules "5 stars → post after 1 minute" and "1–3 stars → approval" on
 * /company-reviews. A new 5-star review in the sandbox is answered on Google after the delay
 * (a "minute" lasts 10 s on this server: LOCUS_AUTO_REPLY_SECONDS_PER_MINUTE; the outbox shows the reply
 * only until then, and 3 s was a window a busy machine's browser could miss); a 2-star one mails
 * a link whose page approves and posts it; that link again, a tampered one and an expired one
 * are refused with a clear message.
 */
const UI_WAIT = 30_000;
const DEMO = DEMO_COMPANIES[0]!;

const toast = (page: Page, text: string | RegExp) => page.locator('.bp6-toast').getByRole('alert').filter({ hasText: text });

describe('reviews AI web: automation rules, delayed post, approval link', () => {
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
    // Without the year of insights the import reads per location: the new reviews' sync does not
    // queue behind those reads in Google's quota while other files share the machine.
    e2e = await startE2EStack({
      env: { LOCUS_AUTO_REPLY_SECONDS_PER_MINUTE: '10', LOCUS_AUTO_REPLY_TICK_MS: '500' },
      skipReactors: ['insights.import-from-google'],
    });
    const { company } = await seedDemoCompany(e2e);
    companyId = company.companyId;
    token = await signInToken(e2e, DEMO.admin.email, ADMIN_PASSWORD);
    // the imported locations' reviews are read before the automation is switched on
    for (const until = Date.now() + 120_000; ; await new Promise((r) => setTimeout(r, 250))) {
      if (((await api('GET', `/api/gmb/${companyId}/reviews-summary`)).body.Data?.Total ?? 0) > 0) break;
      if (Date.now() > until) throw new Error('no reviews were imported');
    }
  }, 300_000);

  afterAll(async () => {
    await e2e?.close();
  }, 60_000);

  it('answers a new 5-star review after the delay and posts a 2-star one once its mailed link approves it', async () => {
    const page = await newPage(true);
    await page.goto(`${e2e.url}/company-reviews`);
    const panel = page.getByLabel('AI settings', { exact: true });
    await panel.waitFor();

    // switching on opens the activation dialog, where the switch is locked on
    await panel.getByText('AI auto-reply', { exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Activate AI auto-replies' });
    await dialog.waitFor();
    await dialog.getByRole('button', { name: 'Activate' }).click();
    await toast(page, 'Your changes have been saved successfully').waitFor();
    await dialog.waitFor({ state: 'hidden' });

    // the rules: 5 stars → post after 1 minute; 1–3 stars → approval
    const rules = panel.getByLabel('Auto-reply rules', { exact: true });
    await rules.getByRole('button', { name: 'Add rule' }).click();
    await rules.getByRole('button', { name: 'Add rule' }).click();
    const first = rules.getByLabel('Rule 1');
    await first.getByLabel('Lowest stars').selectOption('5');
    await first.getByLabel('Highest stars').selectOption('5');
    await first.getByLabel('Action').selectOption('post');
    await first.getByLabel('Delay').selectOption('1');
    const second = rules.getByLabel('Rule 2');
    await second.getByLabel('Lowest stars').selectOption('1');
    await second.getByLabel('Highest stars').selectOption('3');
    await second.getByLabel('Action').selectOption('approval');
    await rules.getByRole('button', { name: 'Save rules' }).click();
    await toast(page, 'Your auto-reply rules have been saved successfully').waitFor();
    // The automation reads the rules from the read model: a review synced before it has them is left alone.
    await expect
      .poll(async () => (await api('GET', '/api/companyMetaData/reviews-settings')).body.Data?.Rules?.length ?? 0, { timeout: UI_WAIT, interval: 250 })
      .toBe(2);

    // a location of the company, in Locus and on Google
    const lazy = await api('POST', `/api/gmb/${companyId}/reviews-lazy`, { first: 0, rows: 1 });
    const sample = lazy.body.data[0] as { LocationId: string; LocationName: string };
    const googleLocation = sample.LocationName.split('/')[3]!;
    const newReview = async (starRating: number, comment: string, reviewerName: string) => {
      const added = await sandbox('POST', `/google/__sandbox/locations/${googleLocation}/reviews`, { starRating, comment, reviewerName });
      expect((await api('POST', `/api/gmb/${sample.LocationId}/sync`)).status).toBe(200);
      return added.reviewId as string;
    };

    // the 5-star review waits in the outbox, then is on Google
    const fiveId = await newReview(5, 'Best espresso in town, and the staff is lovely.', 'Olivia Park');
    const outbox = panel.getByLabel('Outbox', { exact: true });
    await outbox.getByLabel('Outbox reply to Olivia Park').waitFor();
    await expect
      .poll(async () => (await sandbox('GET', `/google/__sandbox/locations/${googleLocation}/reviews/${fiveId}`)).reviewReply?.comment ?? '', {
        timeout: 60_000,
        interval: 500,
      })
      .toMatch(/Olivia/);
    await outbox.getByLabel('Outbox reply to Olivia Park').waitFor({ state: 'detached' });

    // the 2-star review is mailed to the approvers
    const twoId = await newReview(2, 'Waited twenty minutes and the coffee was cold.', 'Ken Adams');
    await panel.getByLabel('Approval of the reply to Ken Adams').waitFor();
    const approvalMail = async () => (await e2e.mails(DEMO.admin.email, 1_000)).find((m) => m.subject.includes("Ken Adams's 2-star review"));
    await expect.poll(approvalMail, { timeout: UI_WAIT, interval: 250 }).toBeTruthy();
    const link = /(https?:\/\/\S+\/approve-review\?reviewid=\S+)/.exec((await approvalMail())!.text)![1]!;

    const approver = await newPage(false);
    await approver.goto(link);
    await approver.getByLabel('Review').getByText('Waited twenty minutes and the coffee was cold.').waitFor();
    const reply = approver.getByLabel('Reply');
    await expect.poll(async () => reply.inputValue()).toMatch(/Ken/);
    const approvedText = `${await reply.inputValue()}\nWe will make it right.`;
    await reply.fill(approvedText);
    await approver.getByRole('button', { name: 'APPROVE' }).click();
    const congratulations = approver.getByRole('dialog', { name: 'Congratulations!' });
    await congratulations.getByText('The AI-generated review response has been successfully posted.').waitFor();
    await expect.poll(() => approver.getByLabel('Review').count()).toBe(0);
    await expect
      .poll(async () => (await sandbox('GET', `/google/__sandbox/locations/${googleLocation}/reviews/${twoId}`)).reviewReply?.comment ?? '', {
        timeout: 60_000,
        interval: 500,
      })
      .toBe(approvedText.trim());

    // the same link again, a tampered one, an expired one: a clear page, never the review
    await approver.goto(link);
    await approver.getByText('This approval link has already been used.').waitFor();
    const tampered = link.replace(/reviewid=([^.]+)\./, (_m, id: string) => `reviewid=${id.slice(0, -2)}${id.endsWith('AA') ? 'BB' : 'AA'}.`);
    await approver.goto(tampered);
    await approver.getByText('This approval link is not valid.', { exact: false }).waitFor();
    const signer = createLinkSigner(e2e.stack.config.jwtSecret, APPROVAL_LINK_PURPOSE);
    await approver.goto(approvalPageLink(e2e.url, signer.sign(approvalLinkId(twoId, 'expired'), new Date(Date.now() - 60_000))));
    await approver.getByText('This approval link has expired.', { exact: false }).waitFor();
    expect(await approver.getByLabel('Review').count()).toBe(0);

    // approval=1 shows the dialog at once
    await approver.goto(`${e2e.url}/approve-review?approval=1`);
    await approver.getByRole('dialog', { name: 'Congratulations!' }).waitFor();
    await page.context().close();
    await approver.context().close();
  }, 240_000);
});
