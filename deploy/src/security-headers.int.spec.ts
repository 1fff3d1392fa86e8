import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { APP_CSP, createHttpApp } from '@locus/platform';
import { listen, memoryLogger } from '@locus/platform/http/testing';
import { mountDocs } from '@locus/query-api/docs/docs-routes';
import { routeTable } from '@locus/contracts';
import { serveWebApp } from './web-static';

/** The server's chain as `npm start` builds it: the kit's app, its routes, then the web app. */
describe('security headers on every page and answer', () => {
  const dist = mkdtempSync(path.join(os.tmpdir(), 'locus-dist-'));
  let running: Awaited<ReturnType<typeof listen>>;

  beforeAll(async () => {
    writeFileSync(path.join(dist, 'index.html'), '<!doctype html><div id="root"></div><script type="module" src="/assets/index-abc.js"></script>');
    const { app } = createHttpApp({
      logger: memoryLogger('fatal').logger,
      readiness: {},
      mount: (router) => {
        router.get('/api/ping', async (ctx) => {
          ctx.body = { Success: true };
        });
        router.get('/api/boom', async () => {
          throw new Error('boom');
        });
        mountDocs(router, routeTable);
      },
    });
    serveWebApp(app, dist);
    running = await listen(app);
  });
  afterAll(async () => {
    await running?.close();
    rmSync(dist, { recursive: true, force: true });
  });

  const expectHeaders = (res: Response, where: string) => {
    const csp = res.headers.get('content-security-policy') ?? '';
    expect(csp, where).toContain("script-src 'self'");
    expect(csp, where).not.toMatch(/script-src[^;]*'unsafe-inline'/);
    expect(csp, where).toContain("frame-ancestors 'none'");
    expect(res.headers.get('x-content-type-options'), where).toBe('nosniff');
    expect(res.headers.get('referrer-policy'), where).toBe('same-origin');
    expect(res.headers.get('x-frame-options'), where).toBe('DENY');
  };

  it.each(['/', '/approve-review', '/approve-review?token=abc', '/locations/x', '/api/ping', '/api/nope', '/api/boom', '/health', '/ready'])(
    'on %s',
    async (pathname) => {
      const res = await fetch(`${running.baseUrl}${pathname}`);
      await res.arrayBuffer();
      expectHeaders(res, pathname);
      expect(res.headers.get('strict-transport-security'), pathname).toBeNull();
    },
  );

  it('the pages get the app policy; the API reference keeps a policy of its own that lets the reference run', async () => {
    const page = await fetch(`${running.baseUrl}/approve-review`);
    expect(page.headers.get('content-security-policy')).toBe(APP_CSP);
    expect(await page.text()).toContain('<div id="root">');
    const docs = await fetch(`${running.baseUrl}/api/docs`);
    expect(docs.status).toBe(200);
    expectHeaders(docs, '/api/docs');
    expect(docs.headers.get('content-security-policy')).toContain("worker-src 'self' blob:");
    await docs.text();
  });

  it('adds HSTS when served over TLS behind a proxy (X-Forwarded-Proto: https), not over plain http', async () => {
    const tls = await fetch(`${running.baseUrl}/`, { headers: { 'X-Forwarded-Proto': 'https' } });
    expect(tls.headers.get('strict-transport-security')).toMatch(/^max-age=\d{7,}/);
    await tls.text();
    const api = await fetch(`${running.baseUrl}/api/ping`, { headers: { 'X-Forwarded-Proto': 'https, http' } });
    expect(api.headers.get('strict-transport-security')).toMatch(/^max-age=/);
    await api.text();
  });
});
