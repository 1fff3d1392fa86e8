import { buildOpenApiDocument, liveStreamRoute, type RouteDef } from '@locus/contracts';
import type { AnyRouter } from '@locus/platform';

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

export function openApiDocumentOf(routes: readonly RouteDef[]) {
  return buildOpenApiDocument(
    routes,
    {
      title: 'Locus API',
      version: '1.0.0',
      description:
        'Commands answer with X-Position; send it back as X-Min-Position on a query to read your own write. ' +
        'Errors: { Success: false, ResponseMessage, ApiError: { ErrorCode, ErrorMessage, Fields } }. ' +
        'Also served: GET /health (liveness) and GET /ready (ports reachable).',
    },
    { eventStreamRoutes: [liveStreamRoute.name] },
  );
}

function docsPage(routes: readonly RouteDef[]): string {
  const rows = [...routes]
    .sort((a, b) => a.path.localeCompare(b.path) || a.method.localeCompare(b.method))
    .map(
      (r) =>
        `<tr><td class="m ${r.method.toLowerCase()}">${r.method}</td><td><code>${escapeHtml(r.path)}</code></td>` +
        `<td>${escapeHtml(r.kind)}</td><td>${escapeHtml(r.roles.join(', '))}</td><td>${escapeHtml(r.summary ?? r.name)}</td></tr>`,
    )
    .join('\n');
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Locus API</title>
<style>
body{font:14px/1.45 system-ui,sans-serif;margin:2rem;color:#1c2127}
table{border-collapse:collapse;width:100%}td,th{border-bottom:1px solid #dce0e5;padding:.35rem .5rem;text-align:left;vertical-align:top}
th{background:#f6f7f9}code{font-size:13px}.m{font-weight:600}.get{color:#1c6e42}.post{color:#215db0}.put,.patch{color:#935610}.delete{color:#ac2f33}
</style></head><body>
<h1>Locus API</h1>
<p>${routes.length} routes. Machine-readable: <a href="/api/docs/openapi.json">OpenAPI 3.1 (JSON)</a>.
Authenticated routes take <code>Authorization: Bearer &lt;token&gt;</code>.</p>
<table><thead><tr><th>Method</th><th>Path</th><th>Kind</th><th>Roles</th><th>Summary</th></tr></thead>
<tbody>
${rows}
</tbody></table></body></html>`;
}

/** `GET /api/docs` (readable route list) and `GET /api/docs/openapi.json`; no external assets. */
export function mountDocs(router: AnyRouter, routes: readonly RouteDef[]): void {
  let document: ReturnType<typeof openApiDocumentOf> | undefined;
  let page: string | undefined;
  router.get('/api/docs/openapi.json', async function openApiJson(ctx) {
    document ??= openApiDocumentOf(routes);
    ctx.body = document;
  });
  router.get('/api/docs', async function apiDocsPage(ctx) {
    page ??= docsPage(routes);
    ctx.type = 'text/html; charset=utf-8';
    ctx.set('Content-Security-Policy', "default-src 'none'; style-src 'unsafe-inline'");
    ctx.body = page;
  });
}
