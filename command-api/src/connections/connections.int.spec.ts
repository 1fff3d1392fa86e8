import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  authCallbackRoute,
  connectAccountsRoute,
  connectionProcessRoute,
  connectTokenUrlRoute,
  getLocationRoute,
  googleSignInTokenUrlRoute,
  locationsSummaryRoute,
} from '@locus/contracts';
import { signOAuthState } from '../google/oauth-state';
import { consentAs } from './sandbox-consent';
import { seedDemoLocations } from './demo';
import { DEMO_COMPANIES } from '../demo/seed-demo';
import { invalid } from '@locus/tests/stack/route-client';
import { startLocationsTestStack, type LocationsTestStack } from '../locations/testing/stack';

let stack: LocationsTestStack;

beforeAll(async () => {
  stack = await startLocationsTestStack();
}, 30_000);
afterAll(async () => {
  await stack?.close();
});

describe('Google sign-in and connection rules', () => {
  it('signs a known user in with Google through the same OAuth flow', async () => {
    const company = await stack.seedCompany('Signin Co', 'maria.garcia.biz@gmail.com');
    const url = await stack.test.send(googleSignInTokenUrlRoute);
    expect(url.body).toMatchObject({ CanConnect: true, HasGMBCredentials: true });
    const { code, state } = await consentAs(url.body.RedirectUrl!, 'maria.garcia.biz@gmail.com');
    const res = await stack.test.send(authCallbackRoute, { body: { Code: code, State: state } });
    expect(res.status, res.text).toBe(200);
    expect(res.body).toMatchObject({ Success: true, JustLoggingInUsingGoogleLoginBtn: true, ProcessId: null, Token: expect.any(String) });
    const claims = await stack.deps.tokens.verify(res.body.Token!);
    expect(claims).toMatchObject({ userId: company.adminId, role: 'CompanyAdmin', companyId: company.companyId });
  });

  it('sends Google back to where the browser reached Locus (no LOCUS_PUBLIC_URL), and the code exchange agrees', async () => {
    for (const base of [stack.baseUrl, stack.baseUrl.replace('127.0.0.1', 'localhost')]) {
      const res = await fetch(`${base}/api/auth/google/token-url`);
      const body = (await res.json()) as { RedirectUrl: string };
      expect(new URL(body.RedirectUrl).searchParams.get('redirect_uri')).toBe(`${base}/google-auth-callback`);
      // The exchange names the same redirect: Google answers (the user is simply unknown), not invalid_grant.
      const { code, state } = await consentAs(body.RedirectUrl, 'marcus.lee.newbiz@gmail.com');
      const answer = await fetch(`${base}/api/auth/callback`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ Code: code, State: state }),
      });
      expect(((await answer.json()) as { ApiError: { ErrorCode: string } }).ApiError.ErrorCode).toBe('AUTH.GOOGLE_USER_UNKNOWN');
    }
    expect(stack.deps.config.publicUrl).not.toBe(stack.baseUrl);
  });

  it('refuses a Google user no Locus user matches', async () => {
    const url = await stack.test.send(googleSignInTokenUrlRoute);
    const { code, state } = await consentAs(url.body.RedirectUrl!, 'marcus.lee.newbiz@gmail.com');
    const res = await stack.test.send(authCallbackRoute, { body: { Code: code, State: state } });
    expect(res.status).toBe(422);
    expect(res.error?.ApiError.ErrorCode).toBe('AUTH.GOOGLE_USER_UNKNOWN');
  });

  it('rejects a forged or expired state before calling Google', async () => {
    const forged = await stack.test.send(authCallbackRoute, { body: { Code: 'x', State: 'abc.def' } });
    expect(forged.status).toBe(400);
    expect(forged.error?.ApiError.Fields[0].Field).toBe('State');
    const expired = signOAuthState(stack.deps.config.jwtSecret, {
      processId: 'p',
      purpose: 'signin',
      userId: null,
      companyId: null,
      expiresAt: Math.floor(Date.now() / 1000) - 1,
    });
    expect((await stack.test.send(authCallbackRoute, { body: { Code: 'x', State: expired } })).status).toBe(400);
    const missing = await stack.test.send(authCallbackRoute, { body: invalid({ State: 'x' }) });
    expect(missing.status).toBe(400);
    expect(missing.error?.ApiError.Fields.map((f) => f.Field)).toContain('Code');
  });

  it('binds the OAuth state to the admin who asked for it', async () => {
    const company = await stack.seedCompany(null);
    const url = await stack.test.send(connectTokenUrlRoute, { token: company.adminToken });
    const { code, state } = await consentAs(url.body.RedirectUrl!, 'priya.patel.health@gmail.com');
    // The state is bound to the admin who asked for it.
    const other = await stack.seedCompany('Other');
    expect((await stack.test.send(authCallbackRoute, { body: { Code: code, State: state }, token: other.adminToken })).status).toBe(403);
  });

  it('flags the new-company flow and requires the company name first', async () => {
    const company = await stack.seedCompany(null);
    const url = await stack.test.send(connectTokenUrlRoute, { token: company.adminToken });
    const { code, state } = await consentAs(url.body.RedirectUrl!, 'priya.patel.health@gmail.com');
    const cb = await stack.test.send(authCallbackRoute, { body: { Code: code, State: state }, token: company.adminToken });
    expect(cb.body).toMatchObject({ IsNewCompanyCreated: true, ProcessId: expect.any(String) });
    await stack.waitForProjections();
    const proc = await stack.test.send(connectionProcessRoute, { params: { processId: cb.body.ProcessId! }, token: company.adminToken });
    expect(proc.body.Data.IsNewCompanyCreated).toBe(true);
    const account = proc.body.Data.Accounts.find((a) => a.Type !== 'PERSONAL')!.Name;
    const early = await stack.test.send(connectAccountsRoute, {
      params: { processId: cb.body.ProcessId! },
      body: { SelectedAccounts: [account] },
      token: company.adminToken,
    });
    expect(early.status).toBe(422);
    expect(early.error?.ApiError.ErrorCode).toBe('CONNECTIONS.COMPANY_NAME_REQUIRED');
    const none = await stack.test.send(connectAccountsRoute, {
      params: { processId: cb.body.ProcessId! },
      body: { SelectedAccounts: [] },
      token: company.adminToken,
    });
    expect(none.status).toBe(400);
    expect(none.error?.ResponseMessage).toBe('Select at least one account');
    // Another company cannot see or use the process.
    const other = await stack.seedCompany('Other Co');
    expect((await stack.test.send(connectionProcessRoute, { params: { processId: cb.body.ProcessId! }, token: other.adminToken })).status).toBe(404);
  });

  it('seeds a demo company with a connected account of 20 to 300 locations through the same commands', async () => {
    const company = await stack.seedCompany('Demo Co');
    const seeded = await seedDemoLocations(stack.deps, { companyId: company.companyId, adminUserId: company.adminId, index: 1, waitMs: 60_000 });
    expect(seeded).toMatchObject({ completed: true, googleUserEmail: 'priya.patel.health@gmail.com' });
    expect(seeded!.locations).toBeGreaterThanOrEqual(20);
    expect(seeded!.locations).toBeLessThanOrEqual(300);
    await stack.waitForProjections();
    const dir = await stack.test.send(locationsSummaryRoute, { params: { companyId: company.companyId }, body: {}, token: company.adminToken });
    expect(dir.body.totalResultsCount).toBe(seeded!.locations);
  }, 90_000);

  it('gives each demo company the locations of its own trade, with store codes of its own', async () => {
    const trades: Record<string, RegExp> = {
      'Harbor Dental Group': /dent/i,
      'Summit Home Services': /plumber|hvac|electrician|air_conditioning/i,
      'Bluebird Insurance Agency': /insurance/i,
    };
    const storeCodes = new Map<string, string>();
    for (const demo of DEMO_COMPANIES) {
      const company = await stack.seedCompany(`${demo.name} (demo)`);
      const seeded = await seedDemoLocations(stack.deps, {
        companyId: company.companyId,
        adminUserId: company.adminId,
        googleUserEmail: demo.google.userEmail,
        accountNames: demo.google.accounts,
        waitMs: 60_000,
      });
      expect(seeded).toMatchObject({ completed: true, accounts: demo.google.accounts });
      await stack.waitForProjections();
      const rows: { Id: string; StoreCode: string }[] = [];
      for (let first = 0; first < seeded!.locations; first += 100) {
        rows.push(
          ...(await stack.test.send(locationsSummaryRoute, { params: { companyId: company.companyId }, body: { first, rows: 100 }, token: company.adminToken }))
            .body.data,
        );
      }
      expect(rows.length).toBe(seeded!.locations);
      for (const row of rows.slice(0, 5)) {
        const details = await stack.test.send(getLocationRoute, { params: { id: row.Id }, token: company.adminToken });
        expect(details.body.Data.Location.PrimaryCategoryId, row.StoreCode).toMatch(trades[demo.name]!);
      }
      for (const row of rows) {
        expect(storeCodes.get(row.StoreCode), `store code ${row.StoreCode}`).toBeUndefined();
        storeCodes.set(row.StoreCode, demo.name);
      }
    }
  }, 120_000);
});
