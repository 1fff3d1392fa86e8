import { describe, expect, it } from 'vitest';
import { createSqliteEventStore } from '@locus/platform/event-store/sqlite-event-store';
import { AppError, ruleViolation, type EventStore, type RequestContext } from '@locus/platform';
import { actorOf, eventMetadata, handleCommand, loadStream, type Decider } from '.';

type CounterEvent = { type: 'CounterOpened'; data: { name: string } } | { type: 'CounterIncremented'; data: { by: number } };
type CounterState = { opened: boolean; total: number };
type CounterCommand = { type: 'Open'; name: string } | { type: 'Increment'; by: number } | { type: 'Touch' };

const counter: Decider<CounterState, CounterCommand, CounterEvent> = {
  initialState: () => ({ opened: false, total: 0 }),
  evolve: (state, event) => {
    switch (event.type) {
      case 'CounterOpened':
        return { ...state, opened: true };
      case 'CounterIncremented':
        return { ...state, total: state.total + event.data.by };
    }
  },
  decide: (command, state) => {
    switch (command.type) {
      case 'Open':
        if (state.opened) throw ruleViolation('COUNTER.ALREADY_OPEN', 'Already open');
        return { type: 'CounterOpened', data: { name: command.name } };
      case 'Increment':
        if (!state.opened) throw ruleViolation('COUNTER.NOT_OPEN', 'Not open');
        if (state.total + command.by > 10) throw ruleViolation('COUNTER.LIMIT', `Total would be ${state.total + command.by}`);
        return [{ type: 'CounterIncremented', data: { by: command.by } }];
      case 'Touch':
        return [];
    }
  },
};

const req = (over: Partial<RequestContext> = {}): RequestContext => ({
  auth: { userId: 'u1', role: 'CompanyAdmin', companyId: 'c1', companyName: 'Acme', viewingAsAdmin: false, tokenId: 't1' },
  params: {},
  query: {},
  body: {},
  files: [],
  requestId: 'req-1',
  correlationId: 'corr-1',
  ip: '127.0.0.1',
  headers: {},
  ...over,
});
const clock = { now: () => new Date('2025-03-01T12:00:00.000Z') };
const metadata = eventMetadata(req(), 'c1', clock);

/** Appends a competing event right before the handler's first `times` appends. */
function racingStore(store: EventStore, times: number): EventStore {
  let races = 0;
  return {
    ...store,
    readStream: (...a) => store.readStream(...a),
    async append(stream, events, options) {
      if (races < times) {
        races++;
        await store.append(stream, [{ id: crypto.randomUUID(), type: 'CounterIncremented', data: { by: 1 }, metadata }]);
      }
      return store.append(stream, events, options);
    },
  };
}

describe('handleCommand', () => {
  it('starts a new stream with no_stream and returns the events and their position', async () => {
    const store = createSqliteEventStore({ file: ':memory:' });
    const result = await handleCommand({ eventStore: store, streamName: 'counter-1', decider: counter, command: { type: 'Open', name: 'a' }, metadata });
    expect(result.events).toEqual([{ type: 'CounterOpened', data: { name: 'a' } }]);
    expect(result.position).toBe(await store.headPosition());
    expect(result.revision).toBe(0n);
    const [stored] = await store.readStream('counter-1');
    expect(stored!.metadata).toEqual({
      companyId: 'c1',
      actor: { userId: 'u1', role: 'CompanyAdmin' },
      correlationId: 'corr-1',
      causationId: 'req-1',
      occurredAt: '2025-03-01T12:00:00.000Z',
    });
    await expect(
      handleCommand({ eventStore: store, streamName: 'counter-1', decider: counter, command: { type: 'Open', name: 'a' }, metadata }),
    ).rejects.toMatchObject({
      code: 'COUNTER.ALREADY_OPEN',
    });
  });

  it('folds the stream before deciding and appends nothing when the decider refuses', async () => {
    const store = createSqliteEventStore({ file: ':memory:' });
    const run = (command: CounterCommand) => handleCommand({ eventStore: store, streamName: 'counter-2', decider: counter, command, metadata });
    await run({ type: 'Open', name: 'b' });
    await run({ type: 'Increment', by: 4 });
    const third = await run({ type: 'Increment', by: 5 });
    expect(third.state).toEqual({ opened: true, total: 9 });
    await expect(run({ type: 'Increment', by: 2 })).rejects.toThrow('Total would be 11');
    expect(await store.readStream('counter-2')).toHaveLength(3);
  });

  it('answers an empty decision with the stream position and writes nothing', async () => {
    const store = createSqliteEventStore({ file: ':memory:' });
    const opened = await handleCommand({ eventStore: store, streamName: 'counter-3', decider: counter, command: { type: 'Open', name: 'c' }, metadata });
    const touched = await handleCommand({ eventStore: store, streamName: 'counter-3', decider: counter, command: { type: 'Touch' }, metadata });
    expect(touched).toMatchObject({ events: [], position: opened.position, revision: 0n });
    expect(await store.headPosition()).toBe(opened.position);
  });

  it('retries once against the fresh stream after a concurrent append', async () => {
    const base = createSqliteEventStore({ file: ':memory:' });
    await handleCommand({ eventStore: base, streamName: 'counter-4', decider: counter, command: { type: 'Open', name: 'd' }, metadata });
    const result = await handleCommand({
      eventStore: racingStore(base, 1),
      streamName: 'counter-4',
      decider: counter,
      command: { type: 'Increment', by: 3 },
      metadata,
    });
    // The retry saw the competitor's +1.
    expect(result.state.total).toBe(4);
    expect((await base.readStream('counter-4')).map((e) => e.type)).toEqual(['CounterOpened', 'CounterIncremented', 'CounterIncremented']);
  });

  it('makes a command given as a function of the state afresh on the retry, from the state it is appended on', async () => {
    const base = createSqliteEventStore({ file: ':memory:' });
    await handleCommand({ eventStore: base, streamName: 'counter-6', decider: counter, command: { type: 'Open', name: 'f' }, metadata });
    const seen: number[] = [];
    // "Top the counter up to 5": a request merged into the loaded state.
    const result = await handleCommand({
      eventStore: racingStore(base, 1),
      streamName: 'counter-6',
      decider: counter,
      command: (state): CounterCommand => {
        seen.push(state.total);
        return { type: 'Increment', by: 5 - state.total };
      },
      metadata,
    });
    expect(seen).toEqual([0, 1]);
    expect(result.before.total).toBe(1);
    expect(result.state.total).toBe(5);
  });

  it('decides a new stream (newStream) without reading it; one that exists after all is read and decided on the retry', async () => {
    const base = createSqliteEventStore({ file: ':memory:' });
    const reads: string[] = [];
    const store: EventStore = { ...base, readStream: (stream, ...rest) => (reads.push(stream), base.readStream(stream, ...rest)) };
    const open = () =>
      handleCommand({ eventStore: store, streamName: 'counter-7', decider: counter, command: { type: 'Open', name: 'g' }, metadata, newStream: true });
    const first = await open();
    expect(reads).toEqual([]);
    expect(first).toMatchObject({ events: [{ type: 'CounterOpened' }], revision: 0n, position: await base.headPosition() });
    await expect(open()).rejects.toMatchObject({ code: 'COUNTER.ALREADY_OPEN' });
    expect(reads).toEqual(['counter-7']);
    expect(await base.readStream('counter-7')).toHaveLength(1);
  });

  it('decides on a stream the caller has just read (loaded) without reading it again; one changed since is read and decided on the retry', async () => {
    const base = createSqliteEventStore({ file: ':memory:' });
    const reads: string[] = [];
    const store: EventStore = { ...base, readStream: (stream, ...rest) => (reads.push(stream), base.readStream(stream, ...rest)) };
    await handleCommand({ eventStore: base, streamName: 'counter-8', decider: counter, command: { type: 'Open', name: 'h' }, metadata });
    const increment = async (by: number) =>
      handleCommand({
        eventStore: store,
        streamName: 'counter-8',
        decider: counter,
        command: { type: 'Increment', by },
        metadata,
        loaded: await loadStream(base, 'counter-8', counter),
      });
    expect(await increment(4)).toMatchObject({ revision: 1n, state: { total: 4 } });
    expect(reads).toEqual([]);
    // Read, then another append before the command's: it conflicts, and the retry decides on what is there now.
    const loaded = await loadStream(base, 'counter-8', counter);
    await base.append('counter-8', [{ id: crypto.randomUUID(), type: 'CounterIncremented', data: { by: 5 }, metadata }]);
    await expect(
      handleCommand({ eventStore: store, streamName: 'counter-8', decider: counter, command: { type: 'Increment', by: 2 }, metadata, loaded }),
    ).rejects.toMatchObject({ code: 'COUNTER.LIMIT' });
    expect(reads).toEqual(['counter-8']);
    expect((await base.readStream('counter-8')).map((e) => e.data)).toEqual([{ name: 'h' }, { by: 4 }, { by: 5 }]);
  });

  it('answers 409 CONCURRENCY.CONFLICT when the retry conflicts too', async () => {
    const base = createSqliteEventStore({ file: ':memory:' });
    await handleCommand({ eventStore: base, streamName: 'counter-5', decider: counter, command: { type: 'Open', name: 'e' }, metadata });
    const attempt = handleCommand({
      eventStore: racingStore(base, 2),
      streamName: 'counter-5',
      decider: counter,
      command: { type: 'Increment', by: 1 },
      metadata,
    });
    await expect(attempt).rejects.toBeInstanceOf(AppError);
    await expect(
      handleCommand({ eventStore: racingStore(base, 2), streamName: 'counter-5', decider: counter, command: { type: 'Increment', by: 1 }, metadata }),
    ).rejects.toMatchObject({ status: 409, code: 'CONCURRENCY.CONFLICT' });
    // Only the competitors' events were written.
    expect((await base.readStream('counter-5')).filter((e) => e.type === 'CounterIncremented')).toHaveLength(4);
  });
});

describe('eventMetadata', () => {
  it('marks an administrator acting inside a company', () => {
    const viewing = req({
      auth: { userId: 'ca-9', role: 'CompanyAdmin', companyId: 'c9', companyName: 'Nine', viewingAsAdmin: true, adminUserId: 'admin-1', tokenId: 't' },
    });
    expect(eventMetadata(viewing, 'c9', clock).actor).toEqual({ userId: 'ca-9', role: 'CompanyAdmin', viewingAsAdmin: true, adminUserId: 'admin-1' });
    expect(actorOf(req({ auth: null }))).toEqual({ userId: 'anonymous', role: 'Anonymous' });
  });
});
