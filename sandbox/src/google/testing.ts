/**
 * Helpers for tests that need a Google sign-in against the sandbox: they walk the consent
 * page the way a browser would (GET the chooser, POST "Continue as ...", read the redirect).
 */
export interface SandboxConsent {
  code: string;
  state: string | null;
  scope: string | null;
  redirect: URL;
}

export async function sandboxUsers(sandboxUrl: string): Promise<{ sub: string; name: string; email: string }[]> {
  const res = await fetch(`${sandboxUrl}/google/__sandbox`);
  return ((await res.json()) as { users: { sub: string; name: string; email: string }[] }).users;
}

/** Follows an authorize URL (as built by the app) and consents as the given seeded user. */
export async function consentAs(authorizeUrl: string, email: string): Promise<SandboxConsent> {
  const page = await fetch(authorizeUrl);
  const html = await page.text();
  if (page.status !== 200) throw new Error(`authorize page answered ${page.status}: ${html.slice(0, 300)}`);
  const origin = new URL(authorizeUrl).origin;
  const user = (await sandboxUsers(origin)).find((u) => u.email === email);
  if (!user) throw new Error(`no seeded Google user ${email}`);
  if (!html.includes(`value="${user.sub}"`)) throw new Error(`the consent page does not offer ${email}`);
  const form = new URLSearchParams(new URL(authorizeUrl).searchParams);
  form.set('sub', user.sub);
  form.set('decision', 'allow');
  const res = await fetch(authorizeUrl, { method: 'POST', body: form, redirect: 'manual' });
  const location = res.headers.get('location');
  if (res.status !== 302 || !location) throw new Error(`consent answered ${res.status}: ${(await res.text()).slice(0, 300)}`);
  const redirect = new URL(location);
  const code = redirect.searchParams.get('code');
  if (!code) throw new Error(`consent redirected without a code: ${location}`);
  return { code, state: redirect.searchParams.get('state'), scope: redirect.searchParams.get('scope'), redirect };
}

const TEST_SCOPE = 'openid email profile https://www.googleapis.com/auth/business.manage';
const TEST_REDIRECT = 'http://localhost:5999/google-auth-callback';

/** Signs a seeded Google user in (consent + code exchange) and returns the access token. */
export async function accessTokenFor(sandboxUrl: string, email: string, extraScopes: string[] = []): Promise<string> {
  const authorize = new URL(`${sandboxUrl}/google/oauth/authorize`);
  const scope = [TEST_SCOPE, ...extraScopes].join(' ');
  const params = { client_id: 'locus-test', redirect_uri: TEST_REDIRECT, response_type: 'code', scope, access_type: 'offline' };
  for (const [k, v] of Object.entries(params)) authorize.searchParams.set(k, v);
  const { code } = await consentAs(authorize.toString(), email);
  const res = await fetch(`${sandboxUrl}/google/oauth/token`, {
    method: 'POST',
    body: new URLSearchParams({ client_id: 'locus-test', client_secret: 'secret', grant_type: 'authorization_code', code, redirect_uri: TEST_REDIRECT }),
  });
  const json = (await res.json()) as { access_token?: string };
  if (!json.access_token) throw new Error(`token exchange answered ${res.status}`);
  return json.access_token;
}

export interface JsonResponse {
  status: number;
  headers: Headers;
  json: any;
}

/** A JSON call to the sandbox, with a bearer token when given. */
export async function callJson(
  sandboxUrl: string,
  accessToken: string | undefined,
  method: string,
  pathAndQuery: string,
  body?: unknown,
): Promise<JsonResponse> {
  const res = await fetch(`${sandboxUrl}${pathAndQuery}`, {
    method,
    headers: { ...(accessToken ? { authorization: `Bearer ${accessToken}` } : {}), ...(body !== undefined ? { 'content-type': 'application/json' } : {}) },
    ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
  });
  const text = await res.text();
  return { status: res.status, headers: res.headers, json: text ? JSON.parse(text) : {} };
}
