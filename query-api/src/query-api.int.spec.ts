import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import {
  defineRoute,
  LOCATION_GROUP_ACCESS_COLLECTION,
  LOCATION_USERS_COLLECTION,
  subjects,
  type ChangedMessage,
  type OpsStatusReportDto,
} from '@locus/contracts';
import {
  createTokenService,
  implement,
  ok,
  type AuthContext,
  type Bus,
  type Collection,
  type Doc,
  type QueryDeps,
  type ReadModels,
  type TokenClaims,
} from '@locus/platform';
import { createInProcessBus } from '@locus/platform/bus/in-process-bus';
import { createNatsBus } from '@locus/platform/bus/nats-bus';
import { listen, manualClock, memoryLogger, sseReader } from '@locus/platform/http/testing';
import { createQueryApi } from './app';
import type { OpsStatusSource } from './ops/ops-route';
import type { LocusConfig } from '@locus/platform';

const clock = manualClock();
const tokens = createTokenService({ secret: 'query-api-test-secret-long-enough-0000', ttlSeconds: 3600, clock });
const { logger } = memoryLogger('warn');

/** Read models whose projections reach a position when the test says so. */
function steppedReadModels() {
  let position = 0;
  let waiters: { target: number; resolve: (reached: boolean) => void }[] = [];
  const timeouts: number[] = [];
  const docs: Record<string, { _id: string; companyId: string; position: number }> = {};
  const readModels: ReadModels = {
    collection: <T extends Doc>(name: string) => {
      // A company user's live stream reads its assignments, direct and through groups (none here).
      if (name === LOCATION_USERS_COLLECTION || name === LOCATION_GROUP_ACCESS_COLLECTION) return { find: async () => [] } as unknown as Collection<T>;
      throw new Error('not used');
    },
    waitForPosition(target, timeoutMs) {
      timeouts.push(timeoutMs);
      if (position >= target) return Promise.resolve(true);
      return new Promise<boolean>((resolve) => {
        const waiter = { target, resolve };
        waiters.push(waiter);
        setTimeout(() => {
          waiters = waiters.filter((w) => w !== waiter);
          resolve(false);
        }, timeoutMs);
      });
    },
    // The routes here read one collection, the stepped one: they wait for it before reading.
    async readingAfter(target, timeoutMs, read) {
      const reached = await readModels.waitForPosition(target, timeoutMs);
      return { value: await read(), reached };
    },
  };
  return {
    readModels,
    timeouts,
    docs,
    project(to: number, doc: { _id: string; companyId: string }) {
      position = to;
      docs[doc._id] = { ...doc, position: to };
      for (const w of waiters.filter((w) => w.target <= to)) w.resolve(true);
      waiters = waiters.filter((w) => w.target > to);
    },
  };
}

const claims = (over: Partial<TokenClaims>): TokenClaims => ({
  userId: randomUUID(),
  role: 'CompanyUser',
  companyId: null,
  companyName: null,
  fullName: 'Test User',
  email: 'user@example.com',
  viewingAsAdmin: false,
  ...over,
});

const noteRoute = defineRoute({
  name: 'test.note',
  method: 'GET',
  path: '/api/test/notes/:id',
  kind: 'query',
  roles: ['Authenticated'],
  request: { params: z.object({ id: z.string() }) },
});

async function startQueryApi(
  bus: Bus,
  extra: { sessionValidator?: (a: AuthContext) => Promise<boolean>; minPositionWaitMs?: number; opsStatus?: OpsStatusSource } = {},
) {
  const stepped = steppedReadModels();
  const deps: QueryDeps = { readModels: stepped.readModels, bus, clock, tokens, logger, config: {} as LocusConfig };
  const app = createQueryApi({
    ...deps,
    ...extra,
    live: { keepAliveMs: 40, retryMs: 1500 },
    features: [
      () => [
        implement(noteRoute, async (req) => {
          const doc = stepped.docs[req.params.id];
          return ok(doc && doc.companyId === req.auth?.companyId ? doc : null);
        }),
      ],
    ],
  });
  const server = await listen(app);
  return { ...server, stepped };
}

/** Counts live subscriptions so the test can see them released. */
function countingBus(inner: Bus) {
  let active = 0;
  const bus: Bus = {
    publish: (s, d) => inner.publish(s, d),
    subscribe(pattern, handler) {
      active++;
      const sub = inner.subscribe(pattern, handler);
      let done = false;
      return {
        unsubscribe() {
          if (!done) {
            done = true;
            active--;
          }
          sub.unsubscribe();
        },
      };
    },
    flush: () => inner.flush(),
    close: () => inner.close(),
  };
  return { bus, active: () => active };
}

describe('X-Min-Position', () => {
  let api: Awaited<ReturnType<typeof startQueryApi>>;
  beforeAll(async () => {
    api = await startQueryApi(createInProcessBus());
  });
  afterAll(() => api.close());

  it('holds a query until the projections reach the position, then answers with the new document', async () => {
    const companyId = randomUUID();
    const { token } = await tokens.issue(claims({ role: 'CompanyAdmin', companyId }));
    const pending = fetch(`${api.baseUrl}/api/test/notes/n1`, { headers: { Authorization: `Bearer ${token}`, 'X-Min-Position': '5' } });
    let settled = false;
    void pending.then(() => (settled = true));
    await vi.waitFor(() => expect(api.stepped.timeouts.length).toBe(1));
    expect(settled).toBe(false);
    api.stepped.project(5, { _id: 'n1', companyId });
    const res = await pending;
    expect(res.status).toBe(200);
    expect(res.headers.get('x-position-reached')).toBe('true');
    expect((await res.json()).Data).toEqual({ _id: 'n1', companyId, position: 5 });
    expect(api.stepped.timeouts[0]).toBe(2000);
  });

  it('answers without waiting when no position is given, and 400 for a malformed one', async () => {
    const { token } = await tokens.issue(claims({ role: 'CompanyAdmin', companyId: randomUUID() }));
    const before = api.stepped.timeouts.length;
    const plain = await fetch(`${api.baseUrl}/api/test/notes/zz`, { headers: { Authorization: `Bearer ${token}` } });
    expect(plain.status).toBe(200);
    expect(plain.headers.get('x-position-reached')).toBeNull();
    expect(api.stepped.timeouts.length).toBe(before);
    const bad = await fetch(`${api.baseUrl}/api/test/notes/zz`, { headers: { Authorization: `Bearer ${token}`, 'X-Min-Position': 'soon' } });
    expect(bad.status).toBe(400);
    expect((await bad.json()).ApiError.Fields).toEqual([{ Field: 'X-Min-Position', Message: 'Must be a non-negative integer' }]);
  });

  it('runs the query anyway once the wait times out, flagging the answer as possibly stale', async () => {
    const short = await startQueryApi(createInProcessBus(), { minPositionWaitMs: 30 });
    try {
      const { token } = await tokens.issue(claims({ role: 'CompanyAdmin', companyId: randomUUID() }));
      const res = await fetch(`${short.baseUrl}/api/test/notes/none`, { headers: { Authorization: `Bearer ${token}`, 'X-Min-Position': '999' } });
      expect(res.status).toBe(200);
      expect(res.headers.get('x-position-reached')).toBe('false');
      expect(short.stepped.timeouts).toEqual([30]);
    } finally {
      await short.close();
    }
  });
});

describe('ops status', () => {
  it('serves the injected status to an Administrator only', async () => {
    const report: OpsStatusReportDto = {
      head: 12,
      at: '2026-01-01T00:00:00.000Z',
      projections: [
        {
          kind: 'projection',
          name: 'companies',
          position: 12,
          head: 12,
          lag: 0,
          rate: null,
          version: 1,
          activeVersion: 1,
          generation: 1,
          state: 'live',
          building: null,
          rebuild: null,
          parked: 0,
        },
      ],
      reactors: [],
    };
    const api = await startQueryApi(createInProcessBus(), { opsStatus: { status: async () => report } });
    try {
      const admin = (await tokens.issue(claims({ role: 'Administrator' }))).token;
      const companyAdmin = (await tokens.issue(claims({ role: 'CompanyAdmin', companyId: randomUUID() }))).token;
      const res = await fetch(`${api.baseUrl}/api/ops/projections`, { headers: { Authorization: `Bearer ${admin}` } });
      expect(res.status).toBe(200);
      expect(await res.json()).toEqual({ Success: true, Data: report });
      expect((await fetch(`${api.baseUrl}/api/ops/projections`, { headers: { Authorization: `Bearer ${companyAdmin}` } })).status).toBe(403);
      expect((await fetch(`${api.baseUrl}/api/ops/projections`)).status).toBe(401);
    } finally {
      await api.close();
    }
  });

  it('answers 503 when this process has no status source', async () => {
    const api = await startQueryApi(createInProcessBus());
    try {
      const admin = (await tokens.issue(claims({ role: 'Administrator' }))).token;
      const res = await fetch(`${api.baseUrl}/api/ops/projections`, { headers: { Authorization: `Bearer ${admin}` } });
      expect(res.status).toBe(503);
      expect((await res.json()).ApiError.ErrorCode).toBe('OPS.UNAVAILABLE');
    } finally {
      await api.close();
    }
  });
});

describe('API docs', () => {
  it('serves OpenAPI 3.1 JSON and an interactive reference (Scalar, with a try-it console) from this server, no CDN', async () => {
    const api = await startQueryApi(createInProcessBus());
    try {
      const doc = await (await fetch(`${api.baseUrl}/api/docs/openapi.json`)).json();
      expect(doc.openapi).toBe('3.1.0');
      expect(doc.paths['/api/live'].get.responses['200'].content).toHaveProperty('text/event-stream');
      expect(doc.paths['/api/ops/projections'].get['x-roles']).toEqual(['Administrator']);
      expect(doc.servers).toHaveLength(1);
      expect(doc.info.license).toEqual({ name: 'Proprietary', identifier: 'LicenseRef-Proprietary' });
      expect(doc.components.responses.NotFound.content['application/json'].schema).toEqual({ $ref: '#/components/schemas/ErrorEnvelope' });
      const page = await fetch(`${api.baseUrl}/api/docs`);
      expect(page.headers.get('content-type')).toMatch(/text\/html/);
      expect(page.headers.get('content-security-policy')).toContain("script-src 'self'");
      const html = await page.text();
      expect(html).toContain('<div id="locus-api-reference"></div>');
      const scripts = [...html.matchAll(/<script src="([^"]+)"/g)].map((m) => m[1]);
      expect(scripts).toEqual(['/api/docs/scalar.standalone.js', '/api/docs/docs-init.js']);
      const init = await (await fetch(`${api.baseUrl}${scripts[1]}`)).text();
      expect(init).toContain("url: '/api/docs/openapi.json'");
      expect(init).toContain("localStorage.getItem('locus.token')");
      expect(init).toContain('withDefaultFonts: false');
      expect(html).not.toMatch(/https?:\/\//);
      const bundle = await fetch(`${api.baseUrl}${scripts[0]}`);
      expect(bundle.status).toBe(200);
      expect(bundle.headers.get('content-type')).toMatch(/javascript/);
      expect((await bundle.text()).length).toBeGreaterThan(1_000_000);
    } finally {
      await api.close();
    }
  });
});

const busVariants: [string, () => Promise<Bus>][] = [
  ['in-process bus', async () => createInProcessBus()],
  ['NATS bus', () => createNatsBus({ url: process.env.NATS_URL ?? 'nats://127.0.0.1:4222', name: 'query-api-live-test' })],
];

describe.each(busVariants)('live SSE over the %s', (_name, makeBus) => {
  let api: Awaited<ReturnType<typeof startQueryApi>>;
  let counted: ReturnType<typeof countingBus>;
  let publisher: Bus;
  const revoked = new Set<string>();

  beforeAll(async () => {
    publisher = await makeBus();
    counted = countingBus(publisher);
    api = await startQueryApi(counted.bus, { sessionValidator: async (a) => !revoked.has(a.tokenId) });
  });
  afterAll(async () => {
    await api.close();
    await publisher.close();
  });

  const connect = async (token?: string, path = '/api/live') => {
    const controller = new AbortController();
    const res = await fetch(api.baseUrl + path, { headers: token ? { Authorization: `Bearer ${token}` } : {}, signal: controller.signal });
    return { res, controller };
  };

  it('delivers to each caller only their company, their user and (outside a company) the admin scope', async () => {
    const run = randomUUID();
    const companyA = `a-${run}`;
    const companyB = `b-${run}`;
    const userA = claims({ role: 'CompanyUser', companyId: companyA });
    const adminB = claims({ role: 'CompanyAdmin', companyId: companyB });
    const administrator = claims({ role: 'Administrator' });
    const viewingA = claims({
      userId: administrator.userId,
      role: 'CompanyAdmin',
      companyId: companyA,
      viewingAsAdmin: true,
      adminUserId: administrator.userId,
    });

    const streams = await Promise.all([userA, adminB, administrator, viewingA].map(async (c) => (await connect((await tokens.issue(c)).token)).res));
    for (const res of streams) {
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toMatch(/^text\/event-stream/);
    }
    const readers = streams.map(sseReader);
    // Users: a collection every role reads whole (a company user's reviews arrive without ids).
    const changed = (companyId: string | null, id: string): ChangedMessage => ({
      kind: 'changed',
      collection: 'users',
      ids: [`${id}-${run}`],
      many: false,
      companyId,
      position: 1,
    });

    // Foreign messages first: with ordered delivery, seeing the later ones proves these were skipped.
    publisher.publish(subjects.changed(companyB, 'users'), changed(companyB, 'b-doc'));
    publisher.publish(subjects.userNotification(adminB.userId, 'LogoutDeletedCompanyUsersNotification'), {
      kind: 'notification',
      name: 'LogoutDeletedCompanyUsersNotification',
      payload: { run },
    });
    publisher.publish(subjects.changed(null, 'companies'), changed(null, 'admin-doc'));
    publisher.publish(subjects.changed(companyA, 'users'), changed(companyA, 'a-doc'));
    publisher.publish(subjects.userNotification(userA.userId, 'ConnectAccountsProgressNotification'), {
      kind: 'notification',
      name: 'ConnectAccountsProgressNotification',
      payload: { run, percent: 50 },
    });
    publisher.publish(subjects.userNotification(administrator.userId, 'Ping'), { kind: 'notification', name: 'Ping', payload: { run } });
    await publisher.flush();

    const ours = (data: string) => data.includes(run);
    const collect = async (reader: ReturnType<typeof sseReader>, count: number) => {
      const got: { event?: string; data: unknown }[] = [];
      while (got.length < count) {
        const frame = await reader.nextData();
        if (!frame) throw new Error('stream ended');
        if (ours(frame.data!)) got.push({ event: frame.event, data: JSON.parse(frame.data!) });
      }
      return got.map((g) => `${g.event}:${(g.data as { ids?: string[]; name?: string }).ids?.[0] ?? (g.data as { name: string }).name}`);
    };
    expect(await collect(readers[0]!, 2)).toEqual([`changed:a-doc-${run}`, 'notification:ConnectAccountsProgressNotification']);
    expect(await collect(readers[1]!, 2)).toEqual([`changed:b-doc-${run}`, 'notification:LogoutDeletedCompanyUsersNotification']);
    expect(await collect(readers[2]!, 2)).toEqual([`changed:admin-doc-${run}`, 'notification:Ping']);
    expect(await collect(readers[3]!, 2)).toEqual([`changed:a-doc-${run}`, 'notification:Ping']);
    await Promise.all(readers.map((r) => r.close()));
    await vi.waitFor(() => expect(counted.active()).toBe(0));
  });

  it('filters changes by role as the queries are: a company user hears nothing of admin-only collections', async () => {
    const run = randomUUID();
    const company = `c-${run}`;
    const user = claims({ role: 'CompanyUser', companyId: company });
    const admin = claims({ role: 'CompanyAdmin', companyId: company });
    const [userRes, adminRes] = await Promise.all([user, admin].map(async (c) => (await connect((await tokens.issue(c)).token)).res));
    const [userReader, adminReader] = [userRes!, adminRes!].map(sseReader);
    const message = (collection: string): ChangedMessage => ({
      kind: 'changed',
      collection,
      ids: [`${collection}-${run}`],
      many: false,
      companyId: company,
      position: 1,
    });
    for (const collection of ['company-variables', 'azure-directories', 'azure-directory-users', 'reviews']) {
      publisher.publish(subjects.changed(company, collection), message(collection));
    }
    await publisher.flush();
    const heard = async (reader: ReturnType<typeof sseReader>, last: string) => {
      const got: string[] = [];
      while (got[got.length - 1] !== last) {
        const frame = await reader.nextData();
        if (!frame) throw new Error('stream ended');
        if (frame.data!.includes(run)) got.push((JSON.parse(frame.data!) as ChangedMessage).collection);
      }
      return got;
    };
    expect(await heard(userReader!, 'reviews')).toEqual(['reviews']);
    expect(await heard(adminReader!, 'reviews')).toEqual(['company-variables', 'azure-directories', 'azure-directory-users', 'reviews']);
    await Promise.all([userReader!, adminReader!].map((r) => r.close()));
    await vi.waitFor(() => expect(counted.active()).toBe(0));
  });

  it('sends a retry hint, keep-alive comments, and releases its subscriptions on disconnect', async () => {
    const before = counted.active();
    expect(before).toBe(0);
    const { res, controller } = await connect((await tokens.issue(claims({ role: 'CompanyAdmin', companyId: randomUUID() }))).token);
    expect(res.headers.get('cache-control')).toContain('no-cache');
    const reader = sseReader(res);
    expect(await reader.next()).toEqual({ retry: 1500 });
    // Its company and user scopes, and the session ender's two subjects while any stream is open.
    expect(counted.active()).toBe(before + 4);
    let frame = await reader.next();
    while (frame && frame.comment !== 'keep-alive') frame = await reader.next();
    expect(frame).toEqual({ comment: 'keep-alive' });
    controller.abort();
    await reader.close();
    await vi.waitFor(() => expect(counted.active()).toBe(before));
  });

  it('refuses anonymous callers, tokens in the URL and revoked sessions before streaming', async () => {
    const anonymous = await connect();
    expect(anonymous.res.status).toBe(401);
    const { token, tokenId } = await tokens.issue(claims({ role: 'CompanyAdmin', companyId: randomUUID() }));
    const inUrl = await connect(undefined, `/api/live?access_token=${encodeURIComponent(token)}`);
    expect(inUrl.res.status).toBe(401);
    revoked.add(tokenId);
    const revokedRes = await connect(token);
    expect(revokedRes.res.status).toBe(401);
    expect((await revokedRes.res.json()).ApiError.ErrorCode).toBe('AUTH.SESSION_REVOKED');
  });
});
