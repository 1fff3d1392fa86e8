import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { existsSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { z } from 'zod';
import { defineRoute, successEnvelope, type RouteDef } from '@locus/contracts';
import { invalid, rawRequest, routeClient } from '@locus/tests/stack/route-client';
import { createHttpApp } from './http-app';
import { mountRoutes } from './mount-routes';
import { implement, type AuthContext, type RouteImplementation } from './route-handler';
import { AppError, statusOfKind, type ErrorKind } from './errors';
import { createTokenService } from './token-service';
import { listen, manualClock, memoryLogger } from './testing';
import { ok } from './response';
import type { TokenClaims } from '../runtime/deps';

const clock = manualClock();
const tokens = createTokenService({ secret: 'a-test-secret-that-is-long-enough-000', ttlSeconds: 3600, clock });
const revoked = new Set<string>();
const sessionValidator = async (auth: AuthContext) => !revoked.has(auth.tokenId);
const log = memoryLogger();

const def = <const Q extends NonNullable<RouteDef['request']> = object, const S extends z.ZodType = z.ZodUnknown>(
  name: string,
  method: RouteDef['method'],
  path: string,
  roles: RouteDef['roles'],
  request?: Q,
  response?: S,
) => defineRoute({ name, method, path, kind: method === 'GET' ? 'query' : 'command', roles, request, response });

const ContactSchema = z.object({ Email: z.email(), Phone: z.string().min(3) });
const CreateSchema = z.object({
  CompanyName: z.string().min(1),
  PrimaryContact: ContactSchema,
  Locations: z.array(z.object({ Title: z.string().min(1) })).max(5),
});

const kindRoute = def('test.kind', 'GET', '/api/test/kind/:kind', ['Anonymous'], { params: z.object({ kind: z.string() }) });
const boomRoute = def('test.boom', 'GET', '/api/test/boom', ['Anonymous']);
const createRoute = def(
  'test.create',
  'POST',
  '/api/test/companies/:companyId',
  ['CompanyAdmin', 'Administrator'],
  { params: z.object({ companyId: z.uuid() }), query: z.object({ dryRun: z.enum(['true', 'false']).optional() }), body: CreateSchema },
  successEnvelope(z.object({ name: z.string(), by: z.string().optional(), company: z.string().nullable().optional() })),
);
const whoamiRoute = def(
  'test.whoami',
  'GET',
  '/api/test/whoami',
  ['Authenticated'],
  {},
  successEnvelope(
    z
      .object({
        userId: z.string(),
        role: z.string(),
        companyId: z.string().nullable(),
        companyName: z.string().nullable(),
        viewingAsAdmin: z.boolean(),
        adminUserId: z.string().optional(),
        tokenId: z.string(),
        issuedAt: z.number().optional(),
      })
      .nullable(),
  ),
);
const publicRoute = def('test.public', 'GET', '/api/test/public', ['Anonymous'], {}, successEnvelope(z.object({ signedIn: z.boolean() })));
const loginRoute = def('test.login', 'POST', '/api/test/login', ['Anonymous'], { body: z.object({ UserName: z.string(), Password: z.string().min(100) }) });
const uploadRoute = defineRoute({
  name: 'test.upload',
  method: 'POST',
  path: '/api/test/upload',
  kind: 'command',
  roles: ['CompanyUser'],
  request: { multipart: true, body: z.object({ note: z.string() }) },
  response: successEnvelope(z.object({ files: z.array(z.object({ field: z.string(), name: z.string(), size: z.number() })) })),
});

const seenFiles: { path: string; size: number; field: string; text: string; body: unknown }[] = [];

const routes: RouteImplementation[] = [
  implement(kindRoute, async (req) => {
    const kind = req.params.kind as ErrorKind;
    throw new AppError(
      kind,
      `TEST.${kind.toUpperCase()}`,
      `failed with ${kind}`,
      kind === 'rule' ? [{ field: 'Title', message: 'Too long' }] : [],
      kind === 'rate_limited' ? 30 : undefined,
    );
  }),
  implement(boomRoute, async () => {
    throw new Error('database password=hunter2 at 10.0.0.5');
  }),
  implement(createRoute, async (req) => ({
    status: 201,
    body: { Success: true, Data: { name: req.body.CompanyName, by: req.auth?.userId, company: req.auth?.companyId } },
    position: 42,
  })),
  implement(whoamiRoute, async (req) => ok(req.auth)),
  implement(publicRoute, async (req) => ok({ signedIn: req.auth !== null })),
  implement(loginRoute, async () => ok()),
  implement(uploadRoute, async (req) => {
    const { readFile } = await import('node:fs/promises');
    for (const f of req.files) seenFiles.push({ path: f.path, size: f.size, field: f.field, text: await readFile(f.path, 'utf8'), body: req.body });
    return ok({ files: req.files.map((f) => ({ field: f.field, name: f.originalName, size: f.size })) });
  }),
];

const claims = (over: Partial<TokenClaims> = {}): TokenClaims => ({
  userId: 'u-1',
  role: 'CompanyAdmin',
  companyId: 'c-1',
  companyName: 'Acme',
  fullName: 'Ada Admin',
  email: 'ada@example.com',
  viewingAsAdmin: false,
  ...over,
});
const tokenOf = async (over: Partial<TokenClaims> = {}) => (await tokens.issue(claims(over))).token;

let baseUrl = '';
let close: () => Promise<void>;
let failingReady = false;

beforeAll(async () => {
  const { app } = createHttpApp({
    logger: log.logger,
    readiness: {
      eventStore: { headPosition: async () => (failingReady ? Promise.reject(new Error('connection refused')) : 7) },
      readStore: { listCollections: async () => [], stats: () => ({ cachedDocuments: 3, cacheCapacity: 10 }) },
      bus: { flush: async () => undefined },
    },
    mount: (router) => mountRoutes(router, routes, { tokens, sessionValidator, limits: { json: 2048, fileBytes: 1024 } }),
  });
  ({ baseUrl, close } = await listen(app));
});
afterAll(() => close());

/** The kit's routes as a client sends them; bodies a client would never send go raw. */
const api = routeClient(() => baseUrl);
const raw = (path: string, init: Parameters<typeof rawRequest>[1] = {}) => rawRequest(`${baseUrl}${path}`, init);
/** A body sent as is (a string or bytes), with a JSON content type unless `headers` say otherwise. */
const rawJson = (body: BodyInit, token?: string, headers: Record<string, string> = {}) =>
  raw(companyPath, { method: 'POST', headers: { 'Content-Type': 'application/json', ...headers }, body, token });
const validBody = { CompanyName: 'Acme', PrimaryContact: { Email: 'a@b.co', Phone: '555-1234' }, Locations: [{ Title: 'HQ' }] };
const companyId = '3b241101-e2bb-4255-8caf-4136c566a962';
const companyPath = `/api/test/companies/${companyId}`;
const fieldsOf = (answer: { error: { ApiError: { Fields: { Field: string }[] } } | null }) => answer.error?.ApiError.Fields.map((f) => f.Field);

describe('error envelope', () => {
  it.each(Object.entries(statusOfKind))('maps an AppError of kind %s to status %i with the envelope', async (kind, status) => {
    const res = await api.send(kindRoute, { params: { kind } });
    expect(res.status).toBe(status);
    expect(res.error).toEqual({
      Success: false,
      ResponseMessage: `failed with ${kind}`,
      ApiError: {
        ErrorCode: `TEST.${kind.toUpperCase()}`,
        ErrorMessage: `failed with ${kind}`,
        Fields: kind === 'rule' ? [{ Field: 'Title', Message: 'Too long' }] : [],
      },
    });
    if (kind === 'rate_limited') expect(res.headers.get('retry-after')).toBe('30');
    if (kind === 'unauthenticated') expect(res.headers.get('www-authenticate')).toBe('Bearer');
  });

  it('answers 500 without leaking the cause, and logs it with the request id', async () => {
    const res = await api.send(boomRoute, { headers: { 'X-Request-Id': 'req-boom-1' } });
    expect(res.status).toBe(500);
    expect(res.text).not.toMatch(/hunter2|10\.0\.0\.5|password|stack|Error:/);
    expect(res.error).toEqual({
      Success: false,
      ResponseMessage: 'An unexpected error occurred',
      ApiError: { ErrorCode: 'INTERNAL.UNEXPECTED', ErrorMessage: 'An unexpected error occurred', Fields: [] },
    });
    expect(res.headers.get('x-request-id')).toBe('req-boom-1');
    const logged = log.lines().find((l) => l.msg === 'unexpected error' && l.requestId === 'req-boom-1');
    expect(logged).toBeDefined();
    expect(JSON.stringify(logged)).toContain('hunter2');
  });

  it('answers an unknown route with a 404 envelope', async () => {
    const res = await raw('/api/nothing/here');
    expect(res.status).toBe(404);
    expect((await res.json()).ApiError.ErrorCode).toBe('ROUTE.NOT_FOUND');
  });

  it('answers a known path with the wrong method with 405', async () => {
    const res = await raw(whoamiRoute.path, { method: 'DELETE' });
    expect(res.status).toBe(405);
    expect((await res.json()).ApiError.ErrorCode).toBe('HTTP.METHOD_NOT_ALLOWED');
    expect(res.headers.get('allow')).toBe('HEAD, GET');
  });

  it('answers malformed JSON with 400', async () => {
    const res = await rawJson('{"CompanyName": "Acme",', await tokenOf());
    expect(res.status).toBe(400);
    const body = await res.json();
    expect(body.ApiError.ErrorCode).toBe('REQUEST.MALFORMED_JSON');
    expect(body.ApiError.Fields).toEqual([{ Field: 'body', Message: 'Malformed JSON' }]);
  });

  it('parses JSON bodies the same way whatever path they take (plain, with charset, chunked, other JSON type)', async () => {
    const token = await tokenOf();
    const text = JSON.stringify(validBody);
    const expected = { Success: true, Data: { name: 'Acme', by: 'u-1', company: 'c-1' } };
    const variants: RequestInit[] = [
      { headers: { 'Content-Type': 'application/json' }, body: text },
      { headers: { 'Content-Type': 'application/json; charset=utf-8' }, body: text },
      { headers: { 'Content-Type': 'application/vnd.api+json' }, body: text },
      // No Content-Length: the body arrives chunked.
      { headers: { 'Content-Type': 'application/json' }, body: new Blob([text]).stream(), duplex: 'half' } as RequestInit,
    ];
    for (const init of variants) {
      const res = await raw(companyPath, { ...init, method: 'POST', token });
      expect(res.status).toBe(201);
      expect(await res.json()).toEqual(expected);
    }
  });

  it('refuses a JSON body that is not an object or array, or that carries a __proto__ key, with 400', async () => {
    const token = await tokenOf();
    for (const body of ['42', '"text"', '{"CompanyName":"Acme","__proto__":{"admin":true}}', '{"a":{"\\u005f_proto__":{"x":1}}}']) {
      const res = await rawJson(body, token);
      expect(res.status).toBe(400);
      expect((await res.json()).ApiError.ErrorCode).toBe('REQUEST.MALFORMED_JSON');
    }
    // The key's name alone inside a string value is fine.
    const res = await api.send(createRoute, { params: { companyId }, body: { ...validBody, CompanyName: '"__proto__": x' }, token });
    expect(res.status).toBe(201);
  });

  it('reads a gzip body, and answers 400 when the body is not gzip and 415 for an unknown encoding', async () => {
    const token = await tokenOf();
    const gzipped = gzipSync(JSON.stringify(validBody));
    const sent = await rawJson(gzipped, token, { 'Content-Encoding': 'gzip' });
    expect(sent.status).toBe(201);

    const notGzip = await rawJson(JSON.stringify(validBody), token, { 'Content-Encoding': 'gzip' });
    expect(notGzip.status).toBe(400);
    expect((await notGzip.json()).ApiError.ErrorCode).toBe('REQUEST.MALFORMED_BODY');

    const cutOff = await rawJson(gzipped.subarray(0, 12), token, { 'Content-Encoding': 'gzip' });
    expect(cutOff.status).toBe(400);

    const unknown = await rawJson(JSON.stringify(validBody), token, { 'Content-Encoding': 'zstd-ish' });
    expect(unknown.status).toBe(415);
    expect((await unknown.json()).ApiError.ErrorCode).toBe('REQUEST.UNSUPPORTED_MEDIA_TYPE');
  });

  it('answers a body over the limit with 413', async () => {
    const res = await api.send(createRoute, { params: { companyId }, body: { ...validBody, CompanyName: 'x'.repeat(5000) }, token: await tokenOf() });
    expect(res.status).toBe(413);
    expect(res.error?.ApiError.ErrorCode).toBe('REQUEST.TOO_LARGE');
  });
});

describe('validation', () => {
  it('names every failing body field by its path', async () => {
    const res = await api.send(createRoute, {
      params: { companyId },
      body: { CompanyName: '', PrimaryContact: { Email: 'nope', Phone: '5' }, Locations: [{ Title: 'ok' }, { Title: '' }] },
      token: await tokenOf(),
    });
    expect(res.status).toBe(400);
    expect(res.error?.ApiError.ErrorCode).toBe('VALIDATION.FAILED');
    expect(fieldsOf(res)?.sort()).toEqual(['CompanyName', 'Locations[1].Title', 'PrimaryContact.Email', 'PrimaryContact.Phone'].sort());
    for (const f of res.error!.ApiError.Fields) expect(f.Message).toEqual(expect.any(String));
  });

  it('names a missing body as "body" and bad params and query by name', async () => {
    const token = await tokenOf();
    const noBody = await api.send(createRoute, { params: { companyId }, body: invalid(undefined), token });
    expect(noBody.status).toBe(400);
    expect(fieldsOf(noBody)?.[0]).toBe('body');

    const badParam = await api.send(createRoute, { params: { companyId: 'not-a-uuid' }, body: validBody, token });
    expect(badParam.status).toBe(400);
    expect(fieldsOf(badParam)).toEqual(['companyId']);

    const badQuery = await api.send(createRoute, { params: { companyId }, query: { dryRun: invalid('maybe') }, body: validBody, token });
    expect(badQuery.status).toBe(400);
    expect(fieldsOf(badQuery)).toEqual(['dryRun']);
  });

  it('passes parsed input, the caller and X-Position on success', async () => {
    const res = await api.send(createRoute, { params: { companyId }, query: { dryRun: 'true' }, body: validBody, token: await tokenOf() });
    expect(res.status).toBe(201);
    expect(res.headers.get('x-position')).toBe('42');
    expect(res.body).toEqual({ Success: true, Data: { name: 'Acme', by: 'u-1', company: 'c-1' } });
  });
});

describe('auth', () => {
  it('answers 401 without a token and with a malformed or forged one', async () => {
    const none = await api.send(whoamiRoute);
    expect(none.status).toBe(401);
    expect(none.error?.ApiError.ErrorCode).toBe('AUTH.UNAUTHENTICATED');

    const malformed = await api.send(whoamiRoute, { headers: { Authorization: 'Basic abc' } });
    expect(malformed.status).toBe(401);

    const other = createTokenService({ secret: 'another-secret-that-is-long-enough-0000', ttlSeconds: 3600, clock });
    const forged = await api.send(whoamiRoute, { token: (await other.issue(claims({ role: 'Administrator', companyId: null }))).token });
    expect(forged.status).toBe(401);
    expect(forged.error?.ApiError.ErrorCode).toBe('AUTH.INVALID_TOKEN');
  });

  it('answers 401 AUTH.TOKEN_EXPIRED once the token has expired', async () => {
    const { token } = await tokens.issue(claims(), 60);
    expect((await api.send(whoamiRoute, { token })).status).toBe(200);
    clock.advance(61_000);
    const res = await api.send(whoamiRoute, { token });
    expect(res.status).toBe(401);
    expect(res.error?.ApiError.ErrorCode).toBe('AUTH.TOKEN_EXPIRED');
  });

  it('answers 401 AUTH.SESSION_REVOKED when the session validator refuses', async () => {
    const { token, tokenId } = await tokens.issue(claims());
    expect((await api.send(whoamiRoute, { token })).status).toBe(200);
    revoked.add(tokenId);
    const res = await api.send(whoamiRoute, { token });
    expect(res.status).toBe(401);
    expect(res.error?.ApiError.ErrorCode).toBe('AUTH.SESSION_REVOKED');
  });

  it('answers 403 for a role the route does not allow', async () => {
    const res = await api.send(createRoute, { params: { companyId }, body: validBody, token: await tokenOf({ role: 'CompanyUser' }) });
    expect(res.status).toBe(403);
    expect(res.error?.ApiError.ErrorCode).toBe('AUTH.FORBIDDEN');
  });

  it('checks the role before reading the body', async () => {
    const res = await rawJson('{ not json');
    expect(res.status).toBe(401);
  });

  it('takes the company from the token only', async () => {
    const res = await api.send(createRoute, {
      params: { companyId },
      body: invalid({ ...validBody, CompanyId: 'c-from-body' }),
      token: await tokenOf({ companyId: 'c-from-token' }),
      headers: { 'X-Company-Id': 'c-from-header' },
    });
    expect(res.body.Data.company).toBe('c-from-token');
  });

  it('ignores a bad token on an anonymous route', async () => {
    const res = await api.send(publicRoute, { token: 'garbage.token.value' });
    expect(res.status).toBe(200);
    expect(res.body.Data).toEqual({ signedIn: false });
    expect((await api.send(publicRoute, { token: await tokenOf() })).body.Data).toEqual({ signedIn: true });
  });

  it('exposes the verified caller with viewing-as-admin details', async () => {
    const { token, tokenId } = await tokens.issue(claims({ userId: 'admin-1', viewingAsAdmin: true, adminUserId: 'admin-1', role: 'CompanyAdmin' }));
    const res = await api.send(whoamiRoute, { token });
    expect(res.body.Data).toEqual({
      userId: 'admin-1',
      role: 'CompanyAdmin',
      companyId: 'c-1',
      companyName: 'Acme',
      viewingAsAdmin: true,
      adminUserId: 'admin-1',
      tokenId,
      issuedAt: expect.any(Number),
    });
  });
});

describe('request id and logging', () => {
  it('echoes a well-formed X-Request-Id and replaces a malformed one', async () => {
    const kept = await api.send(publicRoute, { headers: { 'X-Request-Id': 'abc-123' } });
    expect(kept.headers.get('x-request-id')).toBe('abc-123');
    const replaced = await api.send(publicRoute, { headers: { 'X-Request-Id': 'bad id with spaces' } });
    expect(replaced.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
    const fresh = await api.send(publicRoute);
    expect(fresh.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('never logs the authorization header or secret body fields', async () => {
    const token = await tokenOf();
    const res = await api.send(loginRoute, { body: { UserName: 'ada', Password: 'S3cret-Pa55' }, token, headers: { 'X-Request-Id': 'req-login-1' } });
    expect(res.status).toBe(400);
    const text = log.text();
    expect(text).toContain('req-login-1');
    expect(text).not.toContain('S3cret-Pa55');
    expect(text).not.toContain(token);
    const bodyLine = log.lines().find((l) => l.requestId === 'req-login-1' && l.msg === 'rejected request body');
    expect(bodyLine?.body).toEqual({ UserName: 'ada', Password: '[REDACTED]' });
  });
});

describe('multipart', () => {
  it('hands uploaded files and fields to the handler and deletes the temp files afterwards', async () => {
    const form = new FormData();
    form.set('note', 'hello');
    form.set('csvFile', new Blob(['Store,Email\nA1,a@b.co\n'], { type: 'text/csv' }), 'emails.csv');
    const res = await api.send(uploadRoute, { body: form, token: await tokenOf({ role: 'CompanyUser' }) });
    expect(res.status).toBe(200);
    expect(res.body.Data.files).toEqual([{ field: 'csvFile', name: 'emails.csv', size: 22 }]);
    const seen = seenFiles.at(-1)!;
    expect(seen.text).toBe('Store,Email\nA1,a@b.co\n');
    expect(seen.body).toEqual({ note: 'hello' });
    expect(existsSync(seen.path)).toBe(false);
  });

  it('answers a file over the size limit with 413', async () => {
    const form = new FormData();
    form.set('note', 'big');
    form.set('file', new Blob(['x'.repeat(5000)]), 'big.bin');
    const res = await api.send(uploadRoute, { body: form, token: await tokenOf({ role: 'CompanyUser' }) });
    expect(res.status).toBe(413);
  });

  it('validates multipart fields like a body', async () => {
    const form = new FormData();
    form.set('file', new Blob(['abc']), 'a.txt');
    const res = await api.send(uploadRoute, { body: form, token: await tokenOf({ role: 'CompanyUser' }) });
    expect(res.status).toBe(400);
    expect(fieldsOf(res)).toEqual(['note']);
  });
});

describe('health', () => {
  it('answers /health and /ready, and 503 when a port is unreachable', async () => {
    expect((await raw('/health')).status).toBe(200);
    const ready = await raw('/ready');
    expect(ready.status).toBe(200);
    const body = await ready.json();
    expect(body.checks).toMatchObject({ eventStore: { ok: true }, readStore: { ok: true }, bus: { ok: true } });
    // Memory against its limit, and the read store's cache use.
    expect(body.memory).toMatchObject({ readStoreCache: { cachedDocuments: 3, cacheCapacity: 10 } });
    expect(body.memory.heapUsedMb).toBeGreaterThan(0);
    expect(body.memory.heapLimitMb).toBeGreaterThanOrEqual(body.memory.heapUsedMb);
    expect(body.memory.rssMb).toBeGreaterThan(0);
    failingReady = true;
    const notReady = await raw('/ready');
    failingReady = false;
    expect(notReady.status).toBe(503);
    expect((await notReady.json()).checks.eventStore).toEqual({ ok: false, error: 'connection refused' });
  });
});

describe('client address', () => {
  const ipRoute = def('test.ip', 'GET', '/api/test/ip', ['Anonymous'], {}, successEnvelope(z.object({ ip: z.string() })));
  const addressRoute = implement(ipRoute, async (req) => ok({ ip: req.ip }));
  const ipSeenBy = async (proxy: boolean) => {
    const { app } = createHttpApp({ logger: log.logger, readiness: {}, proxy, mount: (router) => mountRoutes(router, [addressRoute], { tokens }) });
    const server = await listen(app);
    try {
      const res = await routeClient(() => server.baseUrl).send(ipRoute, { headers: { 'X-Forwarded-For': '6.6.6.6, 203.0.113.7' } });
      return res.body.Data.ip;
    } finally {
      await server.close();
    }
  };

  it('is the socket address unless behind a proxy, and then only the proxy’s own X-Forwarded-For entry', async () => {
    expect(await ipSeenBy(false)).toMatch(/127\.0\.0\.1|::1/);
    expect(await ipSeenBy(true)).toBe('203.0.113.7');
  });
});
