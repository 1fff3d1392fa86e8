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
  type Waiter,
} from './event-store-shared';

export interface SqliteEventStoreOptions {
  /** Path of the database file, or ':memory:'. */
  file: string;
  /** Upcasters applied on read; defaults to the process-wide registry. */
  upcasters?: UpcasterRegistry;
  /** How often subscriptions look for commits made by other connections (other processes). */
  pollIntervalMs?: number;
  /**
   * Rows a caught-up subscription may have waiting before it leaves the shared tail and reads
   * by itself (default 10,000). Tests lower it to exercise that path.
   */
  tailQueueLimit?: number;
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
/** Rows the shared tail reads at a time. */
const TAIL_PAGE = 1000;
const DEFAULT_TAIL_QUEUE_LIMIT = 10_000;

interface TailSubscriber {
  attached: boolean;
  /** Rows handed over by the tail, not yet taken by the subscription. */
  queue: EventRow[];
  /** Highest position handed over (or read before attaching): the tail never hands over more than once. */
  queuedTo: number;
  waiter: Waiter;
}

const UNPARSED: unique symbol = Symbol('unparsed');

/**
 * A RecordedEvent whose data and metadata are parsed from their JSON on first access. Runtimes
 * look at `type` first and skip most events, which then cost no parsing at all. They are own,
 * enumerable accessors, so spreading, JSON.stringify and deep equality see plain values, and
 * assigning replaces the value. Every call makes a new object: no two readers share one.
 */
function lazyRecordedEvent(row: EventRow): RecordedEvent {
  let data: unknown = UNPARSED;
  let metadata: EventMetadata | typeof UNPARSED = UNPARSED;
  return {
    id: row.event_id,
    type: row.type,
    streamName: row.stream_name,
    revision: BigInt(row.revision),
    position: row.position,
    get data(): unknown {
      if (data === UNPARSED) data = JSON.parse(row.data);
      return data;
    },
    set data(value: unknown) {
      data = value;
    },
    get metadata(): EventMetadata {
      if (metadata === UNPARSED) metadata = JSON.parse(row.metadata) as EventMetadata;
      return metadata;
    },
    set metadata(value: EventMetadata) {
      metadata = value;
    },
    created: new Date(row.created),
  };
}

export function createSqliteEventStore(options: SqliteEventStoreOptions): EventStore {
  const upcasters = options.upcasters ?? defaultUpcasters;
  const pollIntervalMs = options.pollIntervalMs ?? 100;
  const tailQueueLimit = options.tailQueueLimit ?? DEFAULT_TAIL_QUEUE_LIMIT;
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
    // A bound LIMIT makes SQLite do measurably more work per call (about 10 µs here, more than
    // the lookup itself): the whole-stream read of every command uses statements without one.
    streamForwardsAll: db.prepare<[string, number], EventRow>(
      `SELECT ${COLUMNS} FROM events WHERE stream_name = ? AND revision >= ? ORDER BY revision ASC`,
    ),
    streamBackwardsAll: db.prepare<[string, number], EventRow>(
      `SELECT ${COLUMNS} FROM events WHERE stream_name = ? AND revision <= ? ORDER BY revision DESC`,
    ),
    tailPage: db.prepare<[number], EventRow>(
      `SELECT ${COLUMNS} FROM events WHERE position > ? ORDER BY position ASC LIMIT ${TAIL_PAGE}`,
    ),
    allForwards: db.prepare<[number, number], EventRow>(
      `SELECT ${COLUMNS} FROM events WHERE position > ? ORDER BY position ASC LIMIT ?`,
    ),
    allBackwards: db.prepare<[number, number], EventRow>(
      `SELECT ${COLUMNS} FROM events WHERE position > ? ORDER BY position DESC LIMIT ?`,
    ),
    dataVersion: db.prepare<[], number>('PRAGMA data_version').pluck(),
  };

  const toRecorded = (row: EventRow): RecordedEvent => upcasters.upcast(lazyRecordedEvent(row));

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
  //
  // A subscription first catches up by reading pages itself. Once it has read everything, it
  // joins the store's one shared tail reader: after appends, the tail reads the new rows once
  // and hands them to every caught-up subscription, which turns them into events (parsing
  // data only when asked for, see lazyRecordedEvent). So N followers of $all cost one query
  // per wake-up instead of N. A subscription that falls too far behind leaves the tail and
  // catches up by itself again.

  const tail = {
    /** Last position read by the tail; meaningful only while it has subscribers. */
    position: 0,
    subscribers: new Set<TailSubscriber>(),
    scheduled: false,
  };

  const detach = (sub: TailSubscriber) => {
    if (!sub.attached) return;
    sub.attached = false;
    sub.queue = [];
    tail.subscribers.delete(sub);
    sub.waiter.wake();
  };

  const readTail = () => {
    if (closed || tail.subscribers.size === 0) return;
    const rows = statements.tailPage.all(tail.position);
    if (rows.length === 0) return;
    tail.position = rows[rows.length - 1]!.position;
    for (const sub of tail.subscribers) {
      if (sub.queue.length + rows.length > tailQueueLimit) {
        detach(sub); // it reads on by itself from its cursor, nothing is lost
        continue;
      }
      for (const row of rows) {
        if (row.position > sub.queuedTo) sub.queue.push(row);
      }
      sub.queuedTo = tail.position;
      sub.waiter.wake();
    }
    // A full page: more may be waiting; let other work run in between.
    if (rows.length === TAIL_PAGE) setImmediate(scheduleTailRead);
  };

  function scheduleTailRead() {
    if (tail.scheduled || closed || tail.subscribers.size === 0) return;
    tail.scheduled = true;
    // Right after the code that appended (appends made together are read together); under
    // load the runtimes' pumps gather what arrives while they work into large batches.
    queueMicrotask(() => {
      tail.scheduled = false;
      readTail();
    });
  }

  /** Joins the tail when the subscription has read at least as far as the tail; false otherwise. */
  const tryAttach = (sub: TailSubscriber, cursor: number): boolean => {
    if (tail.subscribers.size === 0) tail.position = cursor;
    else if (tail.position > cursor) return false;
    sub.attached = true;
    sub.queue = [];
    sub.queuedTo = cursor;
    tail.subscribers.add(sub);
    // Rows committed while the subscription was yielding its last page: read them now, as a
    // subscription reading by itself would have.
    readTail();
    return true;
  };

  const subscriptionCount = { value: 0 };
  const wakeSubscriptions = () => scheduleTailRead();
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
    if (subscriptionCount.value > 0 && !pollTimer && !closed) {
      lastDataVersion = statements.dataVersion.get()!;
      pollTimer = setInterval(() => {
        const version = statements.dataVersion.get()!;
        if (version !== lastDataVersion) {
          lastDataVersion = version;
          wakeSubscriptions();
        }
      }, pollIntervalMs);
      pollTimer.unref();
    } else if ((subscriptionCount.value === 0 || closed) && pollTimer) {
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

    const sub: TailSubscriber = { attached: false, queue: [], queuedTo: cursor, waiter: createWaiter() };
    let stopped = false;
    const stop = () => {
      if (stopped) return;
      stopped = true;
      detach(sub);
      stopSubscriptions.delete(stop);
      subscriptionCount.value--;
      updatePolling();
      sub.waiter.wake();
    };
    stopSubscriptions.add(stop);
    subscriptionCount.value++;
    updatePolling();

    async function* follow(): AsyncGenerator<RecordedEvent> {
      try {
        while (!stopped) {
          if (sub.attached) {
            sub.waiter.reset();
            if (sub.queue.length === 0) {
              await sub.waiter.wait();
              continue;
            }
            const rows = sub.queue;
            sub.queue = [];
            // Rows taken here stay valid even if the tail drops this subscription meanwhile.
            for (const row of rows) {
              if (stopped) return;
              cursor = row.position;
              yield toRecorded(row);
            }
            continue;
          }
          const page = statements.allForwards.all(cursor, batchSize);
          for (const row of page) {
            if (stopped) return;
            cursor = row.position;
            yield toRecorded(row);
          }
          // Fewer than a page: caught up with the file as of that read. If the tail has
          // meanwhile read further than we have, read on by ourselves first.
          if (page.length < batchSize && !stopped) tryAttach(sub, cursor);
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
        const fromRevision = from === 'start' ? 0 : Number(from);
        rows =
          from === 'end'
            ? []
            : limit === NO_LIMIT
              ? statements.streamForwardsAll.all(streamName, fromRevision)
              : statements.streamForwards.all(streamName, fromRevision, limit);
      } else {
        const toRevision = from === 'start' ? 0 : from === 'end' ? Number.MAX_SAFE_INTEGER : Number(from);
        rows =
          limit === NO_LIMIT
            ? statements.streamBackwardsAll.all(streamName, toRevision)
            : statements.streamBackwards.all(streamName, toRevision, limit);
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
