import { IncomingMessage, ServerResponse } from 'node:http';
import { Socket } from 'node:net';
import { describe, expect, it } from 'vitest';
import Koa, { type Middleware } from 'koa';
import Router from '@koa/router';
import { routeTable } from '@locus/contracts';
import { routesByPrefix } from './prefix-routes';

/** The router of the apps: the whole route table, the kit's own routes and a few odd layers. */
function tableRouter(): Router {
  const router = new Router();
  const answer =
    (name: string): Middleware =>
    (ctx) => {
      ctx.body = { name, params: { ...ctx.params } };
    };
  router.get('/health', answer('health'));
  router.get('/api/docs/openapi.json', answer('docs'));
  for (const route of routeTable) router.register(route.path, [route.method], [answer(route.name)], { name: route.name });
  // Layers whose paths have no literal prefix are tried everywhere.
  router.get('/:anything/deep/:rest', answer('param-first'));
  router.register(/^\/regexp\/\d+$/, ['GET'], [answer('regexp')], { pathAsRegExp: true });
  router.use('/api/users', async (ctx, next) => {
    ctx.set('X-Users-Middleware', 'yes');
    await next();
  });
  router.post('/api/users/after-use/:id', answer('after-use'));
  return router;
}

const app = new Koa();

async function answerOf(routes: Middleware, allowed: Middleware, method: string, url: string) {
  const req = new IncomingMessage(new Socket());
  req.method = method;
  req.url = url;
  const res = new ServerResponse(req);
  res.statusCode = 404; // as Koa starts every response
  const ctx = app.createContext(req, res);
  await routes(ctx, () => allowed(ctx, async () => undefined));
  return { status: ctx.status, body: ctx.body, allow: ctx.response.get('Allow'), users: ctx.response.get('X-Users-Middleware') };
}

const filled = (path: string) => path.replace(/:(\w+)/g, (_, name: string) => `${name}-1`);

describe('routesByPrefix', () => {
  const plain = tableRouter();
  const prefixed = tableRouter();
  const byPrefix = routesByPrefix(prefixed);
  const paths = [
    ...routeTable.flatMap((r) => [filled(r.path), `${filled(r.path)}/`, filled(r.path).toUpperCase(), `${filled(r.path)}/extra`]),
    '/',
    '',
    '/health',
    '/HEALTH/',
    '/nowhere',
    '/api',
    '/api/',
    '//api/staff',
    '/api//staff',
    '/api/docs/openapi.json',
    '/x/deep/y',
    '/api/deep/y',
    '/regexp/42',
    '/api/users/after-use/7',
    '/api/users/%61',
    '/api/st%61ff',
  ];
  const methods = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS', 'PROPFIND'];

  it('answers every method and path as the router it is built from does (route, params, 404, 405/501 with Allow)', async () => {
    expect(paths.length).toBeGreaterThan(400);
    const statuses = new Set<number>();
    for (const path of paths) {
      for (const method of methods) {
        const expected = await answerOf(plain.routes() as Middleware, plain.allowedMethods() as Middleware, method, path);
        const actual = await answerOf(byPrefix, prefixed.allowedMethods() as Middleware, method, path);
        expect({ method, path, ...actual }).toEqual({ method, path, ...expected });
        statuses.add(expected.status);
      }
    }
    // The comparison covered answers of each kind.
    expect([...statuses].sort()).toEqual([200, 404, 405, 501]);
  });

  it('picks up routes added after it was made', async () => {
    const router = new Router();
    const routes = routesByPrefix(router);
    expect((await answerOf(routes, router.allowedMethods() as Middleware, 'GET', '/late/1')).status).toBe(404);
    router.get('/late/:id', (ctx) => {
      ctx.body = { late: ctx.params.id };
    });
    expect(await answerOf(routes, router.allowedMethods() as Middleware, 'GET', '/late/1')).toMatchObject({ status: 200, body: { late: '1' } });
    expect(await answerOf(routes, router.allowedMethods() as Middleware, 'DELETE', '/late/1')).toMatchObject({ status: 405, allow: 'HEAD, GET' });
  });
});
