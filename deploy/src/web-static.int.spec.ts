import { readFileSync } from 'node:fs';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import Koa from 'koa';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { webDistDir } from './stack';
import { IMMUTABLE_CACHE, REVALIDATE_CACHE, serveWebApp } from './web-static';

/** The built web app (web/dist, built by the global setup) over HTTP. */
describe('static web app', () => {
  let server: Server;
  let base: string;
  let entryScript: string;

  beforeAll(async () => {
    const app = new Koa();
    serveWebApp(app, webDistDir);
    server = app.listen(0, '127.0.0.1');
    await new Promise((resolve) => server.once('listening', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    entryScript = /<script[^>]+src="([^"]+)"/.exec(readFileSync(path.join(webDistDir, 'index.html'), 'utf8'))![1]!;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  const get = (pathname: string, encoding: string) => fetch(`${base}${pathname}`, { headers: { 'Accept-Encoding': encoding } });
  const rawBody = async (res: Response) => Buffer.from(await res.arrayBuffer());
  const original = () => readFileSync(path.join(webDistDir, entryScript));

  it('serves a hashed asset brotli-compressed to a browser that accepts br, cached a year as immutable', async () => {
    const res = await get(entryScript, 'br, gzip');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-encoding')).toBe('br');
    expect(res.headers.get('cache-control')).toBe(IMMUTABLE_CACHE);
    expect(res.headers.get('vary')).toContain('Accept-Encoding');
    expect(res.headers.get('content-type')).toContain('javascript');
    expect(Number(res.headers.get('content-length'))).toBeLessThan(original().length / 2);
    await res.arrayBuffer();
  });

  it('serves the gzip copy to a client without brotli and the plain file to one without either', async () => {
    const gz = await get(entryScript, 'gzip');
    expect(gz.headers.get('content-encoding')).toBe('gzip');
    expect(gz.headers.get('cache-control')).toBe(IMMUTABLE_CACHE);
    await gz.arrayBuffer();
    const plain = await get(entryScript, 'identity');
    expect(plain.headers.get('content-encoding')).toBeNull();
    expect((await rawBody(plain)).equals(original())).toBe(true);
  });

  it('revalidates index.html on every visit, at / and at a client-side route', async () => {
    for (const pathname of ['/', '/index.html', '/locations/some-id']) {
      const res = await get(pathname, 'identity');
      expect(res.status, pathname).toBe(200);
      expect(res.headers.get('cache-control'), pathname).toBe(REVALIDATE_CACHE);
      expect(await res.text(), pathname).toContain(entryScript);
    }
  });

  it('leaves unknown /api paths to the API (404, not index.html)', async () => {
    const res = await get('/api/nothing-here', 'identity');
    expect(res.status).toBe(404);
    await res.arrayBuffer();
  });

  it('the compressed copies decode to the built file', async () => {
    const br = brotliDecompressSync(readFileSync(path.join(webDistDir, `${entryScript}.br`)));
    const gz = gunzipSync(readFileSync(path.join(webDistDir, `${entryScript}.gz`)));
    expect(br.equals(original())).toBe(true);
    expect(gz.equals(original())).toBe(true);
  });
});
