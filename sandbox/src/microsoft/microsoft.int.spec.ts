import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import Koa from 'koa';
import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import { createMicrosoftMiddleware, createMicrosoftState, DEFAULT_TENANT_SEEDS } from './index';

const contoso = DEFAULT_TENANT_SEEDS[0]!;
const fabrikam = DEFAULT_TENANT_SEEDS[1]!;
const REDIRECT = 'http://localhost:5173/companies/azure-connect';

let server: Server;
let base: string;
const state = createMicrosoftState({ seed: 7 });

beforeAll(async () => {
  const app = new Koa();
  app.use(createMicrosoftMiddleware(state));
  server = app.listen(0, '127.0.0.1');
  await new Promise((r) => server.once('listening', r));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((r) => server.close(() => r())));

const authorizeUrl = (tenant: string, params: Record<string, string>) => {
  const u = new URL(`${base}/microsoft/login/${tenant}/oauth2/v2.0/authorize`);
  for (const [k, v] of Object.entries(params)) u.searchParams.set(k, v);
  return u.toString();
};
const authParams = (over: Record<string, string> = {}) => ({
  client_id: contoso.app.clientId,
  response_type: 'code',
  redirect_uri: REDIRECT,
  scope: 'offline_access https://graph.microsoft.com/User.Read.All',
  state: 'state-123',
  ...over,
});
const form = (values: Record<string, string>) => ({
  method: 'POST',
  headers: { 'content-type': 'application/x-www-form-urlencoded' },
  body: new URLSearchParams(values).toString(),
  redirect: 'manual' as const,
});

async function consent(tenant = contoso, decision = 'accept'): Promise<URL> {
  const page = await fetch(authorizeUrl(tenant.tenantId, authParams({ client_id: tenant.app.clientId })));
  expect(page.status).toBe(200);
  const html = await page.text();
  const admin = state.tenants.find((t) => t.tenantId === tenant.tenantId)!.users.find((u) => u.isTenantAdmin)!;
  expect(html).toContain(admin.userPrincipalName);
  const res = await fetch(
    `${base}/microsoft/login/${tenant.tenantId}/oauth2/v2.0/authorize`,
    form({ ...authParams({ client_id: tenant.app.clientId }), user: admin.id, decision }),
  );
  expect(res.status).toBe(302);
  return new URL(res.headers.get('location')!);
}

async function redeem(code: string, over: Record<string, string> = {}) {
  const res = await fetch(
    `${base}/microsoft/login/${contoso.tenantId}/oauth2/v2.0/token`,
    form({ grant_type: 'authorization_code', client_id: contoso.app.clientId, client_secret: contoso.app.clientSecret, code, redirect_uri: REDIRECT, ...over }),
  );
  return { status: res.status, body: (await res.json()) as Record<string, any> };
}

describe('Microsoft sandbox: identity platform', () => {
  it('redirects back with a code and the state after an administrator consents', async () => {
    const back = await consent();
    expect(back.origin + back.pathname).toBe(REDIRECT);
    expect(back.searchParams.get('state')).toBe('state-123');
    expect(back.searchParams.get('code')).toBeTruthy();
  });

  it('redirects back with error and error_description when consent is cancelled', async () => {
    const back = await consent(contoso, 'cancel');
    expect(back.searchParams.get('error')).toBe('access_denied');
    expect(back.searchParams.get('error_description')).toMatch(/AADSTS65004/);
    expect(back.searchParams.get('state')).toBe('state-123');
  });

  it('shows an error page (no redirect) for an unknown tenant or client id', async () => {
    const unknownTenant = await fetch(authorizeUrl('nope.onmicrosoft.com', authParams()), { redirect: 'manual' });
    expect(unknownTenant.status).toBe(400);
    expect(await unknownTenant.text()).toMatch(/AADSTS90002/);
    const wrongClient = await fetch(authorizeUrl(contoso.tenantId, authParams({ client_id: fabrikam.app.clientId })), { redirect: 'manual' });
    expect(wrongClient.status).toBe(400);
    expect(await wrongClient.text()).toMatch(/AADSTS700016/);
  });

  it('redirects with invalid_scope for an unknown scope', async () => {
    const res = await fetch(authorizeUrl(contoso.domain, authParams({ scope: 'Mail.Send' })), { redirect: 'manual' });
    expect(res.status).toBe(302);
    expect(new URL(res.headers.get('location')!).searchParams.get('error')).toBe('invalid_scope');
  });

  it('exchanges a code once, checking client secret and redirect uri', async () => {
    const code = (await consent()).searchParams.get('code')!;
    const badSecret = await redeem(code, { client_secret: 'wrong' });
    expect(badSecret.status).toBe(401);
    expect(badSecret.body.error).toBe('invalid_client');
    expect(badSecret.body.error_codes).toEqual([7000215]);
    const badRedirect = await redeem(code, { redirect_uri: 'http://evil.example/cb' });
    expect(badRedirect.body.error).toBe('invalid_grant');

    const ok = await redeem(code);
    expect(ok.status).toBe(200);
    expect(ok.body.token_type).toBe('Bearer');
    expect(ok.body.expires_in).toBe(3599);
    expect(ok.body.scope).toContain('https://graph.microsoft.com/User.Read.All');
    expect(ok.body.refresh_token).toBeTruthy();

    const again = await redeem(code);
    expect(again.status).toBe(400);
    expect(again.body.error_codes).toEqual([54005]);
  });

  it('refreshes tokens, and refuses them after the tenant revokes sessions', async () => {
    const tokens = (await redeem((await consent()).searchParams.get('code')!)).body;
    const refresh = (client_secret = contoso.app.clientSecret) =>
      fetch(
        `${base}/microsoft/login/${contoso.tenantId}/oauth2/v2.0/token`,
        form({ grant_type: 'refresh_token', client_id: contoso.app.clientId, client_secret, refresh_token: tokens.refresh_token }),
      );
    const refreshed = await refresh();
    expect(refreshed.status).toBe(200);
    const body = (await refreshed.json()) as Record<string, string>;
    expect(body.access_token).toBeTruthy();

    const revoke = await fetch(`${base}/microsoft/sandbox/tenants/${contoso.tenantId}/revoke-sessions`, { method: 'POST' });
    expect(revoke.status).toBe(200);
    const refused = await refresh();
    expect(refused.status).toBe(400);
    expect(((await refused.json()) as { error_codes: number[] }).error_codes).toEqual([50173]);
    const graph = await fetch(`${base}/microsoft/graph/v1.0/users`, { headers: { authorization: `Bearer ${body.access_token}` } });
    expect(graph.status).toBe(401);
  });

  it('rejects an unsupported grant type', async () => {
    const res = await fetch(
      `${base}/microsoft/login/${contoso.tenantId}/oauth2/v2.0/token`,
      form({ grant_type: 'password', client_id: contoso.app.clientId, client_secret: contoso.app.clientSecret }),
    );
    expect(res.status).toBe(400);
    expect(((await res.json()) as { error: string }).error).toBe('unsupported_grant_type');
  });
});

describe('Microsoft sandbox: Graph users', () => {
  const token = async (tenant = fabrikam) => {
    const back = await consent(tenant);
    const res = await fetch(
      `${base}/microsoft/login/${tenant.tenantId}/oauth2/v2.0/token`,
      form({
        grant_type: 'authorization_code',
        client_id: tenant.app.clientId,
        client_secret: tenant.app.clientSecret,
        code: back.searchParams.get('code')!,
        redirect_uri: REDIRECT,
      }),
    );
    return ((await res.json()) as { access_token: string }).access_token;
  };

  it('pages through every user with $top and @odata.nextLink', async () => {
    const access = await token();
    const expected = state.tenants.find((t) => t.tenantId === fabrikam.tenantId)!.users;
    const seen: Record<string, unknown>[] = [];
    let url: string | undefined = `${base}/microsoft/graph/v1.0/users?$top=4&$select=id,displayName,givenName,userPrincipalName`;
    let pages = 0;
    while (url) {
      const res = await fetch(url, { headers: { authorization: `Bearer ${access}` } });
      expect(res.status).toBe(200);
      const body = (await res.json()) as { value: Record<string, unknown>[]; '@odata.nextLink'?: string; '@odata.context': string };
      expect(body['@odata.context']).toContain('#users(id,displayName,givenName,userPrincipalName)');
      seen.push(...body.value);
      url = body['@odata.nextLink'];
      pages++;
    }
    expect(pages).toBe(Math.ceil(expected.length / 4));
    expect(seen.map((u) => u.id)).toEqual(expected.map((u) => u.id));
    expect(Object.keys(seen[0]!).sort()).toEqual(['displayName', 'givenName', 'id', 'userPrincipalName']);
    expect(String(seen[0]!.userPrincipalName)).toMatch(/@fabrikamrealty\.onmicrosoft\.com$/);
  });

  it('answers Graph-shaped errors', async () => {
    const none = await fetch(`${base}/microsoft/graph/v1.0/users`);
    expect(none.status).toBe(401);
    const noneBody = (await none.json()) as { error: { code: string; message: string; innerError: Record<string, string> } };
    expect(noneBody.error.code).toBe('InvalidAuthenticationToken');
    expect(noneBody.error.innerError['request-id']).toBeTruthy();

    const access = await token();
    const auth = { headers: { authorization: `Bearer ${access}` } };
    const tooMany = await fetch(`${base}/microsoft/graph/v1.0/users?$top=1000`, auth);
    expect(tooMany.status).toBe(400);
    expect(((await tooMany.json()) as { error: { message: string } }).error.message).toMatch(/between 1 and 999/);
    const badProp = await fetch(`${base}/microsoft/graph/v1.0/users?$select=password`, auth);
    expect(badProp.status).toBe(400);
    const missing = await fetch(`${base}/microsoft/graph/v1.0/users/00000000-0000-4000-8000-000000000000`, auth);
    expect(missing.status).toBe(404);
    expect(((await missing.json()) as { error: { code: string } }).error.code).toBe('Request_ResourceNotFound');
    const forged = await fetch(`${base}/microsoft/graph/v1.0/users`, { headers: { authorization: `Bearer ${access.slice(0, -4)}abcd` } });
    expect(forged.status).toBe(401);
  });

  it("returns one user by id or principal name, and only the token tenant's users", async () => {
    const access = await token();
    const auth = { headers: { authorization: `Bearer ${access}` } };
    const someone = state.tenants.find((t) => t.tenantId === fabrikam.tenantId)!.users[3]!;
    const byId = (await (await fetch(`${base}/microsoft/graph/v1.0/users/${someone.id}`, auth)).json()) as Record<string, unknown>;
    expect(byId.displayName).toBe(someone.displayName);
    const byUpn = await fetch(`${base}/microsoft/graph/v1.0/users/${encodeURIComponent(someone.userPrincipalName)}`, auth);
    expect(((await byUpn.json()) as Record<string, unknown>).id).toBe(someone.id);
    const otherTenantUser = state.tenants.find((t) => t.tenantId === contoso.tenantId)!.users[0]!;
    expect((await fetch(`${base}/microsoft/graph/v1.0/users/${otherTenantUser.id}`, auth)).status).toBe(404);
  });
});

describe('Microsoft sandbox: seed', () => {
  it('is deterministic and realistic', () => {
    const again = createMicrosoftState({ seed: 99 });
    expect(again.tenants.map((t) => t.users.map((u) => u.id))).toEqual(state.tenants.map((t) => t.users.map((u) => u.id)));
    const users = state.tenants[0]!.users;
    expect(users.length).toBe(42);
    expect(new Set(users.map((u) => u.userPrincipalName)).size).toBe(users.length);
    for (const u of users) {
      expect(u.id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
      expect(u.displayName).toBe(`${u.givenName} ${u.surname}`);
    }
  });
});
