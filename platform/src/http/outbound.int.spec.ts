import { createServer, type IncomingHttpHeaders, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import dns from 'node:dns';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { outboundFetch, OutboundUrlError } from './outbound';

const refusal = (p: Promise<unknown>) =>
  p.then(
    () => 'sent',
    (err: unknown) => (err instanceof OutboundUrlError ? err.reason : `other: ${String(err)}`),
  );

describe('outboundFetch', () => {
  const seen: { server: string; url: string; headers: IncomingHttpHeaders }[] = [];
  let a: Server;
  let b: Server;
  let aUrl: string;
  let bUrl: string;
  const serve = (name: string, handler: (url: string, res: ServerResponse) => void) =>
    createServer((req, res) => {
      seen.push({ server: name, url: req.url ?? '', headers: req.headers });
      req.resume();
      handler(req.url ?? '', res);
    });

  beforeAll(async () => {
    b = serve('b', (_url, res) => res.writeHead(200, { 'Content-Type': 'text/plain' }).end('from b'));
    await new Promise<void>((resolve) => b.listen(0, '127.0.0.1', resolve));
    bUrl = `http://127.0.0.1:${(b.address() as AddressInfo).port}`;
    a = serve('a', (url, res) => {
      if (url === '/to-b') return res.writeHead(307, { Location: `${bUrl}/landed` }).end();
      if (url === '/to-file') return res.writeHead(302, { Location: 'file:///etc/passwd' }).end();
      if (url === '/loop') return res.writeHead(302, { Location: '/loop' }).end();
      res.writeHead(200).end('from a');
    });
    await new Promise<void>((resolve) => a.listen(0, '127.0.0.1', resolve));
    aUrl = `http://127.0.0.1:${(a.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await new Promise((resolve) => a.close(resolve));
    await new Promise((resolve) => b.close(resolve));
  });

  it('never connects to a loopback listener when private addresses are refused, by address or by a name that resolves there', async () => {
    const strict = outboundFetch({ allowPrivate: false });
    const before = seen.length;
    expect(await refusal(strict(`${aUrl}/`))).toBe('address');
    const host = os.hostname();
    const resolved = await dns.promises.lookup(host).catch(() => null);
    if (resolved && resolved.address.startsWith('127.')) {
      expect(await refusal(strict(`http://${host}:${new URL(aUrl).port}/`))).toBe('address');
    }
    expect(seen.length).toBe(before);
  });

  it('checks every redirect again and drops the Authorization header for another origin', async () => {
    const allowed = outboundFetch({ allowPrivate: true });
    const res = await allowed(`${aUrl}/to-b`, { method: 'POST', headers: { Authorization: 'Bearer company-key' }, body: '{}' });
    expect(res.status).toBe(200);
    expect(await res.text()).toBe('from b');
    const landed = seen.find((s) => s.server === 'b' && s.url === '/landed')!;
    expect(landed.headers.authorization).toBeUndefined();
    expect(await refusal(allowed(`${aUrl}/to-file`))).toBe('scheme');
    expect(await refusal(allowed(`${aUrl}/loop`))).toBe('redirects');
  });
});
