import { describe, expect, it } from 'vitest';
import type { CommandDeps } from '@locus/platform';
import { createGoogleAccess } from './google-access';

const base = 'http://google.test';
const google = {
  clientId: 'locus-client',
  clientSecret: 'locus-secret',
  authUrl: `${base}/oauth/authorize`,
  tokenUrl: `${base}/oauth/token`,
  userInfoUrl: `${base}/oauth/userinfo`,
  businessInformationUrl: `${base}/bi/v1`,
};

/** Google's token endpoint handing out numbered access tokens, and a location read that names the token it came with (401 for a revoked one). */
function fakeGoogle() {
  let issued = 0;
  const revoked = new Set<string>();
  const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
  const fetch = (async (url: string | URL, init?: RequestInit) => {
    if (String(url).startsWith(google.tokenUrl)) return json({ access_token: `access-${++issued}`, expires_in: 3600, token_type: 'Bearer', scope: 'business' });
    const token = new Headers(init?.headers).get('authorization')!.replace('Bearer ', '');
    if (revoked.has(token)) return json({ error: { code: 401, message: 'Request had invalid authentication credentials.', status: 'UNAUTHENTICATED' } }, 401);
    return json({ name: 'locations/1', title: token });
  }) as typeof globalThis.fetch;
  return { fetch, issued: () => issued, revoke: (token: string) => revoked.add(token) };
}

const accessWith = (fetch: typeof globalThis.fetch) =>
  createGoogleAccess(
    { config: { google, publicUrl: 'http://localhost:8080', encryptionKey: 'k'.repeat(32), previousEncryptionKeys: [] } } as unknown as Pick<
      CommandDeps,
      'config' | 'eventStore'
    >,
    {
      fetch,
    },
  );

describe('Google access', () => {
  it('gives every call for one grant the same client, and a new one once another client refreshed the grant', async () => {
    const g = fakeGoogle();
    const credentials = { refreshToken: `refresh-${Math.random()}`, scope: 'business' };
    const access = accessWith(g.fetch);
    const first = access.clientForCredentials(credentials);
    expect(access.clientForCredentials({ ...credentials })).toBe(first);
    expect((await first.getLocation('locations/1')).title).toBe('access-1');
    // Its own refresh keeps it: the same client, which needs no second refresh.
    const again = access.clientForCredentials(credentials);
    expect(again).toBe(first);
    expect((await again.getLocation('locations/1')).title).toBe('access-1');
    expect(g.issued()).toBe(1);

    // Another access's client (another reactor's) refreshes the grant after a 401.
    const other = accessWith(g.fetch).clientForCredentials(credentials);
    expect(other).not.toBe(first);
    g.revoke('access-1');
    expect((await other.getLocation('locations/1')).title).toBe('access-2');

    // This access now starts from that token instead of its client's revoked one.
    const next = access.clientForCredentials(credentials);
    expect(next).not.toBe(first);
    expect((await next.getLocation('locations/1')).title).toBe('access-2');
    expect(access.clientForCredentials(credentials)).toBe(next);
    expect(g.issued()).toBe(2);

    // Another grant, another client.
    expect(access.clientForCredentials({ ...credentials, refreshToken: `${credentials.refreshToken}-2` })).not.toBe(next);
  });
});
