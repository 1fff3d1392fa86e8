import { gzipSync } from 'node:zlib';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { routeTable, type RouteDef } from '@locus/contracts';
import { projections } from '@locus/projectors/features';
import { startMatrixStack, type RunningMatrixStack } from '../role-matrix/stack';
import { identityFixtures } from '../role-matrix/fixtures/identity';
import type { MatrixIdentities } from '../role-matrix/types';

/**
 * Malformed requests over every route of the route table, as every kind of caller: broken
 * path params and queries, bodies of the wrong shape, broken JSON, bodies that lie about their
 * encoding or type. Whatever comes in, the answer is never a 5xx, and the server still answers
 * `/health` afterwards. The requests come from fast-check with a fixed seed, so a failure replays.
 */

const RUNS = 5_000;
const CONCURRENCY = 8;
/** Fixed, so a failure replays the same requests; change it to explore others. */
const SEED = 20_261_124;

/** Bodies over the server's limit, which it may refuse by closing the connection before reading them. */
const OVERSIZED = 1024 * 1024;
const REFUSED_UNREAD = 0;

interface FuzzRequest {
  route: RouteDef;
  method: string;
  path: string;
  query: [string, string][];
  token: string | undefined;
  headers: Record<string, string>;
  body: Uint8Array | string | undefined;
}

let stack: RunningMatrixStack;
let identities: MatrixIdentities;

beforeAll(async () => {
  stack = await startMatrixStack({ projections, sessionValidation: true });
  identities = await identityFixtures().seedIdentities!(stack);
  await stack.waitForProjections();
});
afterAll(() => stack?.close());

const schemaKeys = (schema: unknown): string[] => {
  const shape = (schema as { shape?: Record<string, unknown> } | undefined)?.shape;
  return shape ? Object.keys(shape) : [];
};

const text = fc.oneof(
  fc.string({ maxLength: 40 }),
  fc.string({ unit: 'grapheme', maxLength: 20 }),
  fc.constantFrom(
    '',
    ' ',
    '0',
    '-1',
    '1e309',
    'NaN',
    'null',
    'true',
    '[]',
    '{}',
    '__proto__',
    'constructor',
    '../../etc/passwd',
    '%00',
    '\u0000',
    '<script>',
    "' OR 1=1 --",
    '𝕏'.repeat(50),
  ),
  fc.constant('x'.repeat(5_000)),
  fc.uuid(),
);

function requests(): fc.Arbitrary<FuzzRequest> {
  const a = identities.companies.a;
  const b = identities.companies.b;
  const tokens = [undefined, 'not-a-token', identities.administrator.token, a.companyAdmin.token, a.companyUser.token, a.adminViewing.token];
  const knownIds = [a.companyId, b.companyId, a.companyUser.userId, b.companyAdmin.userId, identities.administrator.userId, randomUUID()];
  const param = fc.oneof(
    { weight: 3, arbitrary: text.map(encodeURIComponent) },
    { weight: 2, arbitrary: fc.constantFrom(...knownIds) },
    // Broken percent-encoding, sent as it is.
    { weight: 1, arbitrary: fc.constantFrom('%', '%E0%A4%A', '%ZZ', '%C0%AF', '..%2F..%2F') },
  );
  const jsonBody = (route: RouteDef) =>
    fc.oneof(
      fc.jsonValue({ maxDepth: 3 }).map((v) => JSON.stringify(v)),
      // The route's own fields, each with a value of any type.
      fc
        .tuple(...schemaKeys(route.request?.body).map((k) => fc.tuple(fc.constant(k), fc.jsonValue({ maxDepth: 2 }))))
        .map((entries) => JSON.stringify(Object.fromEntries(entries))),
      fc.string({ maxLength: 60 }),
      fc.constantFrom(
        '{',
        '{"a":',
        '[1,2',
        '{"__proto__":{"isAdmin":true}}',
        '{"constructor":{"prototype":{"x":1}}}',
        '['.repeat(5_000),
        '"' + 'x'.repeat(1_100_000) + '"',
      ),
    );
  const bodyOf = (route: RouteDef): fc.Arbitrary<Pick<FuzzRequest, 'headers' | 'body'>> =>
    fc.oneof(
      jsonBody(route).map((body) => ({ headers: { 'content-type': 'application/json' }, body })),
      jsonBody(route).map((body) => ({ headers: { 'content-type': 'application/json', 'content-encoding': 'gzip' }, body: new Uint8Array(gzipSync(body)) })),
      jsonBody(route).map((body) => ({ headers: { 'content-type': 'application/json', 'content-encoding': 'gzip' }, body })),
      fc
        .constantFrom('br', 'deflate', 'compress', 'zstd', 'gzip, br', 'x-unknown')
        .chain((encoding) => jsonBody(route).map((body) => ({ headers: { 'content-type': 'application/json', 'content-encoding': encoding }, body }))),
      fc
        .constantFrom(
          'text/plain',
          'application/x-www-form-urlencoded',
          'multipart/form-data',
          'multipart/form-data; boundary=zzz',
          'application/xml',
          'application/json; charset=latin1',
          '',
        )
        .chain((type) => jsonBody(route).map((body) => ({ headers: type ? { 'content-type': type } : ({} as Record<string, string>), body }))),
      fc.constant({
        headers: { 'content-type': 'multipart/form-data; boundary=b' },
        body: '--b\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\n\r\nnot an image\r\n--b',
      }),
      fc.constant({ headers: {}, body: undefined }),
    );

  return fc.constantFrom(...routeTable).chain((route) => {
    const names = [...route.path.matchAll(/:([A-Za-z0-9_]+)/g)].map((m) => m[1]!);
    return fc
      .record({
        route: fc.constant(route),
        method: fc.oneof(
          { weight: 9, arbitrary: fc.constant(route.method) },
          { weight: 1, arbitrary: fc.constantFrom('GET', 'POST', 'PUT', 'PATCH', 'DELETE') },
        ),
        path: fc.tuple(...names.map(() => param)).map((values) => {
          let i = 0;
          return route.path.replace(/:([A-Za-z0-9_]+)/g, () => values[i++]!);
        }),
        query: fc.array(fc.tuple(fc.oneof(fc.constantFrom(...schemaKeys(route.request?.query), 'x'), fc.string({ maxLength: 10 })), text), { maxLength: 4 }),
        token: fc.constantFrom(...tokens),
        body: bodyOf(route),
      })
      .map(({ body, ...rest }) => ({ ...rest, ...body }));
  });
}

/** Node refuses a request head over 16 KiB (431) and closes; a client still writing sees a reset. */
const MAX_HEAD_BYTES = 16 * 1024;
const headBytes = (r: FuzzRequest) =>
  Buffer.byteLength(`${r.path}?${new URLSearchParams(r.query).toString()}`) +
  Object.entries(r.headers).reduce((n, [k, v]) => n + k.length + Buffer.byteLength(v) + 4, 0) +
  (r.token?.length ?? 0);

async function send(request: FuzzRequest): Promise<number> {
  try {
    return await sendOnce(request);
  } catch {
    // Refused unread by closing the connection: an answer, not a crash.
    if ((request.body?.length ?? 0) > OVERSIZED || headBytes(request) > MAX_HEAD_BYTES) return REFUSED_UNREAD;
    // A kept-alive connection the server closed as the request left: ask once more on a new one.
    return sendOnce({ ...request, headers: { ...request.headers, connection: 'close' } });
  }
}

async function sendOnce(request: FuzzRequest): Promise<number> {
  const search = new URLSearchParams(request.query).toString();
  const headers: Record<string, string> = { ...request.headers };
  if (request.token) headers.authorization = `Bearer ${request.token}`;
  // A body over the limit may be refused unread by closing the connection: send it on its own.
  if ((request.body?.length ?? 0) > OVERSIZED) headers.connection = 'close';
  const withBody = request.method !== 'GET' && request.body !== undefined;
  const controller = new AbortController();
  const res = await fetch(`${stack.baseUrl}${request.path}${search ? `?${search}` : ''}`, {
    method: request.method,
    headers,
    ...(withBody ? { body: request.body as BodyInit } : {}),
    signal: controller.signal,
  });
  // The live stream stays open: its status is the answer.
  if ((res.headers.get('content-type') ?? '').startsWith('text/event-stream')) controller.abort();
  else await res.arrayBuffer();
  return res.status;
}

const describeRequest = (r: FuzzRequest) => {
  const body = typeof r.body === 'string' ? r.body.slice(0, 120) : r.body ? `<${r.body.length} bytes>` : '';
  return `${r.method} ${r.path} (${r.route.name}) query=${JSON.stringify(r.query).slice(0, 120)} headers=${JSON.stringify(r.headers)} body=${body}`;
};

describe(`fuzzing every route of the route table (${RUNS} malformed requests)`, () => {
  it('never answers 5xx, and /health still answers afterwards', async () => {
    const batch = fc.sample(requests(), { numRuns: RUNS, seed: SEED });
    // Sampling blocks the event loop for seconds on a busy machine: let the keep-alive timers that
    // expired meanwhile close the idle sockets from the seeding, or the first request is sent on
    // one the server is closing (ECONNRESET, whichever route it names).
    await new Promise((resolve) => setTimeout(resolve, 100));
    const statuses = new Map<number, number>();
    const failures: string[] = [];
    let next = 0;
    const worker = async () => {
      while (next < batch.length) {
        const request = batch[next++]!;
        try {
          const status = await send(request);
          statuses.set(status, (statuses.get(status) ?? 0) + 1);
          if (status >= 500) failures.push(`${status} ← ${describeRequest(request)}`);
        } catch (err) {
          failures.push(`${String((err as Error).cause ?? err)} ← ${describeRequest(request)}`);
        }
      }
    };
    await Promise.all(Array.from({ length: CONCURRENCY }, worker));

    expect(failures.slice(0, 20)).toEqual([]);
    const sent = [...statuses.values()].reduce((n, c) => n + c, 0);
    expect(sent).toBe(RUNS);
    // Most requests must get past the router, or the fuzz tests nothing but 404s.
    expect(statuses.get(404) ?? 0).toBeLessThan(sent / 2);
    const health = await fetch(`${stack.baseUrl}/health`);
    expect(health.status).toBe(200);
  }, 120_000);
});
