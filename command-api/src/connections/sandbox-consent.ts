/**
 * Drives the Google sandbox's consent page over HTTP, as a person choosing an account would:
 * used by the demo seeding and by tests. Only works against the sandbox (it reads the
 * sandbox's `/google/__sandbox` listing to find the Google user).
 */
export interface SandboxGoogleUser {
  sub: string;
  name: string;
  email: string;
}
export interface SandboxGoogleAccount {
  name: string;
  accountName: string;
  type: string;
  locationCount: number;
  members: { email?: string; role: string }[];
}

/** The sandbox base URL from the configured OAuth authorize URL (`<base>/google/oauth/authorize`). */
export function sandboxBaseOf(authUrl: string): string | null {
  const m = /^(.*)\/google\/oauth\/authorize$/.exec(authUrl);
  return m ? m[1]! : null;
}

export async function sandboxDirectory(base: string): Promise<{ users: SandboxGoogleUser[]; accounts: SandboxGoogleAccount[] }> {
  const res = await fetch(`${base}/google/__sandbox`);
  if (!res.ok) throw new Error(`The Google sandbox listing answered ${res.status}`);
  return (await res.json()) as { users: SandboxGoogleUser[]; accounts: SandboxGoogleAccount[] };
}

/**
 * Follows a RedirectUrl to the sandbox's consent page and "clicks" Continue as the user with
 * this email; returns the code and state Google would send to the redirect URI.
 */
export async function consentAs(redirectUrl: string, email: string): Promise<{ code: string; state: string }> {
  const url = new URL(redirectUrl);
  const base = sandboxBaseOf(`${url.origin}${url.pathname}`);
  if (!base) throw new Error(`${redirectUrl} is not the Google sandbox's consent page`);
  const { users } = await sandboxDirectory(base);
  const user = users.find((u) => u.email.toLowerCase() === email.toLowerCase());
  if (!user) throw new Error(`The Google sandbox has no user ${email}`);
  const form = new URLSearchParams(url.searchParams);
  form.set('sub', user.sub);
  form.set('decision', 'allow');
  const res = await fetch(`${url.origin}${url.pathname}`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: form,
    redirect: 'manual',
  });
  const location = res.headers.get('location');
  if (res.status !== 302 || !location) throw new Error(`The Google consent page answered ${res.status}: ${(await res.text()).slice(0, 200)}`);
  const back = new URL(location);
  const code = back.searchParams.get('code');
  const state = back.searchParams.get('state');
  if (!code || !state) throw new Error(`Google redirected without a code: ${location}`);
  return { code, state };
}
