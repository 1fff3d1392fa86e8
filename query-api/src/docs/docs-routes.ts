import { buildOpenApiDocument, liveStreamRoute, type RouteDef } from '@locus/contracts';
import { createReadStream, existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import type { AnyRouter } from '@locus/platform';

export const SCALAR_BUNDLE = 'scalar.standalone.js';
export const DOCS_INIT = 'docs-init.js';

/** The OpenAPI document of `routes`, served from `publicUrl` (default: the server it is read from). */
export function openApiDocumentOf(routes: readonly RouteDef[], publicUrl?: string) {
  return buildOpenApiDocument(
    routes,
    {
      title: 'Locus API',
      version: '1.0.0',
      license: { name: 'Proprietary', identifier: 'LicenseRef-Proprietary' },
      description:
        'Commands answer with X-Position; send it back as X-Min-Position on a query to read your own write. ' +
        'Errors: { Success: false, ResponseMessage, ApiError: { ErrorCode, ErrorMessage, Fields } }. ' +
        'Also served: GET /health (liveness) and GET /ready (ports reachable).',
    },
    {
      eventStreamRoutes: [liveStreamRoute.name],
      servers: publicUrl ? [{ url: publicUrl, description: 'Locus' }] : [{ url: '/', description: 'This server' }],
    },
  );
}

/** Scalar's self-contained browser bundle: beside the compiled server, else from node_modules. */
export function scalarBundlePath(): string {
  const beside = fileURLToPath(new URL(`./${SCALAR_BUNDLE}`, import.meta.url));
  if (existsSync(beside)) return beside;
  return createRequire(import.meta.url).resolve('@scalar/api-reference/browser/standalone.js');
}

const DOCS_PAGE = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Locus API</title><style>body{margin:0}</style></head><body>
<noscript>The API reference needs JavaScript; the document itself is at <a href="/api/docs/openapi.json">/api/docs/openapi.json</a>.</noscript>
<div id="locus-api-reference"></div>
<script src="/api/docs/${SCALAR_BUNDLE}"></script>
<script src="/api/docs/${DOCS_INIT}"></script>
</body></html>`;

/**
 * Starts the reference. The web app keeps the signed-in user's token in localStorage under
 * `locus.token` (same origin), so the try-it console sends it as the bearer token. Nothing
 * leaves this server: no web fonts, no telemetry, no request proxy.
 */
const DOCS_INIT_SCRIPT = `(function () {
  var token = null;
  try { token = window.localStorage.getItem('locus.token'); } catch (e) { token = null; }
  window.Scalar.createApiReference('#locus-api-reference', {
    url: '/api/docs/openapi.json',
    withDefaultFonts: false,
    telemetry: false,
    hideClientButton: true,
    persistAuth: false,
    showDeveloperTools: 'never',
    authentication: {
      preferredSecurityScheme: 'bearerAuth',
      securitySchemes: { bearerAuth: { token: token || '' } }
    }
  });
})();
`;

// Scalar renders with inline styles and shows data: images; requests go to this origin only.
const DOCS_CSP =
  "default-src 'none'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data: blob:; font-src 'self' data:; connect-src 'self'; worker-src 'self' blob:; frame-ancestors 'none'";

/**
 * `GET /api/docs`: an interactive reference with a try-it console (Scalar, served from this
 * server: no CDN) over `GET /api/docs/openapi.json`.
 */
export function mountDocs(router: AnyRouter, routes: readonly RouteDef[], options: { publicUrl?: string } = {}): void {
  let document: ReturnType<typeof openApiDocumentOf> | undefined;
  router.get('/api/docs/openapi.json', async function openApiJson(ctx) {
    document ??= openApiDocumentOf(routes, options.publicUrl);
    ctx.body = document;
  });
  router.get(`/api/docs/${SCALAR_BUNDLE}`, async function scalarBundle(ctx) {
    ctx.type = 'application/javascript; charset=utf-8';
    ctx.set('Cache-Control', 'public, max-age=86400');
    ctx.body = createReadStream(scalarBundlePath());
  });
  router.get(`/api/docs/${DOCS_INIT}`, async function docsInit(ctx) {
    ctx.type = 'application/javascript; charset=utf-8';
    ctx.set('Cache-Control', 'no-cache');
    ctx.body = DOCS_INIT_SCRIPT;
  });
  router.get('/api/docs', async function apiDocsPage(ctx) {
    ctx.type = 'text/html; charset=utf-8';
    ctx.set('Content-Security-Policy', DOCS_CSP);
    ctx.body = DOCS_PAGE;
  });
}
