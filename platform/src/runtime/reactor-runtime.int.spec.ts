import { afterEach, describe, expect, it } from 'vitest';
import type { EventMetadata } from '@locus/contracts';
import { createInProcessBus } from '../bus/in-process-bus';
import type { BusMessage } from '../bus/bus';
import { createSqliteEventStore } from '../event-store/sqlite-event-store';
import type { EventStore, RecordedEvent } from '../event-store/event-store';
import { createEmbeddedReadStore } from '../read-store/embedded-read-store';
import type { AtomicBatch, ReadStore } from '../read-store/read-store';
import { PermanentReactorError, type ReactorDefinition } from './definitions';
import { PARKED_COLLECTION, reactorCheckpointName } from './generations';
import { createLeases } from './lease';
import { createReactorRuntime, reactorEventId, type ReactorRuntime } from './reactor-runtime';
import { rebuildProjection } from './rebuild';
import { shopProjection } from './testing/shop-projection';

const closers: { close(): Promise<void> }[] = [];
const runtimes: ReactorRuntime[] = [];
afterEach(async () => {
  for (const r of runtimes.splice(0)) await r.stop();
  for (const c of closers.splice(0).reverse()) await c.close();
});

function stores() {
  // Positions without a reactor's events reach it at once (not within 20 ms, together): these
  // tests read checkpoints right after the reactor has settled on the head.
  const eventStore = createSqliteEventStore({ file: ':memory:', progressWakeMs: 0 });
  const readStore = createEmbeddedReadStore({ file: ':memory:' });
  closers.push(readStore, eventStore);
  return { eventStore, readStore };
}

const meta = (companyId: string | null, correlationId = 'corr-1'): EventMetadata => ({
  companyId,
  actor: { userId: 'user-1', role: 'CompanyAdmin' },
  correlationId,
  causationId: null,
  occurredAt: '2024-06-01T10:00:00.000Z',
});
let seq = 0;
const uuid = () => `00000000-0000-4000-8000-${String(++seq).padStart(12, '0')}`;

async function publishRequested(eventStore: EventStore, locationId: string, companyId = 'acme') {
  return eventStore.append(`location-${locationId}`, [
    { id: uuid(), type: 'LocationPublishRequested', data: { locationId }, metadata: meta(companyId, `corr-${locationId}`) },
  ]);
}
async function noise(eventStore: EventStore, n: number) {
  for (let i = 0; i < n; i++) await eventStore.append(`user-n${i}`, [{ id: uuid(), type: 'UserSignedIn', data: {}, metadata: meta(null) }]);
}

const fixedClock = { now: () => new Date('2024-06-01T12:00:00.000Z') };

function runtime(
  s: { eventStore: EventStore; readStore: ReadStore },
  reactors: ReactorDefinition[],
  extra: Partial<Parameters<typeof createReactorRuntime>[0]> = {},
) {
  const r = createReactorRuntime({ ...s, reactors, clock: fixedClock, sleep: async () => undefined, ...extra });
  runtimes.push(r);
  return r;
}

async function settled(s: { eventStore: EventStore }, r: ReactorRuntime) {
  const head = await s.eventStore.headPosition();
  for (const deadline = Date.now() + 10_000; ;) {
    const st = await r.status();
    if (st.every((x) => x.position !== null && x.position >= head)) return st;
    if (Date.now() > deadline) throw new Error(`reactor stuck: ${JSON.stringify(st)}`);
    await new Promise((res) => setTimeout(res, 5));
  }
}

/** Publishes each requested location once "to Google" and records the outcome event. */
function publisher(calls: string[], behaviour: (event: RecordedEvent, attempt: number) => void = () => undefined): ReactorDefinition {
  return {
    name: 'google-publisher',
    handles: ['LocationPublishRequested'],
    maxAttempts: 4,
    async handle(event, ctx) {
      calls.push(`${(event.data as { locationId: string }).locationId}#${ctx.attempt}`);
      behaviour(event, ctx.attempt);
      await ctx.append(event.streamName, [{ type: 'LocationPublished', data: { locationId: (event.data as { locationId: string }).locationId } }]);
    },
  };
}

describe('reactor runtime', () => {
  it('appends outcomes with deterministic ids and carried-over metadata; handling again appends nothing new', async () => {
    const s = stores();
    const calls: string[] = [];
    await publishRequested(s.eventStore, 'l1');
    const r = runtime(s, [publisher(calls)]);
    await r.start();
    await settled(s, r);
    const [source, outcome] = await s.eventStore.readStream('location-l1');
    expect(outcome).toMatchObject({
      type: 'LocationPublished',
      id: reactorEventId('google-publisher', source!.id, '#0', 'location-l1', 0),
      metadata: {
        companyId: 'acme',
        actor: { userId: 'system', role: 'System' },
        correlationId: 'corr-l1',
        causationId: source!.id,
        occurredAt: '2024-06-01T12:00:00.000Z',
      },
    });
    await r.stop();

    // Lose the checkpoint (a crash between side effect and checkpoint): the event is handled again.
    await s.readStore.deleteCheckpoint(reactorCheckpointName('google-publisher'));
    const again = runtime(s, [publisher(calls)]);
    await again.start();
    await settled(s, again);
    expect(calls).toEqual(['l1#1', 'l1#1']);
    expect((await s.eventStore.readStream('location-l1')).map((e) => e.type)).toEqual(['LocationPublishRequested', 'LocationPublished']);
  });

  it('takes companyId from options when given, and keys separate several appends of one handling', async () => {
    const s = stores();
    await publishRequested(s.eventStore, 'l2');
    const r = runtime(s, [
      {
        name: 'fan-out',
        handles: ['LocationPublishRequested'],
        async handle(event, ctx) {
          await ctx.append('audit-1', [{ type: 'Audited', data: { n: 1 } }], { companyId: null });
          await ctx.append('audit-1', [{ type: 'Audited', data: { n: 2 } }]);
          await ctx.append('audit-1', [{ type: 'Audited', data: { n: 3 } }], { key: 'third' });
        },
      },
    ]);
    await r.start();
    await settled(s, r);
    const audit = await s.eventStore.readStream('audit-1');
    expect(audit.map((e) => [e.data, e.metadata.companyId])).toEqual([
      [{ n: 1 }, null],
      [{ n: 2 }, 'acme'],
      [{ n: 3 }, 'acme'],
    ]);
    expect(new Set(audit.map((e) => e.id)).size).toBe(3);
  });

  it("lets one handling's concurrent appends to one stream take turns, so none of them conflicts", async () => {
    const s = stores();
    let conflicts = 0;
    const counting: EventStore = Object.assign(Object.create(s.eventStore) as EventStore, {
      append: (...args: Parameters<EventStore['append']>) =>
        s.eventStore.append(...args).catch((err: unknown) => {
          conflicts++;
          throw err;
        }),
    });
    await publishRequested(s.eventStore, 'l3');
    const r = runtime({ eventStore: counting, readStore: s.readStore }, [
      {
        name: 'job',
        handles: ['LocationPublishRequested'],
        async handle(_event, ctx) {
          await Promise.all(Array.from({ length: 20 }, (_, n) => ctx.append('job-1', [{ type: 'Outcome', data: { n } }], { key: `outcome:${n}` })));
        },
      },
    ]);
    await r.start();
    await settled(s, r);
    const job = await s.eventStore.readStream('job-1');
    expect(job.map((e) => (e.data as { n: number }).n)).toEqual(Array.from({ length: 20 }, (_, n) => n));
    expect(conflicts).toBe(0);
  });

  it('appends to a stream the handling has read (`seen`) or appended to without reading it again; a stale read conflicts, is read again, and re-handling appends nothing', async () => {
    const s = stores();
    let reads = 0;
    let conflicts = 0;
    const counting: EventStore = Object.assign(Object.create(s.eventStore) as EventStore, {
      readStream: (...args: Parameters<EventStore['readStream']>) => {
        reads++;
        return s.eventStore.readStream(...args);
      },
      append: (...args: Parameters<EventStore['append']>) =>
        s.eventStore.append(...args).catch((err: unknown) => {
          conflicts++;
          throw err;
        }),
    });
    const other = () => ({ id: uuid(), type: 'Other', data: {}, metadata: meta('acme') });
    await s.eventStore.append('post-1', [other()]);
    let meddle = false;
    const reactor: ReactorDefinition = {
      name: 'poster',
      handles: ['LocationPublishRequested'],
      async handle(_event, ctx) {
        // the handling's own read, as a reactor loading the stream it decides on
        const events = await s.eventStore.readStream('post-1');
        ctx.seen?.('post-1', { revision: events.at(-1)!.revision, events });
        if (meddle) await s.eventStore.append('post-1', [other()]);
        await ctx.append('post-1', [{ type: 'Started', data: {} }], { key: 'started' });
        await ctx.append('post-1', [{ type: 'Done', data: {} }], { key: 'outcome' });
      },
    };
    const types = async () => (await s.eventStore.readStream('post-1')).map((e) => e.type);

    await publishRequested(s.eventStore, 'l4');
    const r = runtime({ eventStore: counting, readStore: s.readStore }, [reactor]);
    await r.start();
    await settled(s, r);
    expect(await types()).toEqual(['Other', 'Started', 'Done']);
    expect([reads, conflicts]).toEqual([0, 0]);

    // Handled again after a lost checkpoint: what it read holds both outcomes already.
    await r.stop();
    await s.readStore.deleteCheckpoint(reactorCheckpointName('poster'));
    const again = runtime({ eventStore: counting, readStore: s.readStore }, [reactor]);
    await again.start();
    await settled(s, again);
    expect(await types()).toEqual(['Other', 'Started', 'Done']);
    expect([reads, conflicts]).toEqual([0, 0]);

    // Another writer appends between the read and the outcome: one conflict, one read, no loss.
    meddle = true;
    await publishRequested(s.eventStore, 'l5');
    await settled(s, again);
    expect(await types()).toEqual(['Other', 'Started', 'Done', 'Other', 'Started', 'Done']);
    expect([reads, conflicts]).toEqual([1, 1]);
  });

  it('retries transient failures with capped exponential backoff, then succeeds', async () => {
    const s = stores();
    const calls: string[] = [];
    const sleeps: number[] = [];
    await publishRequested(s.eventStore, 'l3');
    const r = runtime(
      s,
      [
        {
          ...publisher(calls, (_e, attempt) => {
            if (attempt < 4) throw new Error('503 from Google');
          }),
          maxAttempts: 10,
        },
      ],
      {
        backoff: { initialMs: 100, factor: 3, maxMs: 500 },
        sleep: async (ms) => void sleeps.push(ms),
      },
    );
    await r.start();
    await settled(s, r);
    expect(calls).toEqual(['l3#1', 'l3#2', 'l3#3', 'l3#4']);
    expect(sleeps).toEqual([100, 300, 500]);
    expect((await s.eventStore.readStream('location-l3')).map((e) => e.type)).toEqual(['LocationPublishRequested', 'LocationPublished']);
    expect((await r.status())[0]).toMatchObject({ parked: [], lastError: null, state: 'live' });
  });

  it('parks a permanent failure at once and one that runs out of attempts, and moves on', async () => {
    const s = stores();
    const calls: string[] = [];
    const bus = createInProcessBus();
    closers.push(bus);
    const notices: BusMessage[] = [];
    bus.subscribe('live.admin.>', (m) => notices.push(m));
    await publishRequested(s.eventStore, 'bad-request');
    await publishRequested(s.eventStore, 'flaky');
    await publishRequested(s.eventStore, 'ok');
    await noise(s.eventStore, 3);
    const r = runtime(
      s,
      [
        publisher(calls, (e) => {
          const id = (e.data as { locationId: string }).locationId;
          if (id === 'bad-request') throw new PermanentReactorError('400 INVALID_ARGUMENT from Google');
          if (id === 'flaky') throw new Error('timeout');
        }),
      ],
      { bus },
    );
    await r.start();
    const status = (await settled(s, r))[0]!;
    expect(calls).toEqual(['bad-request#1', 'flaky#1', 'flaky#2', 'flaky#3', 'flaky#4', 'ok#1']);
    expect(
      status.parked.map((p) => ({ eventType: p.eventType, error: p.error, attempts: p.attempts, permanent: p.permanent, companyId: p.companyId })),
    ).toEqual([
      { eventType: 'LocationPublishRequested', error: '400 INVALID_ARGUMENT from Google', attempts: 1, permanent: true, companyId: 'acme' },
      { eventType: 'LocationPublishRequested', error: 'timeout', attempts: 4, permanent: false, companyId: 'acme' },
    ]);
    expect(status.parked[0]).toMatchObject({ reactor: 'google-publisher', streamName: 'location-bad-request', parkedAt: '2024-06-01T12:00:00.000Z' });
    expect(status).toMatchObject({ lag: 0, position: await s.eventStore.headPosition() });
    expect(await s.readStore.collection(PARKED_COLLECTION).countDocuments({})).toBe(2);
    await bus.flush();
    expect(notices.map((n) => (n.data as { name: string }).name)).toEqual(['ReactorEventParked', 'ReactorEventParked']);
    expect((await s.eventStore.readStream('location-ok')).map((e) => e.type)).toEqual(['LocationPublishRequested', 'LocationPublished']);
  });

  it('resumes after a restart from its own checkpoint, without handling earlier events again', async () => {
    const s = stores();
    const calls: string[] = [];
    await publishRequested(s.eventStore, 'a');
    await noise(s.eventStore, 2);
    const first = runtime(s, [publisher(calls)]);
    await first.start();
    await settled(s, first);
    await first.stop();
    await publishRequested(s.eventStore, 'b');
    const second = runtime(s, [publisher(calls)]);
    const before = (await second.status())[0]!;
    expect(before.lag).toBe(1);
    await second.start();
    await settled(s, second);
    expect(calls).toEqual(['a#1', 'b#1']);
  });

  it('moves past events it does not handle in memory at once, writes that checkpoint when it stops, and never moves it back', async () => {
    const s = stores();
    const calls: string[] = [];
    const commits: AtomicBatch[] = [];
    const commit = s.readStore.commit.bind(s.readStore);
    s.readStore.commit = async (batch: AtomicBatch) => {
      if (batch.checkpoint?.name === reactorCheckpointName('google-publisher')) commits.push(batch);
      await commit(batch);
    };
    const r = runtime(s, [publisher(calls)], { checkpointFlushMs: 600_000 });
    await r.start();
    await noise(s.eventStore, 5);
    const afterNoise = await s.eventStore.headPosition();
    await settled(s, r);
    // Only unhandled events so far: the position moved, nothing was written.
    expect((await r.status())[0]!.position).toBe(afterNoise);
    expect(commits).toEqual([]);
    const handled = await publishRequested(s.eventStore, 'a'); // handled: its checkpoint is written at once
    await noise(s.eventStore, 3);
    await settled(s, r);
    const head = await s.eventStore.headPosition();
    expect(commits.map((c) => c.checkpoint!.position)).toEqual([handled.position]);
    await r.stop();
    expect(commits.map((c) => c.checkpoint!.position)).toEqual([handled.position, head]);
    expect((await s.readStore.getCheckpoint(reactorCheckpointName('google-publisher')))!.position).toBe(head);
    expect(calls).toEqual(['a#1']);
  });

  it('is not touched by a projection rebuild', async () => {
    const s = stores();
    const calls: string[] = [];
    await publishRequested(s.eventStore, 'x');
    const r = runtime(s, [publisher(calls)]);
    await r.start();
    await settled(s, r);
    await r.stop();
    const cp = await s.readStore.getCheckpoint(reactorCheckpointName('google-publisher'));
    await rebuildProjection({ eventStore: s.eventStore, readStore: s.readStore, def: shopProjection() });
    expect(await s.readStore.getCheckpoint(reactorCheckpointName('google-publisher'))).toEqual(cp);
    expect(calls).toEqual(['x#1']);
  });

  it('runs one active instance per reactor when leases are used', async () => {
    const s = stores();
    const callsA: string[] = [];
    const callsB: string[] = [];
    for (const id of ['p', 'q', 'r']) await publishRequested(s.eventStore, id);
    const a = runtime(s, [publisher(callsA)], { leases: createLeases({ readStore: s.readStore, holder: 'a', ttlMs: 3_000 }), sleep: undefined });
    const b = runtime(s, [publisher(callsB)], { leases: createLeases({ readStore: s.readStore, holder: 'b', ttlMs: 3_000 }), sleep: undefined });
    await a.start();
    await settled(s, a);
    await b.start();
    for (const deadline = Date.now() + 5_000; (await b.status())[0]!.state !== 'standby';) {
      if (Date.now() > deadline) throw new Error('b never stood by');
      await new Promise((res) => setTimeout(res, 10));
    }
    await a.stop();
    await publishRequested(s.eventStore, 's');
    await settled(s, b);
    expect(callsA).toEqual(['p#1', 'q#1', 'r#1']);
    expect(callsB).toEqual(['s#1']);
  });
});

describe('concurrent reactors', () => {
  /** A reactor whose handlings wait until the test releases them, by location. */
  function held(limit: number) {
    const gates = new Map<string, () => void>();
    const waiting = new Map<string, Promise<void>>();
    const started: string[] = [];
    let inFlight = 0;
    let maxInFlight = 0;
    const gate = (id: string) => {
      let p = waiting.get(id);
      if (!p) waiting.set(id, (p = new Promise<void>((resolve) => gates.set(id, resolve))));
      return p;
    };
    const def: ReactorDefinition = {
      name: 'slow-publisher',
      handles: ['LocationPublishRequested'],
      concurrency: limit,
      async handle(event, ctx) {
        const { locationId } = event.data as { locationId: string };
        started.push(locationId);
        inFlight++;
        maxInFlight = Math.max(maxInFlight, inFlight);
        try {
          await gate(locationId);
          await ctx.append(`out-${locationId}`, [{ type: 'LocationPublished', data: { locationId } }]);
        } finally {
          inFlight--;
        }
      },
    };
    const release = (id: string) => {
      void gate(id);
      gates.get(id)!();
    };
    return { def, started, release, maxInFlight: () => maxInFlight };
  }
  const until = async (check: () => boolean | Promise<boolean>) => {
    for (const deadline = Date.now() + 5_000; !(await check());) {
      if (Date.now() > deadline) throw new Error('condition not met in time');
      await new Promise((res) => setTimeout(res, 5));
    }
  };

  it('handles up to `concurrency` events at once, and its checkpoint never passes one not done', async () => {
    const s = stores();
    await noise(s.eventStore, 1);
    const [before] = await s.eventStore.readAll();
    for (const id of ['a', 'b', 'c', 'd', 'e', 'f']) await publishRequested(s.eventStore, id);
    const first = held(3);
    const r = runtime(s, [first.def], { checkpointFlushMs: 1 });
    await r.start();
    await until(() => first.started.length === 3);
    expect(first.started).toEqual(['a', 'b', 'c']);
    // b, c done: d, e take their slots; a holds the checkpoint before itself
    first.release('b');
    first.release('c');
    await until(() => first.started.length === 5);
    expect(first.maxInFlight()).toBe(3);
    first.release('d');
    const outcomes = async (id: string) => (await s.eventStore.readAll({ maxCount: 1000 })).filter((e) => e.streamName === `out-${id}`).length;
    await until(async () => (await outcomes('d')) === 1);
    await new Promise((res) => setTimeout(res, 20));
    const [a] = await s.eventStore.readStream('location-a');
    // b, c, d done, a not: a crash now would hand a (and those after it) over again. The
    // checkpoint is the last event fully passed, never a position computed from a's.
    expect((await s.readStore.getCheckpoint(reactorCheckpointName('slow-publisher')))?.position ?? -1).toBeLessThan(a!.position);
    const stoodAt = (await s.readStore.getCheckpoint(reactorCheckpointName('slow-publisher')))?.position;
    expect(stoodAt === undefined || stoodAt === 0 || stoodAt === before!.position).toBe(true);
    for (const id of ['a', 'e', 'f']) first.release(id);
    await settled(s, r);
    const head = await s.eventStore.headPosition();
    await r.stop();
    expect((await s.readStore.getCheckpoint(reactorCheckpointName('slow-publisher')))!.position).toBe(head);
    for (const id of ['a', 'b', 'c', 'd', 'e', 'f']) expect(await outcomes(id)).toBe(1);
    expect(first.maxInFlight()).toBe(3);
  });

  it("handles one stream's events one after another, in order", async () => {
    const s = stores();
    await publishRequested(s.eventStore, 'a');
    await s.eventStore.append('location-a', [{ id: uuid(), type: 'LocationPublishRequested', data: { locationId: 'a2' }, metadata: meta('acme') }]);
    await publishRequested(s.eventStore, 'b');
    const h = held(4);
    const r = runtime(s, [h.def]);
    await r.start();
    await until(() => h.started.length === 2);
    await new Promise((res) => setTimeout(res, 20));
    expect(h.started).toEqual(['a', 'b']);
    h.release('a');
    await until(() => h.started.length === 3);
    expect(h.started[2]).toBe('a2');
    h.release('a2');
    h.release('b');
    await settled(s, r);
  });
});
