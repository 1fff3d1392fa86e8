import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nodeFetch } from './node-fetch';

let server: http.Server;
let base = '';

beforeAll(async () => {
  server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      if (req.url === '/empty') {
        res.writeHead(204).end();
        return;
      }
      res.setHeader('set-cookie', ['a=1', 'b=2']);
      res.writeHead(req.url === '/missing' ? 404 : 200, { 'content-type': 'application/json', 'retry-after': '7' });
      res.end(
        JSON.stringify({
          method: req.method,
          type: req.headers['content-type'] ?? null,
          auth: req.headers.authorization ?? null,
          body: Buffer.concat(chunks).toString('utf8'),
        }),
      );
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((r) => server.close(() => r())));

describe('nodeFetch', () => {
  it('sends the method, headers and a string, byte or form body, and answers status, headers and text', async () => {
    const json = await nodeFetch(`${base}/x`, { method: 'PATCH', headers: { authorization: 'Bearer t', 'content-type': 'application/json' }, body: '{"a":1}' });
    expect(json.status).toBe(200);
    expect(json.ok).toBe(true);
    expect(json.headers.get('retry-after')).toBe('7');
    expect(await json.json()).toEqual({ method: 'PATCH', type: 'application/json', auth: 'Bearer t', body: '{"a":1}' });

    const bytes = await nodeFetch(`${base}/x`, { method: 'POST', headers: { 'content-type': 'image/png' }, body: new Uint8Array([104, 105]) });
    expect(((await bytes.json()) as { body: string }).body).toBe('hi');

    const form = await nodeFetch(`${base}/x`, { method: 'POST', body: new URLSearchParams({ grant_type: 'refresh_token', refresh_token: 'r t' }) });
    expect(await form.json()).toMatchObject({ type: 'application/x-www-form-urlencoded;charset=UTF-8', body: 'grant_type=refresh_token&refresh_token=r+t' });

    const missing = await nodeFetch(`${base}/missing`);
    expect(missing.status).toBe(404);
    expect(missing.ok).toBe(false);
    expect(((await missing.json()) as { method: string }).method).toBe('GET');
  });

  it('answers a 204 with no body', async () => {
    const res = await nodeFetch(`${base}/empty`, { method: 'DELETE' });
    expect(res.status).toBe(204);
    expect(await res.text()).toBe('');
  });

  it('fails as fetch does when nothing listens: a TypeError with the cause', async () => {
    const closed = http.createServer();
    await new Promise<void>((r) => closed.listen(0, '127.0.0.1', r));
    const port = (closed.address() as AddressInfo).port;
    await new Promise<void>((r) => closed.close(() => r()));
    const err = await nodeFetch(`http://127.0.0.1:${port}/`).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(TypeError);
    expect(((err as TypeError).cause as NodeJS.ErrnoException).code).toBe('ECONNREFUSED');
  });
});
