import Router from '@koa/router';
import { describe, expect, it } from 'vitest';
import { createHttpApp } from './http-app';
import { createLogger } from './logging';

describe('router matching', () => {
  it('matches exactly as the router itself does, for every kind of route and path', () => {
    const { router } = createHttpApp({
      logger: createLogger({ level: 'silent' }),
      readiness: {},
      mount: (r) => {
        const ok = async () => undefined;
        r.get('/api/staff/:companyId', ok);
        r.post('/api/staff/:companyId/create', ok);
        r.put('/api/staff/:companyId/:staffId', ok);
        r.get('/api/companies', ok);
        r.delete('/api/companies/:id', ok);
        r.get('/api/files/{*rest}', ok);
        r.get('/api/optional{/:page}', ok);
        r.get('/API/Mixed/Case', ok);
        r.get(/^\/regex\/(\d+)$/, ok);
        r.use('/api/staff', ok);
        r.get('/api/staffing', ok);
      },
    });
    const paths = [
      '/api/staff/c1',
      '/api/staff/c1/',
      '/api/staff/c1/create',
      '/API/STAFF/c1/create',
      '/api/staff/c1/s2',
      '/api/staff',
      '/api/staffing',
      '/api/companies',
      '/api/companies/',
      '/api/companies/x',
      '/api/files/a/b/c.png',
      '/api/optional',
      '/api/optional/2',
      '/api/mixed/case',
      '/regex/42',
      '/regex/x',
      '/health',
      '/ready',
      '/',
      '',
      '/api/İstanbul',
      '/nothing/here',
    ];
    const reference = Router.prototype.match;
    for (const path of paths) {
      for (const method of ['GET', 'POST', 'PUT', 'DELETE', 'HEAD', 'patch']) {
        const fast = router.match(path, method);
        const slow = reference.call(router, path, method);
        expect({ path, method, result: summary(fast) }).toEqual({ path, method, result: summary(slow) });
      }
    }
  });
});

function summary(result: ReturnType<Router['match']>) {
  return {
    route: result.route,
    path: result.path.map((l) => String(l.path)),
    pathAndMethod: result.pathAndMethod.map((l) => `${l.methods.join(',')} ${String(l.path)}`),
  };
}
