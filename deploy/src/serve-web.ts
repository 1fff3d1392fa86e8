import http from 'node:http';
import Koa from 'koa';
import { routeTable } from '@locus/contracts';
import { createLogger } from '@locus/platform';
import { exitOnConfigError, gatewayUpstreams, loadProcessConfig } from '@locus/platform/config/config';
import { onStopSignal, shutdownTimeoutMs } from '@locus/platform/config/serve';
import { webDistDir } from './stack';
import { securityHeaders } from '@locus/platform/http/security-headers';
import { serveWebApp } from './web-static';

// Distributed mode's front door: the built web app, and /api calls forwarded to command-api
// or query-api by the route table's kind (queries, /api/live and /api/docs go to query-api).
const { port, host, commandApi, queryApi, trustProxy } = (() => {
  try {
    return { ...loadProcessConfig(process.env), ...gatewayUpstreams(process.env) };
  } catch (err) {
    return exitOnConfigError(err);
  }
})();
const logger = createLogger({ name: 'web' });
const stopTimeoutMs = shutdownTimeoutMs();

const commandRoutes = routeTable
  .filter((r) => r.kind === 'command')
  .map((r) => ({ method: r.method, pattern: new RegExp(`^${r.path.replace(/:[A-Za-z]+/g, '[^/]+')}$`) }));
const isCommand = (method: string, pathname: string) => commandRoutes.some((r) => r.method === method && r.pattern.test(pathname));

/** The client: the proxy's last X-Forwarded-For entry behind Caddy (LOCUS_TRUST_PROXY), else the peer. */
function clientAddress(req: http.IncomingMessage): string {
  const forwarded = trustProxy
    ? String(req.headers['x-forwarded-for'] ?? '')
        .split(',')
        .at(-1)
        ?.trim()
    : undefined;
  return forwarded || (req.socket.remoteAddress ?? '');
}

function forward(req: http.IncomingMessage, res: http.ServerResponse, target: URL) {
  const upstream = http.request(
    // The APIs throttle sign-in by client address: tell them who the client is (what a client wrote
    // in X-Forwarded-For is replaced, not trusted).
    {
      host: target.hostname,
      port: target.port,
      method: req.method,
      path: req.url,
      headers: { ...req.headers, 'x-forwarded-for': clientAddress(req) },
    },
    (answer) => {
      res.writeHead(answer.statusCode ?? 502, answer.headers);
      answer.pipe(res);
    },
  );
  upstream.on('error', (err) => {
    logger.error({ err, target: target.href }, 'upstream unavailable');
    if (!res.headersSent) res.writeHead(502, { 'content-type': 'application/json' });
    res.end(
      JSON.stringify({
        Success: false,
        ResponseMessage: 'Service unavailable',
        ApiError: { ErrorCode: 'GATEWAY.UPSTREAM', ErrorMessage: 'Service unavailable', Fields: [] },
      }),
    );
  });
  req.pipe(upstream);
}

const app = new Koa();
app.use(securityHeaders());
serveWebApp(app, webDistDir);
const web = app.callback();

let stopping = false;
/** The gateway's own probes: alive, and ready until a stop signal. */
function probe(res: http.ServerResponse, pathname: string) {
  const ok = !stopping;
  res.writeHead(ok ? 200 : 503, { 'content-type': 'application/json; charset=utf-8', ...(ok ? {} : { connection: 'close' }) });
  res.end(JSON.stringify({ Success: ok, status: ok ? (pathname === '/health' ? 'ok' : 'ready') : 'stopping' }));
}

const server = http.createServer((req, res) => {
  const pathname = new URL(req.url ?? '/', 'http://x').pathname;
  if (stopping) res.setHeader('connection', 'close');
  if (pathname === '/health' || pathname === '/ready') probe(res, pathname);
  else if (pathname.startsWith('/api/') || pathname.startsWith('/media/')) {
    forward(req, res, pathname.startsWith('/api/') && isCommand(req.method ?? 'GET', pathname) ? commandApi : queryApi);
  } else void web(req, res);
});
server.listen(port, host, () => logger.info({ port, host, commandApi: commandApi.href, queryApi: queryApi.href }, 'web gateway listening'));

// On a signal: not ready, stop accepting, let forwarded requests finish (bounded), exit 0.
onStopSignal(logger, 'web gateway', async () => {
  stopping = true;
  const closed = new Promise<void>((resolve) => server.close(() => resolve()));
  server.closeIdleConnections();
  const cut = setTimeout(() => server.closeAllConnections(), stopTimeoutMs);
  await closed;
  clearTimeout(cut);
});
