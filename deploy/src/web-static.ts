import { createReadStream, existsSync } from 'node:fs';
import path from 'node:path';
import type Koa from 'koa';
import serveStatic from 'koa-static';

/** Vite's content-hashed output: a new build gives a new name, so a cached copy never goes stale. */
const HASHED_ASSETS_DIR = `${path.sep}assets${path.sep}`;
export const IMMUTABLE_CACHE = 'public, max-age=31536000, immutable';
/** index.html names the hashed files of the current build, so the browser revalidates it each time. */
export const REVALIDATE_CACHE = 'no-cache';

/**
 * The built web app: files from `distDir` (the build writes brotli and gzip siblings of each
 * text asset, which koa-send picks by Accept-Encoding), hashed assets cached for a year as
 * immutable, everything else (index.html) revalidated; index.html also answers every other GET
 * outside /api, /media, /health and /ready (client-side routes).
 */
export function serveWebApp(app: Koa, distDir: string): void {
  const indexFile = path.join(distDir, 'index.html');
  app.use(
    serveStatic(distDir, {
      index: 'index.html',
      brotli: true,
      gzip: true,
      setHeaders(res, file) {
        res.setHeader('Vary', 'Accept-Encoding');
        res.setHeader('Cache-Control', file.startsWith(path.join(distDir, HASHED_ASSETS_DIR)) ? IMMUTABLE_CACHE : REVALIDATE_CACHE);
      },
    }),
  );
  app.use(async function spaFallback(ctx, next) {
    await next();
    const spaPath = ctx.method === 'GET' && !/^\/(api|media|health|ready)(\/|$)/.test(ctx.path);
    if (ctx.status === 404 && ctx.body == null && spaPath && existsSync(indexFile)) {
      ctx.type = 'html';
      ctx.status = 200;
      ctx.set('Cache-Control', REVALIDATE_CACHE);
      ctx.body = createReadStream(indexFile);
    }
  });
}
