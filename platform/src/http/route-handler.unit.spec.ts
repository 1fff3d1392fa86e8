import { describe, expect, expectTypeOf, it } from 'vitest';
import { z } from 'zod';
import { defineRoute } from '@locus/contracts';
import { callerCompanyId, implement, type AuthContext, type RouteRequest } from './route-handler';
import { notFound } from './errors';
import { ok } from './response';

// The `@ts-expect-error` lines below are the specification: `npm run lint` (tsc) fails when
// one of them stops being an error, i.e. when a handler could drift from its route's schemas.

const renameRoute = defineRoute({
  name: 'test.rename',
  method: 'POST',
  path: '/api/test/things/:thingId/rename',
  kind: 'command',
  roles: ['CompanyAdmin'],
  request: {
    params: z.object({ thingId: z.string() }),
    query: z.object({ dryRun: z.enum(['true', 'false']).default('false') }),
    body: z.object({ Name: z.string().trim(), Tags: z.array(z.string()).default([]) }),
  },
  response: z.object({ Success: z.literal(true), ResponseMessage: z.string(), Data: z.object({ Id: z.string() }) }),
});

const statusRoute = defineRoute({ name: 'test.status', method: 'GET', path: '/api/test/status', kind: 'query', roles: ['Anonymous'] });

describe('implement(route, handler)', () => {
  it('hands the handler params, query and body as the route schemas parse them', () => {
    expectTypeOf<RouteRequest<typeof renameRoute>['params']>().toEqualTypeOf<{ thingId: string }>();
    // Defaults are filled by the server's parse: the handler sees them as present.
    expectTypeOf<RouteRequest<typeof renameRoute>['query']>().toEqualTypeOf<{ dryRun: 'true' | 'false' }>();
    expectTypeOf<RouteRequest<typeof renameRoute>['body']>().toEqualTypeOf<{ Name: string; Tags: string[] }>();
  });

  it('reads undeclared parts as Koa hands them over', () => {
    expectTypeOf<RouteRequest<typeof statusRoute>['params']>().toEqualTypeOf<Record<string, string>>();
    expectTypeOf<RouteRequest<typeof statusRoute>['body']>().toBeUnknown();
  });

  it('accepts an answer that matches the response schema on every return path', () => {
    const impl = implement(renameRoute, async (req) => {
      if (req.query.dryRun === 'true') return { status: 202, body: { Success: true, ResponseMessage: 'not yet', Data: { Id: req.params.thingId } } };
      return ok({ Id: req.params.thingId }, { message: `renamed to ${req.body.Name}`, position: 3 });
    });
    expect(impl.def).toBe(renameRoute);
  });

  it('refuses answers that drift from the response schema', () => {
    // @ts-expect-error Success must be the literal true
    implement(renameRoute, async () => ({ body: { Success: false, ResponseMessage: 'x', Data: { Id: '1' } } }));
    // @ts-expect-error Data.Id is a string
    implement(renameRoute, async () => ({ body: { Success: true, ResponseMessage: 'x', Data: { Id: 1 } } }));
    // @ts-expect-error ResponseMessage is required
    implement(renameRoute, async () => ok({ Id: '1' }));
    implement(renameRoute, async (req) => {
      // @ts-expect-error the route declares no param `id`
      void req.params.id;
      return ok({ Id: '1' }, { message: 'ok' });
    });
  });

  it('hands the route to the kit unchanged with the handler behind it', async () => {
    const impl = implement(statusRoute, async () => ok({ up: true }));
    const answer = await impl.handle({
      auth: null,
      params: {},
      query: {},
      body: undefined,
      files: [],
      requestId: 'r',
      correlationId: 'c',
      ip: '::1',
      headers: {},
    });
    expect(answer).toEqual({ status: 200, body: { Success: true, Data: { up: true } } });
  });
});

describe('callerCompanyId(req, whenNone)', () => {
  const auth = (companyId: string | null): AuthContext => ({
    userId: 'u-1',
    role: 'CompanyAdmin',
    companyId,
    companyName: null,
    viewingAsAdmin: false,
    tokenId: 't-1',
  });

  it("is the company in the caller's token", () => {
    expect(callerCompanyId({ auth: auth('c-1') }, () => notFound('THING.NOT_FOUND', 'gone'))).toBe('c-1');
  });

  it("answers with the route's own error for a caller without a company or without a session", () => {
    const whenNone = () => notFound('THING.NOT_FOUND', 'Thing not found');
    expect(() => callerCompanyId({ auth: auth(null) }, whenNone)).toThrow(expect.objectContaining({ code: 'THING.NOT_FOUND', message: 'Thing not found' }));
    expect(() => callerCompanyId({ auth: null }, whenNone)).toThrow(expect.objectContaining({ code: 'THING.NOT_FOUND' }));
  });
});
