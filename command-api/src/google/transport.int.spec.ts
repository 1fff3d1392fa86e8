import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { GoogleApiError } from './errors';
import { createGoogleHttp, type GoogleHttpOptions, type GoogleRequest } from './http';
import { fetchGoogleUserInfo, revokeGoogleToken, type GoogleEndpoints } from './oauth';

interface Seen {
  method: string;
  url: string;
  headers: IncomingMessage['headers'];
  body: Buffer;
}

/** A local server standing in for Google: records each request and counts the connections it was sent on. */
async function serve(answer: (seen: Seen, res: ServerResponse) => void) {
  const seen: Seen[] = [];
  const state = { connections: 0 };
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const s = { method: req.method!, url: req.url!, headers: req.headers, body: Buffer.concat(chunks) };
      seen.push(s);
      answer(s, res);
    });
  });
  server.on('connection', () => state.connections++);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  servers.push(server);
  return { url, seen, state };
}

const servers: ReturnType<typeof createServer>[] = [];
afterEach(async () => {
  for (const server of servers.splice(0)) {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  }
});

const json = (res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) => {
  res.writeHead(status, { 'content-type': 'application/json; charset=UTF-8', ...headers });
  res.end(JSON.stringify(body));
};

const config = (base: string) => ({ tokenUrl: `${base}/token`, clientId: 'c', clientSecret: 's', userInfoUrl: `${base}/userinfo` }) as GoogleEndpoints;
const validTokens = { accessToken: 'token-1', refreshToken: 'refresh-1', expiresAt: Date.now() + 3_600_000 };
const post = (base: string, extra: Partial<GoogleRequest> = {}): GoogleRequest => ({
  method: 'POST',
  url: `${base}/v4/accounts/1/locations/2/localPosts`,
  body: { summary: 'Café ☕ open late' },
  subject: 'the post',
  operation: 'localPosts.create',
  idempotent: false,
  ...extra,
});

// Every behaviour holds for the default transport (undici's request) and for an injected fetch alike.
const transports: [string, Pick<GoogleHttpOptions, 'fetch'>][] = [
  ['the default transport', {}],
  ['an injected fetch', { fetch }],
];

describe.each(transports)('Google calls through %s', (_, transport) => {
  it('sends the JSON body, its content type and the bearer token, and returns the parsed answer', async () => {
    const google = await serve((_, res) => json(res, 200, { name: 'localPosts/1' }));
    const http = createGoogleHttp({ config: config(google.url), tokens: validTokens, ...transport });
    await expect(http.request(post(google.url))).resolves.toEqual({ name: 'localPosts/1' });
    const [seen] = google.seen;
    expect(seen).toMatchObject({ method: 'POST', url: '/v4/accounts/1/locations/2/localPosts' });
    expect(seen!.headers).toMatchObject({ authorization: 'Bearer token-1', accept: 'application/json', 'content-type': 'application/json; charset=utf-8' });
    expect(seen!.body.toString('utf8')).toBe('{"summary":"Café ☕ open late"}');
  });

  it('uploads bytes exactly as given, with their content type', async () => {
    const google = await serve((_, res) => json(res, 200, { googleUrl: 'https://lh3.example/1' }));
    const http = createGoogleHttp({ config: config(google.url), tokens: validTokens, ...transport });
    const data = new Uint8Array(70_000).map((_, i) => (i * 7919) % 256); // every byte value, not valid UTF-8
    await http.request(post(google.url, { method: 'PUT', body: undefined, bytes: { data, contentType: 'image/jpeg' }, idempotent: true }));
    const [seen] = google.seen;
    expect(seen!.headers['content-type']).toBe('image/jpeg');
    expect(seen!.headers['content-length']).toBe('70000');
    expect(Buffer.compare(seen!.body, Buffer.from(data))).toBe(0);
  });

  it('waits the Retry-After of a 429, then succeeds', async () => {
    let calls = 0;
    const google = await serve((_, res) =>
      ++calls === 1 ? json(res, 429, { error: { code: 429, status: 'RESOURCE_EXHAUSTED' } }, { 'Retry-After': '7' }) : json(res, 200, { name: 'localPosts/2' }),
    );
    const waits: number[] = [];
    const http = createGoogleHttp({ config: config(google.url), tokens: validTokens, sleep: async (ms) => void waits.push(ms), ...transport });
    await expect(http.request(post(google.url))).resolves.toEqual({ name: 'localPosts/2' });
    expect(waits).toEqual([7000]);
  });

  it('refreshes the access token once on a 401 and sends the call again with the new one', async () => {
    const google = await serve((seen, res) => {
      if (seen.url === '/token') return json(res, 200, { access_token: 'token-2', expires_in: 3600 });
      if (seen.headers.authorization === 'Bearer token-1') return json(res, 401, { error: { code: 401, status: 'UNAUTHENTICATED' } });
      json(res, 200, { name: 'localPosts/3' });
    });
    const refreshed: string[] = [];
    const http = createGoogleHttp({
      config: config(google.url),
      tokens: validTokens,
      onTokensRefreshed: (t) => void refreshed.push(t.accessToken),
      ...transport,
    });
    await expect(http.request(post(google.url))).resolves.toEqual({ name: 'localPosts/3' });
    expect(google.seen.map((s) => s.url)).toEqual(['/v4/accounts/1/locations/2/localPosts', '/token', '/v4/accounts/1/locations/2/localPosts']);
    expect(Object.fromEntries(new URLSearchParams(google.seen[1]!.body.toString()))).toMatchObject({ grant_type: 'refresh_token', refresh_token: 'refresh-1' });
    expect(refreshed).toEqual(['token-2']);
  });

  it('maps a refused connection to GOOGLE.NETWORK with the socket error, retried only when idempotent', async () => {
    const closed = await serve(() => undefined);
    servers.pop()!.close();
    const waits: number[] = [];
    const http = createGoogleHttp({
      config: config(closed.url),
      tokens: validTokens,
      sleep: async (ms) => void waits.push(ms),
      retry: { maxAttempts: 3 },
      ...transport,
    });
    const once = await http.request(post(closed.url)).catch((e: unknown) => e);
    expect(once).toBeInstanceOf(GoogleApiError);
    expect(once).toMatchObject({ code: 'GOOGLE.NETWORK', message: `Could not reach Google for the post (connect ECONNREFUSED ${closed.url.slice(7)}).` });
    expect(waits).toEqual([]);
    const thrice = await http.request(post(closed.url, { idempotent: true })).catch((e: unknown) => e);
    expect(thrice).toMatchObject({
      code: 'GOOGLE.NETWORK',
      message: `Could not reach Google for the post after 3 attempts (connect ECONNREFUSED ${closed.url.slice(7)}).`,
    });
    expect(waits).toHaveLength(2);
    const userInfo = await fetchGoogleUserInfo(config(closed.url), 'token-1', transport).catch((e: unknown) => e);
    expect(userInfo).toMatchObject({ code: 'GOOGLE.NETWORK', message: expect.stringContaining('ECONNREFUSED') });
  });

  it('maps an error answer as Google describes it', async () => {
    const google = await serve((_, res) =>
      json(res, 400, {
        error: {
          code: 400,
          status: 'INVALID_ARGUMENT',
          message: 'Request contains an invalid argument.',
          details: [{ '@type': 'type.googleapis.com/google.rpc.BadRequest', fieldViolations: [{ field: 'summary', description: 'too long' }] }],
        },
      }),
    );
    const http = createGoogleHttp({ config: config(google.url), tokens: validTokens, ...transport });
    await expect(http.request(post(google.url))).rejects.toMatchObject({
      code: 'GOOGLE.INVALID_ARGUMENT',
      info: { httpStatus: 400, googleStatus: 'INVALID_ARGUMENT', fieldViolations: [{ field: 'summary', description: 'too long' }] },
    });
  });

  it('follows a redirect, as fetch does', async () => {
    const google = await serve((seen, res) => {
      if (seen.url.startsWith('/old')) {
        res.writeHead(307, { location: '/v4/accounts/1/locations/2/localPosts' });
        return res.end();
      }
      json(res, 200, { name: 'localPosts/4', body: seen.body.toString() });
    });
    const http = createGoogleHttp({ config: config(google.url), tokens: validTokens, ...transport });
    await expect(http.request(post(google.url, { url: `${google.url}/old` }))).resolves.toEqual({
      name: 'localPosts/4',
      body: '{"summary":"Café ☕ open late"}',
    });
  });

  it("reads every answer to the end, so the calls keep to the pool's kept-alive connections", async () => {
    // Answers larger than the socket's buffers: one left unread would hold its connection, and the next call would open another.
    const padding = 'x'.repeat(300_000);
    let calls = 0;
    const google = await serve((seen, res) => {
      if (seen.url === '/revoke') return json(res, 200, { padding });
      if (seen.url === '/userinfo') return json(res, 200, { sub: '42', padding });
      return ++calls % 3 === 0 ? json(res, 400, { error: { code: 400, message: 'bad' }, padding }) : json(res, 200, { name: 'localPosts/5', padding });
    });
    const http = createGoogleHttp({ config: config(google.url), tokens: validTokens, ...transport });
    for (let i = 0; i < 30; i++) await http.request(post(google.url)).catch(() => undefined);
    for (let i = 0; i < 5; i++) await revokeGoogleToken(config(google.url), 'refresh-1', transport);
    for (let i = 0; i < 5; i++) await fetchGoogleUserInfo(config(google.url), 'token-1', transport);
    expect(google.seen).toHaveLength(40);
    // undici's pool alternates between two sockets when calls follow each other at once.
    expect(google.state.connections).toBeLessThanOrEqual(2);
  });
});
