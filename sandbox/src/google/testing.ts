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
