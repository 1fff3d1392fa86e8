import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nodeTransport } from './node-transport';

let server: http.Server;
let base: string;

beforeAll(async () => {
  server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      if (req.url === '/cut') {
        // headers and half an answer, then the connection drops
        res.writeHead(200, { 'content-type': 'application/json', 'content-length': '100' });
        res.write('{"half":');
        setTimeout(() => req.socket.destroy(), 20);
        return;
      }
      const body = Buffer.concat(chunks);
      res.writeHead(req.url === '/busy' ? 429 : 200, { 'content-type': 'application/json', 'retry-after': '7', 'x-twice': ['a', 'b'] });
      res.end(
        JSON.stringify({ method: req.method, type: req.headers['content-type'], length: req.headers['content-length'] ?? null, body: body.toString('utf8') }),
      );
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((r) => server.close(() => r())));

describe('the Google client over Node HTTP', () => {
  it('sends the method, headers and body (text or bytes) and reads status, headers and the whole answer', async () => {
    const res = await nodeTransport(`${base}/posts?x=1`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"summary":"Café ☕"}' });
    expect([res.status, res.ok, res.headers.get('Retry-After'), res.headers.get('x-twice'), res.headers.get('missing')]).toEqual([
      200,
      true,
      '7',
      'a, b',
      null,
    ]);
    expect(JSON.parse(await res.text())).toEqual({
      method: 'POST',
      type: 'application/json',
      length: String(Buffer.byteLength('{"summary":"Café ☕"}')),
      body: '{"summary":"Café ☕"}',
    });

    const bytes = await nodeTransport(`${base}/upload`, { method: 'PUT', headers: { 'content-type': 'image/png' }, body: new Uint8Array([104, 105]) });
    expect(JSON.parse(await bytes.text())).toMatchObject({ method: 'PUT', type: 'image/png', length: '2', body: 'hi' });

    const busy = await nodeTransport(`${base}/busy`, { method: 'GET', headers: {} });
    expect([busy.status, busy.ok]).toEqual([429, false]);
  });

  it('fails when the connection closes before the answer is complete, and when nothing listens', async () => {
    await expect(nodeTransport(`${base}/cut`, { method: 'GET', headers: {} })).rejects.toThrow();
    await expect(nodeTransport('http://127.0.0.1:1/none', { method: 'GET', headers: {} })).rejects.toThrow();
  });
});
