import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { executionAsyncId } from 'node:async_hooks';
import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import { defineRoute, OpsStatusReportSchema, successEnvelope, type EventMetadata } from '@locus/contracts';
import { implement, notFound, ok, type ProjectionDefinition, type ReadModels } from '@locus/platform';
import { shopProjection, type StoreDoc } from '@locus/platform/runtime/testing/shop-projection';
import { startTestStack, type TestStack } from '@locus/tests/stack/test-stack';

const storeRoute = defineRoute({
  name: 'test.store',
  method: 'GET',
  path: '/api/test/stores/:storeId',
  kind: 'query',
  roles: ['CompanyAdmin'],
  request: { params: z.object({ storeId: z.string() }) },
  tenantParams: ['storeId'],
});

const storeFeature = (deps: { readModels: ReadModels }) => [
  implement(storeRoute, async (req) => {
    const store = await deps.readModels.collection<StoreDoc>('shop_stores').findOne({ _id: req.params.storeId, companyId: req.auth!.companyId });
    if (!store) throw notFound('STORE.NOT_FOUND', 'Store not found');
    return ok({ Name: store.name, City: store.city });
  }),
];

/** A second projection of the same events that stops before an event named "hold" until released. */
let releaseHold: () => void = () => undefined;
const held = new Promise<void>((resolve) => (releaseHold = resolve));
const ledgerProjection: ProjectionDefinition = {
  name: 'ledger',
  version: 1,
  collections: [{ name: 'ledger_stores', indexes: [] }],
  handles: ['StoreOpened'],
  async evolve(event, docs) {
    const d = event.data as { storeId: string; companyId: string; name: string };
    if (d.name === 'hold') await held;
    docs.put('ledger_stores', { _id: d.storeId, companyId: d.companyId, name: d.name });
  },
};
const ledgerRoute = defineRoute({
  name: 'test.ledger',
  method: 'GET',
  path: '/api/test/ledger/:storeId',
  kind: 'query',
  roles: ['CompanyAdmin'],
  request: { params: z.object({ storeId: z.string() }) },
  tenantParams: ['storeId'],
});
const ledgerFeature = (deps: { readModels: ReadModels }) => [
  implement(ledgerRoute, async (req) => {
    const entry = await deps.readModels.collection('ledger_stores').findOne({ _id: req.params.storeId, companyId: req.auth!.companyId });
    if (!entry) throw notFound('STORE.NOT_FOUND', 'Store not found');
    return ok({ Name: entry.name });
  }),
];

/** The one test stack with query-api only: the test routes over two projections, no commands. */
let stack: TestStack;
beforeAll(async () => {
  stack = await startTestStack({
    commandFeatures: [],
    queryFeatures: [storeFeature, ledgerFeature],
    projections: [shopProjection(), ledgerProjection],
    sessionValidation: false,
  });
});
afterAll(async () => {
  await stack?.close();
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
    const token = await stack.tokenFor('CompanyAdmin', companyId, { companyName: 'Shop' });
    for (let i = 0; i < 5; i++) {
      const written = await stack.eventStore.append(`store-${storeId}`, [
        i === 0
          ? { id: randomUUID(), type: 'StoreOpened', data: { storeId, companyId, name: 'Name 0', city: 'Austin' }, metadata: metadata(companyId) }
          : { id: randomUUID(), type: 'StoreRenamed', data: { storeId, name: `Name ${i}` }, metadata: metadata(companyId) },
      ]);
      const res = await stack.call('GET', `/api/test/stores/${storeId}`, { token, headers: { 'X-Min-Position': String(written.position) } });
      expect(res.status).toBe(200);
      expect(res.headers.get('x-position-reached')).toBe('true');
      expect(res.body.Data).toEqual({ Name: `Name ${i}`, City: 'Austin' });
    }
    const other = await stack.tokenFor('CompanyAdmin', randomUUID(), { companyName: 'Other' });
    expect((await stack.call('GET', `/api/test/stores/${storeId}`, { token: other })).status).toBe(404);
  });

  it('waits only for the projection owning what the query reads', async () => {
    const companyId = randomUUID();
    const storeId = randomUUID();
    const token = await stack.tokenFor('CompanyAdmin', companyId, { companyName: 'Shop' });
    const written = await stack.eventStore.append(`store-${storeId}`, [
      { id: randomUUID(), type: 'StoreOpened', data: { storeId, companyId, name: 'hold', city: 'Austin' }, metadata: metadata(companyId) },
    ]);
    const after = { 'X-Min-Position': String(written.position) };
    // The ledger is held at this event: a query of the shops does not wait for it.
    const shop = await stack.call('GET', `/api/test/stores/${storeId}`, { token, headers: after });
    expect(shop.status).toBe(200);
    expect(shop.headers.get('x-position-reached')).toBe('true');
    expect(shop.body.Data).toEqual({ Name: 'hold', City: 'Austin' });
    // A query of the ledger waits for it, and answers with the write once it is released.
    let answered = false;
    const ledger = stack.call('GET', `/api/test/ledger/${storeId}`, { token, headers: after }).finally(() => (answered = true));
    await new Promise((r) => setTimeout(r, 150));
    expect(answered).toBe(false);
    releaseHold();
    const res = await ledger;
    expect(res.status).toBe(200);
    expect(res.headers.get('x-position-reached')).toBe('true');
    expect(res.body.Data).toEqual({ Name: 'hold' });
  });

  it("hooks the process's promises only while a read waits for a projection", async () => {
    // While an AsyncLocalStorage is on, Node 20 gives every promise an async id of its own.
    const promisesHooked = async () => {
      await Promise.resolve();
      const first = executionAsyncId();
      await Promise.resolve();
      return executionAsyncId() !== first;
    };
    const companyId = randomUUID();
    const storeId = randomUUID();
    const token = await stack.tokenFor('CompanyAdmin', companyId, { companyName: 'Shop' });
    await stack.eventStore.append(`store-${storeId}`, [
      { id: randomUUID(), type: 'StoreOpened', data: { storeId, companyId, name: 'Open', city: 'Austin' }, metadata: metadata(companyId) },
    ]);
    const head = await stack.eventStore.headPosition();
    expect(await stack.readModels.waitForPosition(head, 5000)).toBe(true);
    // Caught up: the read goes straight through.
    const current = await stack.call('GET', `/api/test/stores/${storeId}`, { token, headers: { 'X-Min-Position': String(head) } });
    expect(current.status).toBe(200);
    expect(current.headers.get('x-position-reached')).toBe('true');
    expect(await promisesHooked()).toBe(false);
    // A position no projection has: the read waits (up to its 2 s), and the hooks are on meanwhile.
    const waiting = stack.call('GET', `/api/test/stores/${storeId}`, { token, headers: { 'X-Min-Position': String(head + 1_000_000) } });
    await new Promise((r) => setTimeout(r, 300));
    expect(await promisesHooked()).toBe(true);
    const late = await waiting;
    expect(late.status).toBe(200);
    expect(late.headers.get('x-position-reached')).toBe('false');
    await new Promise((r) => setImmediate(r));
    expect(await promisesHooked()).toBe(false);
  });

  it('reports projection status in the contract shape, caught up to the head', async () => {
    const token = await stack.tokenFor('Administrator', null);
    const head = await stack.eventStore.headPosition();
    expect(await stack.readModels.waitForPosition(head, 5000)).toBe(true);
    const res = await stack.call('GET', '/api/ops/projections', { token });
    expect(res.status).toBe(200);
    const body = successEnvelope(OpsStatusReportSchema).parse(res.body);
    expect(body.Data.head).toBe(head);
    expect(body.Data.projections).toEqual([
      expect.objectContaining({ name: 'shop', position: head, lag: 0, state: 'live' }),
      expect.objectContaining({ name: 'ledger', position: head, lag: 0, state: 'live' }),
    ]);
  });

  it('is ready when the event store, read store and bus answer', async () => {
    const res = await stack.call('GET', '/ready');
    expect(res.status).toBe(200);
    expect(Object.keys(res.body.checks).sort()).toEqual(['bus', 'eventStore', 'readStore']);
  });
});
