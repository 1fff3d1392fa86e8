import http from 'node:http';
import path from 'node:path';
import Koa from 'koa';
import serveStatic from 'koa-static';
import { createReadStream, existsSync } from 'node:fs';
import { routeTable } from '@locus/contracts';
import { createLogger } from '@locus/platform';
import { webDistDir } from './stack';

// Distributed mode's front door: the built web app, and /api calls forwarded to command-api
// or query-api by the route table's kind (queries, /api/live and /api/docs go to query-api).
const logger = createLogger({ name: 'web' });
const port = Number(process.env.PORT ?? 8080);
const commandApi = new URL(process.env.COMMAND_API_URL ?? 'http://127.0.0.1:8081');
const queryApi = new URL(process.env.QUERY_API_URL ?? 'http://127.0.0.1:8082');

const commandRoutes = routeTable
  .filter((r) => r.kind === 'command')
  .map((r) => ({ method: r.method, pattern: new RegExp(`^${r.path.replace(/:[A-Za-z]+/g, '[^/]+')}$`) }));
const isCommand = (method: string, pathname: string) => commandRoutes.some((r) => r.method === method && r.pattern.test(pathname));

function forward(req: http.IncomingMessage, res: http.ServerResponse, target: URL) {
  const upstream = http.request(
    { host: target.hostname, port: target.port, method: req.method, path: req.url, headers: req.headers },
    (answer) => {
      res.writeHead(answer.statusCode ?? 502, answer.headers);
      answer.pipe(res);
    },
  );
  upstream.on('error', (err) => {
    logger.error({ err, target: target.href }, 'upstream unavailable');
    if (!res.headersSent) res.writeHead(502, { 'content-type': 'application/json' });
    res.end(JSON.stringify({ Success: false, ResponseMessage: 'Service unavailable', ApiError: { ErrorCode: 'GATEWAY.UPSTREAM', ErrorMessage: 'Service unavailable', Fields: [] } }));
  });
  req.pipe(upstream);
}

const app = new Koa();
app.use(serveStatic(webDistDir, { index: 'index.html' }));
app.use(async (ctx) => {
  if (ctx.method === 'GET' && existsSync(path.join(webDistDir, 'index.html'))) {
    ctx.type = 'html';
    ctx.body = createReadStream(path.join(webDistDir, 'index.html'));
  } else ctx.status = 404;
});
const web = app.callback();

http
  .createServer((req, res) => {
    const pathname = new URL(req.url ?? '/', 'http://x').pathname;
    if (pathname.startsWith('/api/') || pathname.startsWith('/media/')) {
      forward(req, res, pathname.startsWith('/api/') && isCommand(req.method ?? 'GET', pathname) ? commandApi : queryApi);
    } else void web(req, res);
  })
  .listen(port, () => logger.info({ port, commandApi: commandApi.href, queryApi: queryApi.href }, 'web gateway listening'));
