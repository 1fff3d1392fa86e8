import {
  ANY,
  BACKWARDS,
  END,
  ErrorType,
  EventStoreDBClient,
  FORWARDS,
  NO_STREAM,
  START,
  STREAM_EXISTS,
  excludeSystemEvents,
  jsonEvent,
  type AllStreamResolvedEvent,
  type AppendExpectedRevision,
  type JSONType,
  type Position,
  type ReadPosition,
  type ReadRevision,
  type ResolvedEvent,
  type StreamingRead,
} from '@eventstore/db-client';
import type { EventMetadata } from '@locus/contracts';
import {
  StreamNotFoundError,
  WrongExpectedVersionError,
  type AllSubscription,
  type AppendResult,
  type EventStore,
  type EventToAppend,
  type ExpectedRevision,
  type ReadAllOptions,
  type ReadStreamOptions,
  type RecordedEvent,
  type SubscribeToAllOptions,
} from './event-store';
import { defaultUpcasters, type UpcasterRegistry } from './upcasters';
import { assertAppendable, assertBatchSize, assertMaxCount, assertPosition, assertRevision, createStartGate, createWaiter } from './event-store-shared';

export interface EventStoreDbEventStoreOptions {
  /** Connection string, e.g. `esdb://localhost:2113?tls=false`. */
  url: string;
  /** Upcasters applied on read; defaults to the process-wide registry. */
  upcasters?: UpcasterRegistry;
}

/**
 * Positions: EventStoreDB gives each event a {commit, prepare} log position. For events written
 * by single-stream appends (all of ours) each event's commit position is its own, distinct
 * log offset, so the port exposes `commit` as a number (ordered, not gapless). A position
 * passed back in (`after`) must be 0 or one the store handed out: the server only accepts
 * positions that fall on a record.
 */
const UNKNOWN_POSITION = 0xffff_ffff_ffff_ffffn;
const SUBSCRIPTION_HIGH_WATER = 1000;

type AnyResolvedEvent = ResolvedEvent | AllStreamResolvedEvent;
type StoredEvent = NonNullable<AnyResolvedEvent['event']>;

const toLogPosition = (position: number): Position => ({ commit: BigInt(position), prepare: BigInt(position) });

const toServerExpectedRevision = (expected: ExpectedRevision): AppendExpectedRevision => {
  switch (expected) {
    case 'any':
      return ANY;
    case 'no_stream':
      return NO_STREAM;
    case 'stream_exists':
      return STREAM_EXISTS;
    default:
      return expected;
  }
};

const isErrorOfType = (error: unknown, type: ErrorType): error is { type: ErrorType } =>
  typeof error === 'object' && error !== null && (error as { type?: unknown }).type === type;

/** Events of our own streams only: system streams ($-prefixed) and link events ($>) are skipped. */
const userEvent = (resolved: AnyResolvedEvent): StoredEvent | null => {
  const event = resolved.event;
  if (!event || event.streamId.startsWith('$') || event.type.startsWith('$')) return null;
  return event;
};

const commitPositionOf = (resolved: AnyResolvedEvent, event: StoredEvent): number => {
  const commit = resolved.commitPosition ?? event.position?.commit;
  if (commit === undefined || commit === UNKNOWN_POSITION) {
    // Servers before 22.6 do not return positions on stream reads.
    throw new Error(`EventStoreDB did not return a log position for ${event.streamId}@${event.revision}; EventStoreDB 22.6 or newer is required`);
  }
  return Number(commit);
};

/** Reads a server stream item by item; `visit` returns false to stop early (the call is cancelled). */
async function visitRead<E>(read: StreamingRead<E>, visit: (item: E) => boolean): Promise<void> {
  for await (const item of read) {
    if (!visit(item)) {
      await read.cancel();
      break;
    }
  }
}

export function createEventStoreDbEventStore(options: EventStoreDbEventStoreOptions): EventStore {
  const upcasters = options.upcasters ?? defaultUpcasters;
  const client = EventStoreDBClient.connectionString(options.url);
  const stopSubscriptions = new Set<() => Promise<void>>();
  let closed = false;

  const assertOpen = () => {
    if (closed) throw new Error('Event store is closed');
  };

  const toRecorded = (resolved: AnyResolvedEvent, event: StoredEvent): RecordedEvent =>
    upcasters.upcast({
      id: event.id,
      type: event.type,
      streamName: event.streamId,
      revision: event.revision,
      position: commitPositionOf(resolved, event),
      data: event.data,
      metadata: event.metadata as EventMetadata,
      created: event.created,
    });

  const readStreamEvents = async (streamName: string, readOptions: ReadStreamOptions): Promise<RecordedEvent[]> => {
    const direction = readOptions.direction ?? 'forwards';
    const maxCount = readOptions.maxCount;
    if (maxCount !== undefined) assertMaxCount(maxCount);
    const from = readOptions.fromRevision ?? (direction === 'forwards' ? 'start' : 'end');
    if (typeof from === 'bigint') assertRevision(from);
    const fromRevision: ReadRevision = from === 'start' ? START : from === 'end' ? END : from;

    const events: RecordedEvent[] = [];
    try {
      const read = client.readStream(streamName, {
        direction: direction === 'forwards' ? FORWARDS : BACKWARDS,
        fromRevision,
        // maxCount 0 still has to tell a missing stream apart, so ask for one and keep none.
        ...(maxCount !== undefined ? { maxCount: Math.max(maxCount, 1) } : {}),
      });
      await visitRead(read, (resolved) => {
        if (maxCount === 0) return false;
        const event = resolved.event;
        if (event) events.push(toRecorded(resolved, event));
        return true;
      });
    } catch (error) {
      if (isErrorOfType(error, ErrorType.STREAM_NOT_FOUND)) throw new StreamNotFoundError(streamName);
      throw error;
    }
    return events;
  };

  const headPosition = async (): Promise<number> => {
    assertOpen();
    let head = 0;
    await visitRead(client.readAll({ fromPosition: END, direction: BACKWARDS }), (resolved) => {
      const event = userEvent(resolved);
      if (!event) return true;
      head = commitPositionOf(resolved, event);
      return false;
    });
    return head;
  };

  const startGate = createStartGate();

  const subscribeToAll = (subscribeOptions: SubscribeToAllOptions = {}): AllSubscription => {
    assertOpen();
    // The server pages catch-up itself; batchSize is checked for parity with the SQLite adapter.
    if (subscribeOptions.batchSize !== undefined) assertBatchSize(subscribeOptions.batchSize);
    const after = subscribeOptions.after ?? 0;
    if (after !== 'end') assertPosition(after, 'after');

    // Event types are filtered here, not with a server-side filter: the server reports the
    // position it has scanned to only every so many events (checkpointInterval), so a follower
    // whose filter skips the newest events would lag behind the head (and read-your-writes
    // would wait) until the next checkpoint. Skipped events cost no conversion and report
    // their exact position instead.
    const types = subscribeOptions.eventTypes ? new Set(subscribeOptions.eventTypes) : null;
    const onCheckpoint = subscribeOptions.onCheckpoint;
    /** Events, and positions of filtered-out events to report once the events before them are taken. */
    const buffer: (RecordedEvent | number)[] = [];
    const waiter = createWaiter();
    let lastPosition = after === 'end' ? -1 : after;
    let failure: unknown = null;
    let ended = false;
    let stopped = false;

    let serverSubscription: ReturnType<typeof client.subscribeToAll> | null = null;

    const open = (fromPosition: ReadPosition) => {
      const server = client.subscribeToAll({ fromPosition, filter: excludeSystemEvents() });
      serverSubscription = server;
      server.on('data', (resolved: AllStreamResolvedEvent) => {
        const event = userEvent(resolved);
        if (!event || stopped) return;
        try {
          if (types && !types.has(event.type)) {
            const position = commitPositionOf(resolved, event);
            if (position <= lastPosition) return;
            lastPosition = position;
            if (!onCheckpoint) return;
            // Consecutive skipped events need only the last position.
            if (typeof buffer[buffer.length - 1] === 'number') buffer[buffer.length - 1] = position;
            else buffer.push(position);
            waiter.wake();
            return;
          }
          const recorded = toRecorded(resolved, event);
          // The server starts after `fromPosition`; this guard keeps the port's promise of no
          // duplicates even if a reconnecting server replays the boundary event.
          if (recorded.position <= lastPosition) return;
          lastPosition = recorded.position;
          buffer.push(recorded);
          if (buffer.length >= SUBSCRIPTION_HIGH_WATER) server.pause();
        } catch (error) {
          failure = error;
        }
        waiter.wake();
      });
      server.on('error', (error: unknown) => {
        if (!isErrorOfType(error, ErrorType.CANCELLED)) failure = error;
        waiter.wake();
      });
      server.on('end', () => {
        ended = true;
        waiter.wake();
      });
      server.on('close', () => {
        ended = true;
        waiter.wake();
      });
    };

    if (after === 'end') {
      // The server would take END when the request reaches it, missing an append this process made
      // meanwhile. The head is read first instead, and appends through this store wait for it.
      startGate.hold(headPosition()).then(
        (head) => {
          lastPosition = head;
          if (!stopped) open(head === 0 ? START : toLogPosition(head));
        },
        (error: unknown) => {
          failure = error;
          waiter.wake();
        },
      );
    } else open(after === 0 ? START : toLogPosition(after));

    const stop = async () => {
      if (stopped) return;
      stopped = true;
      stopSubscriptions.delete(stop);
      buffer.length = 0;
      waiter.wake();
      await serverSubscription?.unsubscribe().catch(() => undefined);
    };
    stopSubscriptions.add(stop);

    async function* follow(): AsyncGenerator<RecordedEvent> {
      try {
        let next = 0;
        while (!stopped) {
          waiter.reset();
          if (next < buffer.length) {
            const item = buffer[next++]!;
            if (next === buffer.length) {
              buffer.length = 0;
              next = 0;
              if (serverSubscription?.isPaused()) serverSubscription.resume();
            }
            // A position: the events before it in the buffer have all been taken.
            if (typeof item === 'number') onCheckpoint?.(item);
            else yield item;
            continue;
          }
          if (failure) throw failure;
          if (ended) return;
          await waiter.wait();
        }
      } finally {
        await stop();
      }
    }

    const iterator = follow();
    return {
      [Symbol.asyncIterator]: () => iterator,
      unsubscribe: stop,
    };
  };

  return {
    async append(streamName, events: EventToAppend[], appendOptions = {}): Promise<AppendResult> {
      assertOpen();
      assertAppendable(streamName, events);
      const expected = appendOptions.expectedRevision ?? 'any';
      const startsPending = startGate.passed();
      if (startsPending) await startsPending;
      try {
        const result = await client.appendToStream(
          streamName,
          events.map((event) =>
            jsonEvent({
              id: event.id,
              type: event.type,
              data: (event.data ?? null) as JSONType,
              metadata: event.metadata,
            }),
          ),
          { expectedRevision: toServerExpectedRevision(expected) },
        );
        if (result.position) {
          return { nextExpectedRevision: result.nextExpectedRevision, position: Number(result.position.commit) };
        }
        // Some servers answer an idempotent append without a position: look the event up.
        const [last] = await readStreamEvents(streamName, { fromRevision: result.nextExpectedRevision, maxCount: 1 });
        if (!last) throw new Error(`EventStoreDB reported ${streamName}@${result.nextExpectedRevision} but it cannot be read`);
        return { nextExpectedRevision: result.nextExpectedRevision, position: last.position };
      } catch (error) {
        if (isErrorOfType(error, ErrorType.WRONG_EXPECTED_VERSION)) {
          const actual = (error as unknown as { actualVersion: bigint | 'no_stream' }).actualVersion;
          throw new WrongExpectedVersionError(streamName, expected, typeof actual === 'bigint' && actual < 0n ? 'no_stream' : actual);
        }
        throw error;
      }
    },

    async readStream(streamName, readOptions = {}) {
      assertOpen();
      return readStreamEvents(streamName, readOptions);
    },

    async readAll(readOptions: ReadAllOptions = {}) {
      assertOpen();
      const after = readOptions.after ?? 0;
      assertPosition(after, 'after');
      const maxCount = readOptions.maxCount;
      if (maxCount !== undefined) assertMaxCount(maxCount);
      if (maxCount === 0) return [];
      const limit = maxCount ?? Number.POSITIVE_INFINITY;
      const events: RecordedEvent[] = [];
      // Filtered here (see subscribeToAll); skipped events are not converted.
      const types = readOptions.eventTypes ? new Set(readOptions.eventTypes) : null;

      // System events are interleaved in $all, so the count is applied here, not on the server.
      if (readOptions.direction === 'backwards') {
        await visitRead(client.readAll({ fromPosition: END, direction: BACKWARDS }), (resolved) => {
          const event = userEvent(resolved);
          if (!event) return true;
          if (types && !types.has(event.type)) return commitPositionOf(resolved, event) > after;
          const recorded = toRecorded(resolved, event);
          if (recorded.position <= after) return false;
          events.push(recorded);
          return events.length < limit;
        });
      } else {
        const fromPosition: ReadPosition = after === 0 ? START : toLogPosition(after);
        await visitRead(client.readAll({ fromPosition, direction: FORWARDS }), (resolved) => {
          const event = userEvent(resolved);
          if (!event) return true;
          if (types && !types.has(event.type)) return true;
          const recorded = toRecorded(resolved, event);
          if (recorded.position <= after) return true; // the server read starts at `after` itself
          events.push(recorded);
          return events.length < limit;
        });
      }
      return events;
    },

    subscribeToAll,

    headPosition,

    async eventAt(position) {
      assertOpen();
      assertPosition(position, 'position');
      if (position === 0) return null;
      // A read from a position starts at the record there (inclusive).
      let found: RecordedEvent | null = null;
      await visitRead(client.readAll({ fromPosition: toLogPosition(position), direction: FORWARDS, maxCount: 16 }), (resolved) => {
        const event = userEvent(resolved);
        if (!event) return true;
        if (commitPositionOf(resolved, event) === position) found = toRecorded(resolved, event);
        return false;
      });
      return found;
    },

    async countAfter(after, countOptions = {}) {
      assertOpen();
      assertPosition(after, 'after');
      const max = countOptions.max ?? Number.POSITIVE_INFINITY;
      if (countOptions.max !== undefined) assertMaxCount(countOptions.max);
      const upTo = countOptions.upTo ?? Number.POSITIVE_INFINITY;
      let count = 0;
      if (max === 0) return 0;
      // The server keeps no count: events are read (not converted) up to `upTo` or `max`.
      await visitRead(client.readAll({ fromPosition: after === 0 ? START : toLogPosition(after), direction: FORWARDS }), (resolved) => {
        const event = userEvent(resolved);
        if (!event) return true;
        const position = commitPositionOf(resolved, event);
        if (position <= after) return true;
        if (position > upTo) return false;
        count++;
        return count < max;
      });
      return count;
    },

    async close() {
      if (closed) return;
      closed = true;
      await Promise.all([...stopSubscriptions].map((stop) => stop()));
      await client.dispose();
    },
  };
}
