import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import { Worker, type WorkerOptions } from 'node:worker_threads';

/** tsx's ESM loader API: the `import` target of its `tsx/esm/api` export (require resolves the .cjs twin). */
const tsxEsmApi = () =>
  pathToFileURL(
    createRequire(import.meta.url)
      .resolve('tsx/esm/api')
      .replace(/\.cjs$/, '.mjs'),
  ).href;

/**
 * A worker thread of the server. Under tsx (tests, the bench, `npm run dev`) it runs the
 * TypeScript `source`, registering tsx's loader itself before loading it (vitest's workers and
 * the bench run TypeScript without a loader flag a thread could inherit); the compiled server
 * runs `compiled`, an entry of its own beside its chunks (deploy/src/build-server.ts).
 */
export function startThread(entry: { source: URL; compiled: URL; fromSource: boolean }, options: WorkerOptions): Worker {
  if (!entry.fromSource) return new Worker(entry.compiled, options);
  const load = `import(${JSON.stringify(tsxEsmApi())}).then((tsx) => { tsx.register(); return import(${JSON.stringify(entry.source.href)}); })`;
  return new Worker(load, { ...options, eval: true });
}
