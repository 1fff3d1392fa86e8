import path from 'node:path';
import Database from 'better-sqlite3';
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
import {
  assertAppendable,
  assertBatchSize,
  assertMaxCount,
  assertPosition,
  assertRevision,
  createWaiter,
} from './event-store-shared';

export interface SqliteEventStoreOptions {
  /** Path of the database file, or ':memory:'. */
  file: string;
  /** Upcasters applied on read; defaults to the process-wide registry. */
  upcasters?: UpcasterRegistry;
  /** How often subscriptions look for commits made by other connections (other processes). */
  pollIntervalMs?: number;
}

const SCHEMA = `
CREATE TABLE IF NOT EXISTS events (
  position    INTEGER PRIMARY KEY,
  stream_name TEXT    NOT NULL,
  revision    INTEGER NOT NULL,
  event_id    TEXT    NOT NULL,
  type        TEXT    NOT NULL,
  data        TEXT    NOT NULL,
  metadata    TEXT    NOT NULL,
  created     INTEGER NOT NULL
);
CREATE UNIQUE INDEX IF NOT EXISTS events_stream_revision ON events (stream_name, revision);
CREATE UNIQUE INDEX IF NOT EXISTS events_stream_event_id ON events (stream_name, event_id);
`;

const COLUMNS = 'position, stream_name, revision, event_id, type, data, metadata, created';

interface EventRow {
  position: number;
  stream_name: string;
  revision: number;
  event_id: string;
  type: string;
  data: string;
  metadata: string;
  created: number;
}

/** Store instances in this process that share a file wake each other's subscriptions on append. */
const appendListenersByFile = new Map<string, Set<() => void>>();
let memoryStoreCounter = 0;

const DEFAULT_SUBSCRIPTION_BATCH = 1000;
const NO_LIMIT = -1;

export function createSqliteEventStore(options: SqliteEventStoreOptions): EventStore {
  const upcasters = options.upcasters ?? defaultUpcasters;
  const pollIntervalMs = options.pollIntervalMs ?? 100;
  const fileKey =
    options.file === ':memory:' ? `:memory:#${++memoryStoreCounter}` : path.resolve(options.file);

  const db = new Database(options.file, { timeout: 5000 });
  db.pragma('journal_mode = WAL');
  db.pragma('synchronous = NORMAL');
  db.exec(SCHEMA);

  const statements = {
    head: db.prepare<[], number>('SELECT coalesce(max(position), 0) FROM events').pluck(),
    streamRevision: db.prepare<[string], number | null>('SELECT max(revision) FROM events WHERE stream_name = ?').pluck(),
    streamExists: db.prepare<[string], number>('SELECT 1 FROM events WHERE stream_name = ? LIMIT 1').pluck(),
    revisionOfId: db
      .prepare<[string, string], number>('SELECT revision FROM events WHERE stream_name = ? AND event_id = ?')
      .pluck(),
    run: db.prepare<[string, number, number], { event_id: string; position: number }>(
      'SELECT event_id, position FROM events WHERE stream_name = ? AND revision >= ? ORDER BY revision LIMIT ?',
    ),
    insert: db.prepare(
      `INSERT INTO events (${COLUMNS}) VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
    ),
    streamForwards: db.prepare<[string, number, number], EventRow>(
      `SELECT ${COLUMNS} FROM events WHERE stream_name = ? AND revision >= ? ORDER BY revision ASC LIMIT ?`,
    ),
    streamBackwards: db.prepare<[string, number, number], EventRow>(
      `SELECT ${COLUMNS} FROM events WHERE stream_name = ? AND revision <= ? ORDER BY revision DESC LIMIT ?`,
    ),
    allForwards: db.prepare<[number, number], EventRow>(
      `SELECT ${COLUMNS} FROM events WHERE position > ? ORDER BY position ASC LIMIT ?`,
    ),
    allBackwards: db.prepare<[number, number], EventRow>(
      `SELECT ${COLUMNS} FROM events WHERE position > ? ORDER BY position DESC LIMIT ?`,
    ),
    dataVersion: db.prepare<[], number>('PRAGMA data_version').pluck(),
  };

  const toRecorded = (row: EventRow): RecordedEvent =>
    upcasters.upcast({
      id: row.event_id,
      type: row.type,
      streamName: row.stream_name,
      revision: BigInt(row.revision),
      position: row.position,
      data: JSON.parse(row.data),
      metadata: JSON.parse(row.metadata) as EventMetadata,
      created: new Date(row.created),
    });

  /** The original result when `events` already sit in the stream from `revision` on, else null. */
  const existingRun = (streamName: string, revision: number, events: EventToAppend[]): AppendResult | null => {
    const rows = statements.run.all(streamName, revision, events.length);
    if (rows.length !== events.length) return null;
    for (let i = 0; i < rows.length; i++) if (rows[i]!.event_id !== events[i]!.id) return null;
    return { nextExpectedRevision: BigInt(revision + events.length - 1), position: rows[rows.length - 1]!.position };
  };

  const conflict = (streamName: string, expected: ExpectedRevision, current: number | null) =>
    new WrongExpectedVersionError(streamName, expected, current === null ? 'no_stream' : BigInt(current));

  // Mirrors EventStoreDB's commit check: a batch already written at the expected place is an
  // idempotent success that returns the original result; a half-matching batch is a conflict.
  const appendInTransaction = db.transaction(
    (streamName: string, events: EventToAppend[], expected: ExpectedRevision): AppendResult => {
      const current = statements.streamRevision.get(streamName) ?? null;

      if (expected === 'any' || expected === 'stream_exists') {
        if (current === null) {
          if (expected === 'stream_exists') throw conflict(streamName, expected, current);
        } else {
          const firstRevision = statements.revisionOfId.get(streamName, events[0]!.id);
          if (firstRevision !== undefined) {
            const original = existingRun(streamName, firstRevision, events);
            if (original) return original;
            throw conflict(streamName, expected, current);
          }
          if (events.some((e) => statements.revisionOfId.get(streamName, e.id) !== undefined)) {
            throw conflict(streamName, expected, current);
          }
        }
      } else {
        const expectedNumber = expected === 'no_stream' ? -1 : Number(expected);
        if ((current ?? -1) !== expectedNumber) {
          const original =
            current !== null && expectedNumber < current ? existingRun(streamName, expectedNumber + 1, events) : null;
          if (original) return original;
          throw conflict(streamName, expected, current);
        }
      }

      const firstPosition = statements.head.get()! + 1;
      const firstRevision = (current ?? -1) + 1;
      const created = Date.now();
      for (let i = 0; i < events.length; i++) {
        const event = events[i]!;
        statements.insert.run(
          firstPosition + i,
          streamName,
          firstRevision + i,
          event.id,
          event.type,
          JSON.stringify(event.data) ?? 'null',
          JSON.stringify(event.metadata),
          created,
        );
      }
      return {
        nextExpectedRevision: BigInt(firstRevision + events.length - 1),
        position: firstPosition + events.length - 1,
      };
    },
  );

  // ---- subscriptions -------------------------------------------------------------------

  const subscriptionWakers = new Set<() => void>();
  const wakeSubscriptions = () => {
    for (const wake of subscriptionWakers) wake();
  };
  let listeners = appendListenersByFile.get(fileKey);
  if (!listeners) appendListenersByFile.set(fileKey, (listeners = new Set()));
  listeners.add(wakeSubscriptions);

  const notifyAppend = () => {
    for (const listener of appendListenersByFile.get(fileKey) ?? []) listener();
  };

  // Commits by other processes are not announced in-process; PRAGMA data_version changes
  // whenever another connection commits, and costs next to nothing to read.
  let pollTimer: NodeJS.Timeout | null = null;
  let lastDataVersion = 0;
  const updatePolling = () => {
    if (subscriptionWakers.size > 0 && !pollTimer && !closed) {
      lastDataVersion = statements.dataVersion.get()!;
      pollTimer = setInterval(() => {
        const version = statements.dataVersion.get()!;
        if (version !== lastDataVersion) {
          lastDataVersion = version;
          wakeSubscriptions();
        }
      }, pollIntervalMs);
      pollTimer.unref();
    } else if ((subscriptionWakers.size === 0 || closed) && pollTimer) {
      clearInterval(pollTimer);
      pollTimer = null;
    }
  };

  const stopSubscriptions = new Set<() => void>();
  let closed = false;
  const assertOpen = () => {
    if (closed) throw new Error('Event store is closed');
  };

  const subscribeToAll = (subscribeOptions: SubscribeToAllOptions = {}): AllSubscription => {
    assertOpen();
    const batchSize = subscribeOptions.batchSize ?? DEFAULT_SUBSCRIPTION_BATCH;
    assertBatchSize(batchSize);
    const after = subscribeOptions.after ?? 0;
    if (after !== 'end') assertPosition(after, 'after');
    let cursor = after === 'end' ? statements.head.get()! : after;

    const waiter = createWaiter();
    let stopped = false;
    const stop = () => {
      if (stopped) return;
      stopped = true;
      subscriptionWakers.delete(waiter.wake);
      stopSubscriptions.delete(stop);
      updatePolling();
      waiter.wake();
    };
    subscriptionWakers.add(waiter.wake);
    stopSubscriptions.add(stop);
    updatePolling();

    async function* follow(): AsyncGenerator<RecordedEvent> {
      try {
        while (!stopped) {
          waiter.reset();
          const page = statements.allForwards.all(cursor, batchSize);
          if (page.length === 0) {
            await waiter.wait();
            continue;
          }
          for (const row of page) {
            if (stopped) return;
            const event = toRecorded(row);
            cursor = row.position;
            yield event;
          }
        }
      } finally {
        stop();
      }
    }

    const iterator = follow();
    return {
      [Symbol.asyncIterator]: () => iterator,
      unsubscribe: async () => stop(),
    };
  };

  return {
    async append(streamName, events, appendOptions = {}) {
      assertOpen();
      assertAppendable(streamName, events);
      const expected = appendOptions.expectedRevision ?? 'any';
      const result = appendInTransaction.immediate(streamName, events, expected);
      notifyAppend();
      return result;
    },

    async readStream(streamName, readOptions: ReadStreamOptions = {}) {
      assertOpen();
      const direction = readOptions.direction ?? 'forwards';
      const limit = readOptions.maxCount ?? NO_LIMIT;
      assertMaxCount(limit);
      const from = readOptions.fromRevision ?? (direction === 'forwards' ? 'start' : 'end');
      if (typeof from === 'bigint') assertRevision(from);

      let rows: EventRow[];
      if (direction === 'forwards') {
        rows =
          from === 'end'
            ? []
            : statements.streamForwards.all(streamName, from === 'start' ? 0 : Number(from), limit);
      } else {
        rows =
          from === 'start'
            ? statements.streamBackwards.all(streamName, 0, limit)
            : statements.streamBackwards.all(
                streamName,
                from === 'end' ? Number.MAX_SAFE_INTEGER : Number(from),
                limit,
              );
      }
      if (rows.length === 0 && statements.streamExists.get(streamName) === undefined) {
        throw new StreamNotFoundError(streamName);
      }
      return rows.map(toRecorded);
    },

    async readAll(readOptions: ReadAllOptions = {}) {
      assertOpen();
      const after = readOptions.after ?? 0;
      assertPosition(after, 'after');
      const limit = readOptions.maxCount ?? NO_LIMIT;
      assertMaxCount(limit);
      const statement = readOptions.direction === 'backwards' ? statements.allBackwards : statements.allForwards;
      return statement.all(after, limit).map(toRecorded);
    },

    subscribeToAll,

    async headPosition() {
      assertOpen();
      return statements.head.get()!;
    },

    async close() {
      if (closed) return;
      for (const stop of [...stopSubscriptions]) stop();
      closed = true;
      updatePolling();
      listeners.delete(wakeSubscriptions);
      if (listeners.size === 0) appendListenersByFile.delete(fileKey);
      db.close();
    },
  };
}
