import { afterEach, describe, expect, it } from 'vitest';
import { createSqliteEventStore } from '../event-store/sqlite-event-store';
import { createEmbeddedReadStore } from '../read-store/embedded-read-store';
import type { ReactorDefinition } from './definitions';
import { PARKED_COLLECTION, reactorCheckpointName } from './generations';
import { createOpsStatus } from './ops-status';
import { rebuildProjection, RebuildAbortedError } from './rebuild';
import { appendHistory, generateShopHistory, shopProjection } from './testing/shop-projection';

const closers: { close(): Promise<void> }[] = [];
afterEach(async () => {
  for (const c of closers.splice(0).reverse()) await c.close();
});

describe('ops status', () => {
  it('reports generation, position, head, lag, rate, state and parked counts', async () => {
    const eventStore = createSqliteEventStore({ file: ':memory:' });
    const readStore = createEmbeddedReadStore({ file: ':memory:' });
    closers.push(readStore, eventStore);
    const def = shopProjection();
    const mailer: ReactorDefinition = { name: 'mailer', handles: ['X'], handle: async () => undefined };
    let now = Date.parse('2024-01-01T00:00:00Z');
    const ops = createOpsStatus({ eventStore, readStore, projections: [def], reactors: [mailer], clock: { now: () => new Date(now) } });

    expect((await ops.status()).projections[0]).toMatchObject({ name: 'shop', generation: null, position: null, state: 'not-built', rate: null });

    const head1 = await appendHistory(eventStore, generateShopHistory(1_000, 31));
    await rebuildProjection({ eventStore, readStore, def });
    const first = await ops.status();
    expect(first.head).toBe(head1);
    expect(first.projections[0]).toMatchObject({
      generation: 1,
      version: 1,
      activeVersion: 1,
      position: head1,
      head: head1,
      lag: 0,
      state: 'live',
      building: null,
    });

    // Another 500 events, of which a rebuild into generation 2 takes 200 before stopping.
    const head2 = await appendHistory(eventStore, generateShopHistory(500, 32), 'more');
    // Positions are opaque (gapped in a store variant): the test names events by their index.
    const all = await eventStore.readAll();
    const at = (index: number) => all[index]!.position;
    const i1 = all.findIndex((e) => e.position === head1);
    const last = all.length - 1;
    expect(at(last)).toBe(head2);
    await readStore.commit({ writes: [], checkpoint: { name: 'projection:shop:g1', position: at(i1 + 300) } });
    const parkedDoc = {
      companyId: null,
      eventId: 'e1',
      eventType: 'OrderPlaced',
      streamName: 'order-1',
      position: at(2),
      error: 'SMTP 451',
      permanent: false,
      attempts: 8,
      parkedAt: '2026-01-01T00:00:00.000Z',
    };
    const ac = new AbortController();
    await rebuildProjection({ eventStore, readStore, def, batchSize: 200, signal: ac.signal, afterBatch: () => ac.abort() }).catch((e) => {
      if (!(e instanceof RebuildAbortedError)) throw e;
    });
    await readStore.commit({
      writes: [
        {
          collection: PARKED_COLLECTION,
          ops: [
            { insertOne: { document: { ...parkedDoc, _id: 'mailer:e1', reactor: 'mailer' } } },
            { insertOne: { document: { ...parkedDoc, _id: 'other:e2', reactor: 'other' } } },
          ],
        },
      ],
      checkpoint: { name: reactorCheckpointName('mailer'), position: at(last - 10) },
    });
    now += 2_000;
    const second = await ops.status();
    expect(second.projections[0]).toMatchObject({
      generation: 1,
      position: at(i1 + 300),
      lag: last - i1 - 300,
      rate: 150, // 300 events in 2 s
      state: 'rebuilding',
      building: { generation: 2, version: 1, position: at(199), lag: last - 199 },
    });
    expect(second.reactors).toEqual([
      {
        kind: 'reactor',
        name: 'mailer',
        generation: null,
        position: at(last - 10),
        head: head2,
        lag: 10,
        rate: null,
        state: 'live',
        parked: 1,
        // The event itself is looked up by position; this one's id is not there (data null).
        parkedEvents: [
          {
            eventId: 'e1',
            eventType: 'OrderPlaced',
            streamName: 'order-1',
            position: at(2),
            companyId: null,
            error: 'SMTP 451',
            permanent: false,
            attempts: 8,
            parkedAt: '2026-01-01T00:00:00.000Z',
            data: null,
            occurredAt: null,
          },
        ],
      },
    ]);
  });
});
