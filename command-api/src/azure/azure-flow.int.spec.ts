import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import Koa from 'koa';
import { azureMessages, type AzureDirectoryUser } from '@locus/contracts';
import { listen } from '@locus/platform/http/testing';
import { createMicrosoftMiddleware, createMicrosoftState, DEFAULT_TENANT_SEEDS } from '@locus/sandbox/microsoft/index';
import { startFeatureStack, type FeatureStack } from '../settings/testing/feature-stack';

/**
 * The Azure directory import end to end over HTTP: the in-process stack with config.graph
 * pointing at the Microsoft sandbox (pages capped at 10 users, so the app must follow
 * @odata.nextLink), the consent page driven like a browser would, and the secrets check.
 */
const contoso = DEFAULT_TENANT_SEEDS[0]!;
const fabrikam = DEFAULT_TENANT_SEEDS[1]!;
const microsoft = createMicrosoftState({ maxPageSize: 10 });
const contosoUsers = microsoft.tenants.find((t) => t.tenantId === contoso.tenantId)!.users;
const SANDBOX_TOKEN_PREFIX = Buffer.from(JSON.stringify({ alg: 'HS256', typ: 'JWT', kid: 'locus-sandbox' })).toString('base64url');

let sandbox: Awaited<ReturnType<typeof listen>>;
let stack: FeatureStack;
let a: Awaited<ReturnType<FeatureStack['createCompany']>>;
let b: Awaited<ReturnType<FeatureStack['createCompany']>>;

beforeAll(async () => {
  const app = new Koa();
  app.use(createMicrosoftMiddleware(microsoft));
  sandbox = await listen(app);
  stack = await startFeatureStack({
    env: {
      LOCUS_GRAPH_LOGIN_URL: `${sandbox.baseUrl}/microsoft/login`,
      LOCUS_GRAPH_URL: `${sandbox.baseUrl}/microsoft/graph/v1.0`,
      LOCUS_PUBLIC_URL: 'http://locus.test:8080',
    },
  });
  a = await stack.createCompany('Acme Dental');
  b = await stack.createCompany('Bravo Realty');
});
afterAll(async () => {
  await stack?.close();
  await sandbox?.close();
});

const saveCredentials = (token: string, tenant = contoso, secret = tenant.app.clientSecret) =>
  stack.call('POST', '/api/azure/credentials', token, { AzureClientId: tenant.app.clientId, AzureClientSecret: secret, AzureTenantId: tenant.tenantId });

/** What the browser does: open the RedirectUrl, pick the tenant admin, follow the redirect back to Locus. */
async function consent(redirectUrl: string, decision: 'accept' | 'cancel' = 'accept'): Promise<URL> {
  const page = await fetch(redirectUrl);
  expect(page.status).toBe(200);
  const html = await page.text();
  const userId = /name="user" value="([^"]+)"/.exec(html)![1]!;
  const url = new URL(redirectUrl);
  const form = new URLSearchParams(url.searchParams);
  form.set('user', userId);
  form.set('decision', decision);
  const res = await fetch(url.origin + url.pathname, {
    method: 'POST',
    body: form,
    redirect: 'manual',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
  });
  expect(res.status).toBe(302);
  return new URL(res.headers.get('location')!);
}

async function connect(company: typeof a) {
  const res = await stack.call('GET', '/api/azure/connect', company.admin);
  expect(res.body).toMatchObject({ Success: true, CanConnect: true, HasAzureCredentials: true });
  const back = await consent(res.body.RedirectUrl);
  return { code: back.searchParams.get('code')!, state: back.searchParams.get('state')!, back };
}

const users = async (company: typeof a): Promise<AzureDirectoryUser[]> => {
  const res = await stack.call('GET', '/api/azure/users', company.admin);
  expect(res.status, res.text).toBe(200);
  expect(res.body.Success).toBe(true);
  return res.body.ResponseData;
};

describe('Azure directory import against the Microsoft sandbox', () => {
  it('asks for credentials first', async () => {
    const res = await stack.call('GET', '/api/azure/connect', a.admin);
    expect(res.body).toEqual({ Success: true, CanConnect: false, HasAzureCredentials: false, RedirectUrl: null, ErrorMessage: azureMessages.noCredentials });
    const list = await stack.call('GET', '/api/azure/users', a.admin);
    expect(list.status).toBe(422);
    expect(list.body.ApiError.ErrorCode).toBe('AZURE.NO_CREDENTIALS');
    const missing = await stack.call('POST', '/api/azure/credentials', a.admin, { AzureClientId: contoso.app.clientId, AzureTenantId: contoso.tenantId });
    expect(missing.status).toBe(400);
    expect(missing.body.ApiError.Fields.map((f: { Field: string }) => f.Field)).toEqual(['AzureClientSecret']);
  });

  it('saves the credentials and never returns the secret', async () => {
    const saved = await saveCredentials(a.admin);
    expect(saved.body).toMatchObject({ Success: true, ResponseMessage: azureMessages.keysSaved });
    const view = await stack.call('GET', '/api/azure/credentials', a.admin);
    expect(view.body.Data).toEqual({
      AzureClientId: contoso.app.clientId,
      AzureTenantId: contoso.tenantId,
      HasAzureClientSecret: true,
      IsConnected: false,
      ConnectedAt: null,
    });
  });

  it('builds the authorize URL for the tenant with a signed state and the web callback', async () => {
    const res = await stack.call('GET', '/api/azure/connect', a.admin);
    const url = new URL(res.body.RedirectUrl);
    expect(url.origin + url.pathname).toBe(`${sandbox.baseUrl}/microsoft/login/${contoso.tenantId}/oauth2/v2.0/authorize`);
    expect(url.searchParams.get('client_id')).toBe(contoso.app.clientId);
    expect(url.searchParams.get('response_type')).toBe('code');
    expect(url.searchParams.get('redirect_uri')).toBe('http://locus.test:8080/companies/azure-connect');
    expect(url.searchParams.get('scope')).toContain('User.Read.All');
    expect(url.searchParams.get('state')).toMatch(/^[\w-]+\.[\w-]+$/);
  });

  it('refuses a state that is tampered with or belongs to another company', async () => {
    const { code, state } = await connect(a);
    const forged = await stack.call('POST', '/api/azure/callback', a.admin, { Code: code, State: `${state}x` });
    expect(forged.status).toBe(400);
    expect(forged.body.ApiError.Fields[0].Field).toBe('State');
    await saveCredentials(b.admin, fabrikam);
    const foreign = await stack.call('POST', '/api/azure/callback', b.admin, { Code: code, State: state });
    expect(foreign.status).toBe(400);
  });

  it('shows the consent error the way Microsoft returns it', async () => {
    const res = await stack.call('GET', '/api/azure/connect', a.admin);
    const back = await consent(res.body.RedirectUrl, 'cancel');
    expect(back.origin + back.pathname).toBe('http://locus.test:8080/companies/azure-connect');
    expect(back.searchParams.get('error')).toBe('access_denied');
    expect(back.searchParams.get('error_description')).toContain('AADSTS65004');
  });

  it('exchanges the code, then lists every not-yet-connected directory user across pages', async () => {
    const { code, state } = await connect(a);
    const ok = await stack.call('POST', '/api/azure/callback', a.admin, { Code: code, State: state });
    expect(ok.status, ok.text).toBe(200);
    expect(ok.body.ResponseMessage).toBe(azureMessages.connected);
    const replay = await stack.call('POST', '/api/azure/callback', a.admin, { Code: code, State: state });
    expect(replay.status).toBe(422);
    expect(replay.body.ResponseMessage).toContain('already redeemed');

    const listed = await users(a);
    expect(listed).toHaveLength(contosoUsers.length);
    expect(listed.length).toBeGreaterThan(10);
    expect(new Set(listed.map((u) => u.id))).toEqual(new Set(contosoUsers.map((u) => u.id)));
    const megan = contosoUsers.find((u) => u.displayName === 'Megan Brooks')!;
    expect(listed.find((u) => u.id === megan.id)).toEqual({
      id: megan.id,
      displayName: 'Megan Brooks',
      givenName: 'Megan',
      userPrincipalName: megan.userPrincipalName,
      isConnected: false,
    });
    expect((await stack.call('GET', '/api/azure/credentials', a.admin)).body.Data).toMatchObject({ IsConnected: true });
  });

  it('adds a directory user to the agency once, as a company user', async () => {
    const target = contosoUsers.find((u) => !u.isTenantAdmin)!;
    const body = { Id: target.id, DisplayName: target.displayName, UserPrincipalName: target.userPrincipalName };
    const added = await stack.call('POST', '/api/azure/add-to-agency', a.admin, body);
    expect(added.status, added.text).toBe(200);
    expect(added.body.ResponseMessage).toBe(`${target.displayName} has been successfully added to your agency`);
    const userId = added.body.Data.UserId;

    const listed = await users(a);
    expect(listed).toHaveLength(contosoUsers.length - 1);
    expect(listed.some((u) => u.id === target.id)).toBe(false);
    expect((await stack.call('POST', '/api/azure/add-to-agency', a.admin, body)).status).toBe(409);

    const created = (await stack.allEvents()).find((e) => e.type === 'UserCreated' && (e.data as { userId: string }).userId === userId)!;
    expect(created.data).toMatchObject({
      companyId: a.companyId,
      role: 'CompanyUser',
      firstName: target.givenName,
      lastName: target.surname,
      email: target.mail,
      source: 'azure-import',
    });

    const other = contosoUsers.find((u) => !u.isTenantAdmin && u.id !== target.id)!;
    const mismatch = await stack.call('POST', '/api/azure/add-to-agency', a.admin, {
      Id: other.id,
      DisplayName: other.displayName,
      UserPrincipalName: target.userPrincipalName,
    });
    expect(mismatch.status).toBe(400);
    const unknown = await stack.call('POST', '/api/azure/add-to-agency', a.admin, {
      Id: '00000000-0000-4000-8000-000000000000',
      DisplayName: 'Ghost',
      UserPrincipalName: 'ghost@contosodental.onmicrosoft.com',
    });
    expect(unknown.status).toBe(404);
    // Company B is not connected: its admin cannot list or import A's directory.
    expect((await stack.call('GET', '/api/azure/users', b.admin)).status).toBe(422);
    expect((await stack.call('GET', '/api/azure/users', a.user)).status).toBe(403);
  });

  it('refreshes an expired access token and records it', async () => {
    const before = (await stack.allEvents()).filter((e) => e.type === 'AzureTokensRefreshed').length;
    stack.clock.advance(2 * 3600 * 1000);
    expect(await users(a)).toHaveLength(contosoUsers.length - 1);
    const after = (await stack.allEvents()).filter((e) => e.type === 'AzureTokensRefreshed').length;
    expect(after).toBe(before + 1);
  });

  it('ends the connection when the tenant revokes the sessions', async () => {
    await fetch(`${sandbox.baseUrl}/microsoft/sandbox/tenants/${contoso.tenantId}/revoke-sessions`, { method: 'POST' });
    stack.clock.advance(2 * 3600 * 1000);
    const res = await stack.call('GET', '/api/azure/users', a.admin);
    expect(res.status).toBe(422);
    expect(res.body.ApiError.ErrorCode).toBe('AZURE.NOT_CONNECTED');
    expect((await stack.allEvents()).some((e) => e.type === 'AzureDirectoryConnectionLost')).toBe(true);
    expect((await stack.call('GET', '/api/azure/credentials', a.admin)).body.Data).toMatchObject({ IsConnected: false, HasAzureClientSecret: true });
  });

  it('reports a wrong client secret from the token endpoint', async () => {
    await saveCredentials(b.admin, fabrikam, 'not-the-secret');
    const { code, state } = await connect(b);
    const res = await stack.call('POST', '/api/azure/callback', b.admin, { Code: code, State: state });
    expect(res.status).toBe(422);
    expect(res.body.ApiError.ErrorCode).toBe('AZURE.CONNECT_FAILED');
    expect(res.body.ResponseMessage).toContain('Invalid client secret');
    expect(res.body.ResponseMessage).not.toContain('Trace ID');
  });

  it('never stores, returns or logs the client secret or the tokens in clear', async () => {
    await stack.waitForProjections();
    const events = JSON.stringify(await stack.allEvents(), (_k, v) => (typeof v === 'bigint' ? String(v) : v));
    const docs = JSON.stringify(await stack.allDocuments());
    const responses = stack.responses.join('\n');
    const logs = stack.logs.text();
    expect(events).toContain('AzureDirectoryConnected');
    for (const [name, text] of Object.entries({ events, docs, responses, logs })) {
      expect(text, name).not.toContain(contoso.app.clientSecret);
      expect(text, name).not.toContain(fabrikam.app.clientSecret);
      expect(text, name).not.toContain('not-the-secret');
      expect(text, name).not.toContain(SANDBOX_TOKEN_PREFIX);
    }
  });
});
