import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getLocationRoute, listingHealthRoute, locationsSummaryRoute, locationStream, syncLocationRoute } from '@locus/contracts';
import { seedDemoLocations } from '../connections/demo';
import { startLocationsTestStack, type LocationsTestStack } from './testing/stack';

let stack: LocationsTestStack;

beforeAll(async () => {
  stack = await startLocationsTestStack();
}, 30_000);
afterAll(async () => {
  await stack?.close();
});

describe('listing health', () => {
  it("records Google's voice-of-merchant state on import and Sync, filters the directory by it and by completeness, and sums it for the tile", async () => {
    const company = await stack.seedCompany('Health Co');
    const seeded = await seedDemoLocations(stack.deps, {
      companyId: company.companyId,
      adminUserId: company.adminId,
      googleUserEmail: 'maria.garcia.biz@gmail.com',
      accountNames: ['Garcia Family Dental'],
      waitMs: 60_000,
    });
    expect(seeded).toMatchObject({ completed: true });
    await stack.test.waitForReactors();
    await stack.waitForProjections();
    const summary = (body: object) =>
      stack.test.send(locationsSummaryRoute, { params: { companyId: company.companyId }, body: { rows: 100, ...body }, token: company.adminToken });

    // the sandbox's seed asks something of four of the account's locations: three need action, one waits for review
    const needsAction = await summary({ Verification: 'NeedsAction' });
    expect(needsAction.status).toBe(200);
    expect(needsAction.body.data.map((r: any) => r.Verification).sort()).toEqual(['GuidelinesIssue', 'NeedsVerification', 'OwnershipConflict']);
    expect((await summary({ Verification: 'PendingReview' })).body.filteredResultsCount).toBe(1);
    const verified = await summary({ Verification: 'Verified' });
    expect(verified.body.filteredResultsCount).toBe(seeded!.locations - 4);

    // recorded by event, once: an unchanged state on the next read appends nothing
    const conflict = needsAction.body.data.find((r) => r.Verification === 'OwnershipConflict')!;
    const recorded = async () => (await stack.eventStore.readStream(locationStream(conflict.Id))).filter((e) => e.type === 'LocationVerificationStateChanged');
    expect((await recorded()).map((e) => (e.data as any).trigger)).toEqual(['import']);

    // Google resolves the conflict; a Sync reads and records it
    const details = await stack.test.send(getLocationRoute, { params: { id: conflict.Id }, token: company.adminToken });
    const googleId = String(details.body.Data.Location.LocationName).replace('locations/', '');
    const hook = await fetch(`${stack.sandbox.url}/google/__sandbox/locations/${googleId}/voice-of-merchant`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ action: 'none' }),
    });
    expect(hook.status).toBe(200);
    const sync = await stack.test.send(syncLocationRoute, { params: { id: conflict.Id }, token: company.adminToken });
    expect(sync.status, sync.text).toBe(200);
    await stack.test.waitForReactors();
    await stack.waitForProjections();
    expect((await recorded()).map((e) => [(e.data as any).trigger, (e.data as any).voiceOfMerchant.action])).toEqual([
      ['import', 'resolveOwnershipConflict'],
      ['sync', 'none'],
    ]);
    expect((await summary({ Verification: 'NeedsAction' })).body.filteredResultsCount).toBe(2);

    // completeness: every row carries its score and what is missing; the filter keeps those below the threshold
    const all = (await summary({})).body.data as any[];
    for (const row of all) expect(row.Completeness).toBe(100 - row.MissingFields.length * 10);
    const below = await summary({ CompletenessBelow: 90 });
    expect(below.body.data.every((r: any) => r.Completeness < 90)).toBe(true);
    expect(below.body.filteredResultsCount).toBe(all.filter((r) => r.Completeness < 90).length);
    const bad = await summary({ CompletenessBelow: 0 });
    expect(bad.status).toBe(400);
    expect(bad.text).toContain('Completeness below must be between 1 and 100');

    // the dashboard tile: the average of the scores, the counts, and the locations to fix
    const health = await stack.test.send(listingHealthRoute, { token: company.adminToken });
    expect(health.status).toBe(200);
    const mean = all.reduce((a, r) => a + r.Completeness, 0) / all.length;
    expect(health.body.Data).toMatchObject({
      TotalLocations: all.length,
      AverageCompleteness: Math.round(mean * 10) / 10,
      NeedsActionCount: 2,
      IncompleteCount: all.filter((r) => r.Completeness < 100).length,
    });
    expect(health.body.Data.NeedsAction.map((l: any) => l.Verification).sort()).toEqual(['GuidelinesIssue', 'NeedsVerification']);

    // a company user sees only the locations assigned to them (none here)
    const mine = await stack.test.send(listingHealthRoute, { token: company.userToken });
    expect(mine.body.Data).toMatchObject({ TotalLocations: 0, AverageCompleteness: null, NeedsAction: [] });
  }, 180_000);
});
