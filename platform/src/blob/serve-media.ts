import type { BlobStore } from './file-blob-store';

interface MinimalContext {
  method: string;
  path: string;
  status: number;
  body: unknown;
  set(name: string, value: string): void;
}

/**
 * Koa middleware serving `GET|HEAD /media/<key>` from a blob store (public, immutable keys:
 * uploads get fresh random names, so they may be cached for long).
 */
export function serveMedia(store: BlobStore, prefix = '/media/') {
  return async function serveMediaMiddleware(ctx: MinimalContext, next: () => Promise<unknown>) {
    if ((ctx.method !== 'GET' && ctx.method !== 'HEAD') || !ctx.path.startsWith(prefix)) return next();
    const blob = await store.get(decodeURIComponent(ctx.path.slice(prefix.length)));
    if (!blob) return next();
    ctx.set('Content-Type', blob.contentType);
    ctx.set('Content-Length', String(blob.size));
    ctx.set('Cache-Control', 'public, max-age=31536000, immutable');
    ctx.set('X-Content-Type-Options', 'nosniff');
    ctx.status = 200;
    ctx.body = blob.stream;
  };
}
