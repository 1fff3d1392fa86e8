import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventually } from '@locus/tests/stack/eventually';
import { companyStream, locationStream, REVIEWS_COLLECTION, SYSTEM_ACTOR, userStream, type EventMetadata, type ReviewDoc } from '@locus/contracts';
import { startTestStack, type TestStack } from '@locus/tests/stack/test-stack';
import { consentAs, sandboxDirectory } from '../connections/sandbox-consent';
import { connectionsReactors } from '../connections';
import { locationsReactors } from '../locations';
import { reviewsReactors } from '../reviews';
import { emailStreamOf } from '../users/email-reservation';
import { notificationsReactors, notificationsSchedules } from '.';
import { lastPeriod } from './digest';

/**
 * Alerts and digests through the whole stack: a low review added on the sandbox's Google, pushed
 * by Google (Pub/Sub) and read alone, mailed over SMTP to the sandbox mailbox once, also after a
 * restart on the same data directory; the weekly digest driven by the clock; the unsubscribe
 * link (POST and GET) stopping further mail.
 */
interface Mail {
  subject: string;
  text: string;
  to: string[];
  listUnsubscribe?: { link: string; post: string | null };
}

const dataDir = mkdtempSync(path.join(tmpdir(), 'locus-notify-'));
let offsetMs = 0;
const clock = { now: () => new Date(Date.now() + offsetMs) };
let stack: TestStack;
let companyId = '';
let adminId = '';
let adminEmail = '';
let userEmail = '';
let locationId = '';
let sandboxLocationId = '';

const start = () =>
  startTestStack({
    dataDir,
    smtpMail: true,
    sandbox: true,
    clock,
    sessionValidation: false,
    reactors: [(d) => connectionsReactors(d), (d) => locationsReactors(d), (d) => reviewsReactors(d), notificationsReactors],
    schedules: [notificationsSchedules],
    env: { LOCUS_DIGEST_TICK_MS: '200' },
  });

const meta = (): EventMetadata => ({ companyId, actor: SYSTEM_ACTOR, correlationId: randomUUID(), causationId: null, occurredAt: new Date().toISOString() });

async function seedUser(role: 'CompanyAdmin' | 'CompanyUser', firstName: string) {
  const userId = randomUUID();
  const email = `${firstName.toLowerCase()}.${userId.slice(0, 6)}@example.test`;
  await stack.eventStore.append(emailStreamOf(email), [{ id: randomUUID(), type: 'EmailReserved', data: { userId }, metadata: meta() }], {
    expectedRevision: 'no_stream',
  });
  await stack.eventStore.append(
    userStream(userId),
    [
      {
        id: randomUUID(),
        type: 'UserCreated',
        data: {
          userId,
          companyId,
          role,
          firstName,
          lastName: 'Test',
          email,
          phoneNumber: '',
          passwordHash: null,
          isDefaultCompanyContact: role === 'CompanyAdmin',
          source: 'seed',
        },
        metadata: meta(),
      },
    ],
    { expectedRevision: 'no_stream' },
  );
  return { userId, email, token: await stack.tokenFor(role, companyId, { userId, fullName: `${firstName} Test`, email }) };
}

/** A token issued at the clock's now (the tests move the clock by weeks). */
const adminToken = () => stack.tokenFor('CompanyAdmin', companyId, { userId: adminId, fullName: 'Olivia Test', email: adminEmail });

async function mailbox(to: string): Promise<Mail[]> {
  const res = await fetch(`${stack.sandbox!.url}/mailbox/api/messages?to=${encodeURIComponent(to)}`);
  return ((await res.json()) as { messages: Mail[] }).messages;
}

const settle = async (ms = 1_200) => {
  await new Promise((r) => setTimeout(r, ms)); // several digest ticks
  await stack.waitForProjections();
  await stack.waitForReactors();
};

async function addGoogleReview(starRating: number, comment: string) {
  const res = await fetch(`${stack.sandbox!.url}/google/__sandbox/locations/${sandboxLocationId}/reviews`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ starRating, comment, reviewerName: 'Pat Low', createTime: clock.now().toISOString() }),
  });
  // Google pushes the new review through Pub/Sub (the subscription set up below): no sync is asked.
  expect(res.status).toBeLessThan(300);
}

const unsubscribePath = (link: string) => new URL(link).pathname;

beforeAll(async () => {
  stack = await start();
  companyId = randomUUID();
  const admin = await seedUser('CompanyAdmin', 'Olivia');
  ({ userId: adminId, email: adminEmail } = admin);
  const user = await seedUser('CompanyUser', 'Uma');
  userEmail = user.email;
  await stack.eventStore.append(
    companyStream(companyId),
    [
      {
        id: randomUUID(),
        type: 'CompanyCreated',
        data: { companyId, companyName: 'Alerts Test Co', defaultAdminId: adminId, source: 'seed' },
        metadata: meta(),
      },
    ],
    { expectedRevision: 'no_stream' },
  );
  await stack.waitForProjections();

  // Connect a Google account and import its locations (and their reviews).
  const googleEmail = 'avery.johnson@gmail.com';
  const tokenUrl = await stack.call('GET', '/api/gmb/token-url', { token: await adminToken() });
  const { code, state } = await consentAs(tokenUrl.body.RedirectUrl, googleEmail);
  const cb = await stack.call('POST', '/api/auth/callback', { body: { Code: code, State: state } });
  expect(cb.status, cb.text).toBe(200);
  const { accounts } = await sandboxDirectory(stack.sandbox!.url);
  const owned = accounts
    .filter((a) => a.type !== 'PERSONAL' && a.locationCount > 0 && a.members.some((m) => m.email === googleEmail))
    .sort((a, b) => a.locationCount - b.locationCount)[0]!;
  await stack.waitForProjections();
  const connect = await stack.call('POST', `/api/gmb/connect-accounts/${cb.body.ProcessId}`, {
    token: await adminToken(),
    body: { SelectedAccounts: [owned.name] },
  });
  expect(connect.status, connect.text).toBe(200);
  const stats = await eventually(
    async () => {
      await stack.waitForProjections();
      const docs = await stack.readModels.collection('review-location-stats').find({ companyId });
      return docs.filter((s) => s.lastSyncAt).length === owned.locationCount ? docs : null;
    },
    { what: 'the imported reviews', timeoutMs: 90_000 },
  );
  locationId = String(stats[0]!.locationId);
  const imported = (await stack.eventStore.readStream(locationStream(locationId))).find((e) => e.type === 'LocationImported');
  sandboxLocationId = String((imported!.data as { google: { googleName: string } }).google.googleName)
    .split('/')
    .pop()!;

  // Connecting set the account's notification setting to Locus's topic; its push subscription points at Locus.
  const topic = stack.config.google.pubsub.topic;
  await eventually(
    async () => {
      const res = await fetch(`${stack.sandbox!.url}/google/__sandbox/pubsub`);
      const { settings } = (await res.json()) as { settings: Record<string, { pubsubTopic?: string }> };
      return Object.values(settings).some((x) => x.pubsubTopic === topic);
    },
    { what: 'the notification setting' },
  );
  const pushPath = '/api/google/notifications';
  const subscribed = await fetch(`${stack.sandbox!.url}/google/__sandbox/pubsub/subscriptions`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ topic, pushEndpoint: `${stack.baseUrl}${pushPath}`, audience: `${stack.config.publicUrl.replace(/\/$/, '')}${pushPath}` }),
  });
  expect(subscribed.status).toBe(200);

  // The admin wants 1–2★ alerts and a weekly digest; the company user (no location assigned) every alert.
  const saved = await stack.call('PUT', '/api/profile/notifications', { token: await adminToken(), body: { AlertMaxStars: 2, Digest: 'weekly' } });
  expect(saved.status, saved.text).toBe(200);
  expect(saved.body.ResponseMessage).toBe('Notification settings saved');
  const other = await stack.call('PUT', '/api/profile/notifications', { token: user.token, body: { AlertMaxStars: 5, Digest: 'off' } });
  expect(other.status, other.text).toBe(200);
}, 180_000);

afterAll(async () => {
  await stack?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

describe('review alerts and digests by mail', () => {
  it('answers the preferences and refuses a rating out of range, naming the field', async () => {
    const got = await stack.call('GET', '/api/profile/notifications', { token: await adminToken() });
    expect(got.body.Data).toEqual({ AlertMaxStars: 2, Digest: 'weekly', UnsubscribedAt: null, LastDigestAt: null });
    const bad = await stack.call('PUT', '/api/profile/notifications', { token: await adminToken(), body: { AlertMaxStars: 6, Digest: 'weekly' } });
    expect(bad.status).toBe(400);
    expect(bad.text).toContain('Alert rating');
  });

  it('mails a new 2★ review to the admin once, within 10 s of Google’s push; a 4★ one and the imported history mail nobody', async () => {
    await addGoogleReview(2, 'Rude staff and a long wait. Not coming back.');
    await addGoogleReview(4, 'Nice people, quick visit.');
    const alert = await eventually(async () => (await mailbox(adminEmail)).find((m) => m.subject.startsWith('New 2-star review')), {
      what: 'the alert',
      timeoutMs: 10_000,
    });
    expect(alert.text).toContain('Rude staff and a long wait');
    expect(alert.listUnsubscribe?.link).toMatch(/\/api\/notifications\/unsubscribe\/[A-Za-z0-9_.%-]+$/);
    expect(alert.listUnsubscribe?.post).toBe('List-Unsubscribe=One-Click');
    await eventually(
      async () => {
        await stack.waitForProjections();
        return (
          (await stack.readModels.collection<ReviewDoc>(REVIEWS_COLLECTION).find({ companyId, starRating: 4, comment: 'Nice people, quick visit.' })).length > 0
        );
      },
      { what: 'the 4★ review read' },
    );
    await settle();
    const mails = await mailbox(adminEmail);
    expect(mails.filter((m) => m.subject.startsWith('New '))).toHaveLength(1);
    // The company user acts on no location: no alert, although every rating would alert them.
    expect(await mailbox(userEmail)).toHaveLength(0);
  }, 60_000);

  it('mails the weekly digest once the week has ended, with the week’s counts', async () => {
    const week = lastPeriod('weekly', new Date(Date.now() + 7 * 86_400_000));
    offsetMs = week.end.getTime() + 3_600_000 - Date.now(); // Monday 01:00 UTC after this week
    const digest = await eventually(async () => (await mailbox(adminEmail)).find((m) => m.subject.startsWith('Weekly review digest')), {
      what: 'the digest',
      timeoutMs: 30_000,
    });
    const reviews = (await stack.readModels.collection<ReviewDoc>(REVIEWS_COLLECTION).find({ companyId })).filter((r) => !r.removed);
    const inWeek = reviews.filter((r) => r.createTime >= week.start.toISOString() && r.createTime < week.end.toISOString());
    const unanswered = reviews.filter((r) => !r.responded).length;
    const average = (inWeek.reduce((s, r) => s + r.starRating, 0) / inWeek.length).toFixed(2);
    expect(inWeek.length).toBeGreaterThanOrEqual(2);
    expect(digest.text).toContain(
      `All locations: ${inWeek.length} new review${inWeek.length === 1 ? '' : 's'}, ${unanswered} unanswered, average rating ${average}`,
    );
    expect(digest.listUnsubscribe?.post).toBe('List-Unsubscribe=One-Click');
    await settle();
    expect((await mailbox(adminEmail)).filter((m) => m.subject.startsWith('Weekly'))).toHaveLength(1);
  }, 60_000);

  it('stops alerts after the one-click unsubscribe (POST)', async () => {
    const digest = (await mailbox(adminEmail)).find((m) => m.subject.startsWith('Weekly'))!;
    const res = await fetch(`${stack.baseUrl}${unsubscribePath(digest.listUnsubscribe!.link)}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: 'List-Unsubscribe=One-Click',
    });
    expect(res.status).toBe(200);
    await stack.waitForProjections();
    const got = await stack.call('GET', '/api/profile/notifications', { token: await adminToken() });
    expect(got.body.Data).toMatchObject({ AlertMaxStars: null, Digest: 'off' });
    expect(got.body.Data.UnsubscribedAt).not.toBeNull();
    const before = (await mailbox(adminEmail)).length;
    await addGoogleReview(1, 'Awful. They lost my records.');
    await eventually(
      async () => {
        await stack.waitForProjections();
        return (
          (await stack.readModels.collection<ReviewDoc>(REVIEWS_COLLECTION).find({ companyId, starRating: 1, comment: 'Awful. They lost my records.' }))
            .length > 0
        );
      },
      { what: 'the 1★ review read', timeoutMs: 30_000 },
    );
    await settle();
    expect(await mailbox(adminEmail)).toHaveLength(before);
    const forged = await fetch(`${stack.baseUrl}/api/notifications/unsubscribe/not-a-token`, { method: 'POST' });
    expect(forged.status).toBe(404);
  }, 60_000);

  it('after a restart on the same data: nothing is mailed twice; the GET link stops the digest', async () => {
    const before = await mailbox(adminEmail);
    await stack.close();
    stack = await start();
    await settle();
    const after = await mailbox(adminEmail);
    expect(after.length).toBe(before.length);
    expect(after.filter((m) => m.subject.startsWith('New '))).toHaveLength(1);
    expect(after.filter((m) => m.subject.startsWith('Weekly'))).toHaveLength(1);

    // Turned on again, then off by opening the alert's link.
    const saved = await stack.call('PUT', '/api/profile/notifications', { token: await adminToken(), body: { AlertMaxStars: 3, Digest: 'weekly' } });
    expect(saved.status, saved.text).toBe(200);
    const alert = after.find((m) => m.subject.startsWith('New '))!;
    const page = await fetch(`${stack.baseUrl}${unsubscribePath(alert.listUnsubscribe!.link)}`);
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toContain('text/html');
    expect(await page.text()).toContain('You are unsubscribed');
    await stack.waitForProjections();
    expect((await stack.call('GET', '/api/profile/notifications', { token: await adminToken() })).body.Data).toMatchObject({
      AlertMaxStars: null,
      Digest: 'off',
    });
    offsetMs += 7 * 86_400_000; // another week ends: no digest
    await settle();
    expect(await mailbox(adminEmail)).toHaveLength(after.length);
  }, 120_000);
});
