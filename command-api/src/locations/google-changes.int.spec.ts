import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getLocationRoute, locationsSummaryRoute, resolveGoogleChangesRoute, syncLocationRoute } from '@locus/contracts';
import { eventually } from '@locus/tests/stack/eventually';
import { requestJson } from '@locus/tests/stack/route-client';
import { seedDemoLocations } from '../connections/demo';
import { reviewNotificationRoutes } from '../reviews/notifications';
import { reviewsReactors } from '../reviews/reactors';
import { googleChangesCommandRoutes } from './google-changes-routes';
import { googleChangesReactors } from './google-changes-reactors';
import { startLocationsTestStack, type LocationsTestStack } from './testing/stack';

/**
 * Google's own changes end to end against the Google sandbox: a change made "as Google" is read
 * on Sync, shown in the directory and details, and a person's decisions reach Google's store with
 * a mask of exactly the fields decided.
 */
const SALON = { googleUserEmail: 'priya.patel.health@gmail.com', accountName: 'Bloom & Co. Salon' };

let stack: LocationsTestStack;
beforeAll(async () => {
  stack = await startLocationsTestStack({
    extras: {
      commandFeatures: [(d) => googleChangesCommandRoutes(d), (d) => reviewNotificationRoutes(d)],
      // Connecting sets the account's notification setting (a reviews reactor); Google's pushes then reach Locus.
      reactors: [(d) => googleChangesReactors(d), (d) => reviewsReactors(d).filter((r) => r.name === 'reviews.notification-setting')],
    },
  });
}, 30_000);
afterAll(async () => {
  await stack?.close();
});
const sandbox = async (method: string, path: string, body?: unknown) => {
  const res = await fetch(`${stack.sandbox.url}/google/__sandbox${path}`, {
    method,
    headers: { 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const json = (await res.json()) as any;
  expect(res.status, JSON.stringify(json)).toBe(200);
  return json;
};

/** Periods as [day, open, close] in minutes (Google leaves zero minutes out). */
const hoursKey = (h: { periods: any[] }) =>
  h.periods
    .map((p) => [p.openDay, (p.openTime.hours ?? 0) * 60 + (p.openTime.minutes ?? 0), (p.closeTime.hours ?? 0) * 60 + (p.closeTime.minutes ?? 0)])
    .sort();

const summary = async (c: { companyId: string; adminToken: string }, extra: Record<string, unknown> = {}) =>
  (await stack.test.send(locationsSummaryRoute, { params: { companyId: c.companyId }, body: { first: 0, rows: 100, ...extra }, token: c.adminToken })).body;

/** The demo salon's account connected and imported into the company. */
async function givenSalonImported(c: { companyId: string; adminId: string }): Promise<void> {
  const seeded = await seedDemoLocations(stack.deps, {
    companyId: c.companyId,
    adminUserId: c.adminId,
    ...SALON,
    accountNames: [SALON.accountName],
    waitMs: 60_000,
  });
  expect(seeded?.completed).toBe(true);
}

describe("Google's own changes", () => {
  it('are read on Sync, shown, and decided per field: the accepted phone and the kept hours are on Google', async () => {
    const c = await stack.seedCompany('Google Changes Co');
    const other = await stack.seedCompany('Another Co');
    await givenSalonImported(c);
    await stack.waitForProjections();

    // The demo data's own Google changes were read on import.
    const imported = await summary(c, { GoogleChanged: true });
    expect(imported.data.length).toBeGreaterThan(0);

    const rows = (await summary(c)).data as any[];
    const target = rows.find((r) => r.GoogleChangedFields.length === 0 && r.PrimaryPhoneNumber)!;
    const googleId = target.LocationName.replace('locations/', '');
    const before = await sandbox('GET', `/locations/${googleId}`);
    const locusHours = before.location.regularHours;
    const googlePhone = '(720) 555-4477';
    const googleHours = { periods: [{ openDay: 'MONDAY', openTime: { hours: 10 }, closeDay: 'MONDAY', closeTime: { hours: 14 } }] };
    const applied = await sandbox('POST', `/locations/${googleId}/google-updates`, { phoneNumbers: { primaryPhone: googlePhone }, regularHours: googleHours });
    expect(applied.googleUpdated.diffMask).toBe('phoneNumbers,regularHours');

    expect((await stack.test.send(syncLocationRoute, { params: { id: target.Id }, token: c.adminToken })).status).toBe(200);
    await stack.test.waitForReactors();
    await stack.waitForProjections();
    const changed = (await summary(c, { GoogleChanged: true })).data.find((r: any) => r.Id === target.Id)!;
    expect(changed.GoogleChangedFields).toEqual(['Phone', 'Hours']);
    const details = (await stack.test.send(getLocationRoute, { params: { id: target.Id }, token: c.adminToken })).body.Data.Location;
    expect(details.GoogleChanges.map((g: any) => [g.Field, g.Google])).toEqual([
      ['Phone', googlePhone],
      ['Hours', 'Monday 10:00–14:00'],
    ]);
    expect(details.GoogleChanges[0].Locus).toBe(target.PrimaryPhoneNumber);

    // Another company's id is not found; a field Google did not change is refused by name.
    expect((await stack.test.send(resolveGoogleChangesRoute, { params: { id: target.Id }, body: { Accept: ['Phone'] }, token: other.adminToken })).status).toBe(
      404,
    );
    const unknown = await stack.test.send(resolveGoogleChangesRoute, { params: { id: target.Id }, body: { Accept: ['Website'] }, token: c.adminToken });
    expect(unknown.status).toBe(422);
    expect(unknown.error?.ResponseMessage).toContain('Website');
    expect((await stack.test.send(resolveGoogleChangesRoute, { params: { id: target.Id }, body: {}, token: c.adminToken })).status).toBe(400);

    // A company user not assigned to the location does not see it.
    expect((await stack.test.send(resolveGoogleChangesRoute, { params: { id: target.Id }, body: { Accept: ['Phone'] }, token: c.userToken })).status).toBe(404);

    const decided = await stack.test.send(resolveGoogleChangesRoute, {
      params: { id: target.Id },
      body: { Accept: ['Phone'], Keep: ['Hours'] },
      token: c.adminToken,
    });
    expect(decided.status).toBe(200);
    expect(decided.body.Data).toEqual({ Accepted: ['Phone'], Kept: ['Hours'], Pending: false });

    const after = await sandbox('GET', `/locations/${googleId}`);
    expect(after.location.phoneNumbers.primaryPhone).toBe(googlePhone);
    expect(hoursKey(after.location.regularHours)).toEqual(hoursKey(locusHours));
    expect(after.googleUpdated).toBeNull();

    const events = (await stack.test.allEvents()).filter((e: any) => e.streamName === `location-${target.Id}`).map((e: any) => [e.type, e.data]);
    const types = events.map(([t]: any) => t);
    expect(types).toContain('LocationGoogleChangesAccepted');
    expect(types).toContain('LocationLocusValuesKept');
    const masks = events.filter(([t]: any) => t === 'LocationGoogleUpdateSucceeded').map(([, d]: any) => d.updateMask);
    expect(masks).toEqual(expect.arrayContaining(['phoneNumbers', 'regularHours']));

    await stack.waitForProjections();
    const settled = (await stack.test.send(getLocationRoute, { params: { id: target.Id }, token: c.adminToken })).body.Data.Location;
    expect(settled.GoogleChanges).toEqual([]);
    expect(settled.PrimaryPhoneNumber).toBe(googlePhone);
  }, 120_000);

  it('a change Google announces (GOOGLE_UPDATE pushed through Pub/Sub) is read and shown without a Sync or the daily check', async () => {
    const c = await stack.seedCompany('Google Push Co');
    await givenSalonImported(c);
    const topic = stack.config.google.pubsub.topic;
    const pubsub = async () =>
      (await requestJson<{ settings: Record<string, { pubsubTopic?: string; notificationTypes?: string[] }> }>(`${stack.sandbox.url}/google/__sandbox/pubsub`))
        .body;
    await eventually(
      async () => Object.values((await pubsub()).settings).some((x) => x.pubsubTopic === topic && x.notificationTypes?.includes('GOOGLE_UPDATE')),
      {
        what: 'the notification setting with GOOGLE_UPDATE',
      },
    );
    const pushEndpoint = `${stack.baseUrl}/api/google/notifications`;
    const audience = `${stack.config.publicUrl.replace(/\/$/, '')}/api/google/notifications`;
    await requestJson(`${stack.sandbox.url}/google/__sandbox/pubsub/subscriptions`, { method: 'POST', body: { topic, pushEndpoint, audience } });
    await stack.waitForProjections();

    const target = ((await summary(c)).data as any[]).find((r) => r.GoogleChangedFields.length === 0 && r.PrimaryPhoneNumber)!;
    const googleId = target.LocationName.replace('locations/', '');
    await sandbox('POST', `/locations/${googleId}/google-updates`, { phoneNumbers: { primaryPhone: '(720) 555-0199' } });

    // No Sync asked and no daily tick: the push alone brings the change to the directory.
    const changed = await eventually(
      async () => {
        await stack.test.waitForReactors();
        await stack.waitForProjections();
        return ((await summary(c, { GoogleChanged: true })).data as any[]).find((r) => r.Id === target.Id);
      },
      { what: 'the announced change in the directory' },
    );
    expect(changed.GoogleChangedFields).toEqual(['Phone']);
    const pushed = (await pubsub()) as unknown as { pushed: { status: number; data: { type: string; location: string } }[] };
    expect(pushed.pushed.filter((p) => p.data.type === 'GOOGLE_UPDATE' && p.data.location.endsWith(`/${target.LocationName}`)).map((p) => p.status)).toEqual([
      200,
    ]);
  }, 120_000);
});
