import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import { defineRoute, OpsStatusReportSchema, successEnvelope, type EventMetadata } from '@locus/contracts';
import { createTokenService, implement, notFound, ok, type LocusConfig } from '@locus/platform';
import { createSqliteEventStore } from '@locus/platform/event-store/sqlite-event-store';
import { createEmbeddedReadStore } from '@locus/platform/read-store/embedded-read-store';
import { createInProcessBus } from '@locus/platform/bus/in-process-bus';
import { createProjectorRuntime } from '@locus/platform/runtime/projector-runtime';
import { createReadModels } from '@locus/platform/runtime/read-models';
import { createOpsStatus } from '@locus/platform/runtime/ops-status';
import { shopProjection, type StoreDoc } from '@locus/platform/runtime/testing/shop-projection';
import { listen, memoryLogger } from '@locus/platform/http/testing';
import { createQueryApi } from './app';

const storeRoute = defineRoute({
  name: 'test.store',
  method: 'GET',
  path: '/api/test/stores/:storeId',
  kind: 'query',
  roles: ['CompanyAdmin'],
  request: { params: z.object({ storeId: z.string() }) },
  tenantParams: ['storeId'],
});

const clock = { now: () => new Date() };
const tokens = createTokenService({ secret: 'read-your-writes-secret-long-enough-00', ttlSeconds: 600, clock });
const eventStore = createSqliteEventStore({ file: ':memory:' });
const readStore = createEmbeddedReadStore({ file: ':memory:' });
const bus = createInProcessBus();
const projections = [shopProjection()];
const projector = createProjectorRuntime({ eventStore, readStore, bus, projections });
const readModels = createReadModels({ readStore, bus, projections });
let server: Awaited<ReturnType<typeof listen>>;

beforeAll(async () => {
  await projector.start();
  const app = createQueryApi({
    readModels,
    bus,
    clock,
    tokens,
    logger: memoryLogger('warn').logger,
    config: {} as LocusConfig,
    opsStatus: createOpsStatus({ eventStore, readStore, projections }),
    readiness: { eventStore, readStore },
    features: [
      (deps) => [
        implement(storeRoute, async (req) => {
          const store = await deps.readModels.collection<StoreDoc>('shop_stores').findOne({ _id: req.params.storeId, companyId: req.auth!.companyId });
          if (!store) throw notFound('STORE.NOT_FOUND', 'Store not found');
          return ok({ Name: store.name, City: store.city });
        }),
      ],
    ],
  });
  server = await listen(app);
});
afterAll(async () => {
  await server.close();
  await projector.stop();
  readModels.close();
  await bus.close();
  await readStore.close();
  await eventStore.close();
});

const metadata = (companyId: string): EventMetadata => ({
  companyId,
  actor: { userId: 'u1', role: 'CompanyAdmin' },
  correlationId: randomUUID(),
  causationId: null,
  occurredAt: new Date().toISOString(),
});

describe('query-api over the real projector runtime', () => {
  it('answers a query carrying X-Min-Position with the write it names', async () => {
    const companyId = randomUUID();
    const storeId = randomUUID();
    const { token } = await tokens.issue({
      userId: 'u1',
      role: 'CompanyAdmin',
      companyId,
      companyName: 'Shop',
      fullName: 'U',
      email: 'u@x.co',
      viewingAsAdmin: false,
    });
    for (let i = 0; i < 5; i++) {
      const written = await eventStore.append(`store-${storeId}`, [
        i === 0
          ? { id: randomUUID(), type: 'StoreOpened', data: { storeId, companyId, name: 'Name 0', city: 'Austin' }, metadata: metadata(companyId) }
          : { id: randomUUID(), type: 'StoreRenamed', data: { storeId, name: `Name ${i}` }, metadata: metadata(companyId) },
      ]);
      const res = await fetch(`${server.baseUrl}/api/test/stores/${storeId}`, {
        headers: { Authorization: `Bearer ${token}`, 'X-Min-Position': String(written.position) },
      });
      expect(res.status).toBe(200);
      expect(res.headers.get('x-position-reached')).toBe('true');
      expect((await res.json()).Data).toEqual({ Name: `Name ${i}`, City: 'Austin' });
    }
    const other = await tokens.issue({
      userId: 'u2',
      role: 'CompanyAdmin',
      companyId: randomUUID(),
      companyName: 'Other',
      fullName: 'O',
      email: 'o@x.co',
      viewingAsAdmin: false,
    });
    expect((await fetch(`${server.baseUrl}/api/test/stores/${storeId}`, { headers: { Authorization: `Bearer ${other.token}` } })).status).toBe(404);
  });

  it('reports projection status in the contract shape, caught up to the head', async () => {
    const { token } = await tokens.issue({
      userId: 'a1',
      role: 'Administrator',
      companyId: null,
      companyName: null,
      fullName: 'A',
      email: 'a@x.co',
      viewingAsAdmin: false,
    });
    const head = await eventStore.headPosition();
    expect(await readModels.waitForPosition(head, 5000)).toBe(true);
    const res = await fetch(`${server.baseUrl}/api/ops/projections`, { headers: { Authorization: `Bearer ${token}` } });
    expect(res.status).toBe(200);
    const body = successEnvelope(OpsStatusReportSchema).parse(await res.json());
    expect(body.Data.head).toBe(head);
    expect(body.Data.projections).toEqual([expect.objectContaining({ name: 'shop', position: head, lag: 0, state: 'live' })]);
  });

  it('is ready when the event store, read store and bus answer', async () => {
    const res = await fetch(`${server.baseUrl}/ready`);
    expect(res.status).toBe(200);
    expect(Object.keys((await res.json()).checks).sort()).toEqual(['bus', 'eventStore', 'readStore']);
  });
});
