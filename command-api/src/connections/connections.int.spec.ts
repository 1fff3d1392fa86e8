import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signOAuthState } from './oauth-state';
import { consentAs } from './sandbox-consent';
import { seedDemoLocations } from './demo';
import { DEMO_COMPANIES } from '../demo/seed-demo';
import { startLocationsTestStack, type LocationsTestStack } from '../locations/testing/stack';

let stack: LocationsTestStack;

async function call(method: string, path: string, token: string | null, body?: unknown) {
  const headers: Record<string, string> = {};
  if (token) headers.Authorization = `Bearer ${token}`;
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  const res = await fetch(`${stack.baseUrl}${path}`, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
  const text = await res.text();
  return { status: res.status, body: text ? (JSON.parse(text) as any) : null };
}

beforeAll(async () => {
  stack = await startLocationsTestStack();
}, 30_000);
afterAll(async () => {
  await stack?.close();
});

describe('Google sign-in and connection rules', () => {
  it('signs a known user in with Google through the same OAuth flow', async () => {
    const company = await stack.seedCompany('Signin Co', 'maria.garcia.biz@gmail.com');
    const url = await call('GET', '/api/auth/google/token-url', null);
    expect(url.body).toMatchObject({ CanConnect: true, HasGMBCredentials: true });
    const { code, state } = await consentAs(url.body.RedirectUrl, 'maria.garcia.biz@gmail.com');
    const res = await call('POST', '/api/auth/callback', null, { Code: code, State: state });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({ Success: true, JustLoggingInUsingGoogleLoginBtn: true, ProcessId: null, Token: expect.any(String) });
    const claims = await stack.deps.tokens.verify(res.body.Token);
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
    const url = await call('GET', '/api/auth/google/token-url', null);
    const { code, state } = await consentAs(url.body.RedirectUrl, 'marcus.lee.newbiz@gmail.com');
    const res = await call('POST', '/api/auth/callback', null, { Code: code, State: state });
    expect(res.status).toBe(422);
    expect(res.body.ApiError.ErrorCode).toBe('AUTH.GOOGLE_USER_UNKNOWN');
  });

  it('rejects a forged or expired state before calling Google', async () => {
    const forged = await call('POST', '/api/auth/callback', null, { Code: 'x', State: 'abc.def' });
    expect(forged.status).toBe(400);
    expect(forged.body.ApiError.Fields[0].Field).toBe('State');
    const expired = signOAuthState(stack.deps.config.jwtSecret, {
      processId: 'p',
      purpose: 'signin',
      userId: null,
      companyId: null,
      expiresAt: Math.floor(Date.now() / 1000) - 1,
    });
    expect((await call('POST', '/api/auth/callback', null, { Code: 'x', State: expired })).status).toBe(400);
    const missing = await call('POST', '/api/auth/callback', null, { State: 'x' });
    expect(missing.status).toBe(400);
    expect(missing.body.ApiError.Fields.map((f: any) => f.Field)).toContain('Code');
  });

  it('binds the OAuth state to the admin who asked for it', async () => {
    const company = await stack.seedCompany(null);
    const url = await call('GET', '/api/gmb/token-url', company.adminToken);
    const { code, state } = await consentAs(url.body.RedirectUrl, 'priya.patel.health@gmail.com');
    // The state is bound to the admin who asked for it.
    const other = await stack.seedCompany('Other');
    expect((await call('POST', '/api/auth/callback', other.adminToken, { Code: code, State: state })).status).toBe(403);
  });

  it('flags the new-company flow and requires the company name first', async () => {
    const company = await stack.seedCompany(null);
    const url = await call('GET', '/api/gmb/token-url', company.adminToken);
    const { code, state } = await consentAs(url.body.RedirectUrl, 'priya.patel.health@gmail.com');
    const cb = await call('POST', '/api/auth/callback', company.adminToken, { Code: code, State: state });
    expect(cb.body).toMatchObject({ IsNewCompanyCreated: true, ProcessId: expect.any(String) });
    await stack.waitForProjections();
    const proc = await call('GET', `/api/gmb/connect-accounts/${cb.body.ProcessId}`, company.adminToken);
    expect(proc.body.Data.IsNewCompanyCreated).toBe(true);
    const account = proc.body.Data.Accounts.find((a: any) => a.Type !== 'PERSONAL').Name;
    const early = await call('POST', `/api/gmb/connect-accounts/${cb.body.ProcessId}`, company.adminToken, { SelectedAccounts: [account] });
    expect(early.status).toBe(422);
    expect(early.body.ApiError.ErrorCode).toBe('CONNECTIONS.COMPANY_NAME_REQUIRED');
    const none = await call('POST', `/api/gmb/connect-accounts/${cb.body.ProcessId}`, company.adminToken, { SelectedAccounts: [] });
    expect(none.status).toBe(400);
    expect(none.body.ResponseMessage).toBe('Select at least one account');
    // Another company cannot see or use the process.
    const other = await stack.seedCompany('Other Co');
    expect((await call('GET', `/api/gmb/connect-accounts/${cb.body.ProcessId}`, other.adminToken)).status).toBe(404);
  });

  it('seeds a demo company with a connected account of 20 to 300 locations through the same commands', async () => {
    const company = await stack.seedCompany('Demo Co');
    const seeded = await seedDemoLocations(stack.deps, { companyId: company.companyId, adminUserId: company.adminId, index: 1, waitMs: 60_000 });
    expect(seeded).toMatchObject({ completed: true, googleUserEmail: 'priya.patel.health@gmail.com' });
    expect(seeded!.locations).toBeGreaterThanOrEqual(20);
    expect(seeded!.locations).toBeLessThanOrEqual(300);
    await stack.waitForProjections();
    const dir = await call('POST', `/api/gmb/${company.companyId}/locations-summary`, company.adminToken, {});
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
      const rows: { StoreCode: string }[] = [];
      for (let first = 0; first < seeded!.locations; first += 100) {
        rows.push(...(await call('POST', `/api/gmb/${company.companyId}/locations-summary`, company.adminToken, { first, rows: 100 })).body.data);
      }
      expect(rows.length).toBe(seeded!.locations);
      for (const row of rows.slice(0, 5)) {
        const details = await call('GET', `/api/gmb/${(row as { Id?: string }).Id}/location`, company.adminToken);
        expect(details.body.Data.Location.PrimaryCategoryId, row.StoreCode).toMatch(trades[demo.name]!);
      }
      for (const row of rows) {
        expect(storeCodes.get(row.StoreCode), `store code ${row.StoreCode}`).toBeUndefined();
        storeCodes.set(row.StoreCode, demo.name);
      }
    }
  }, 120_000);
});
