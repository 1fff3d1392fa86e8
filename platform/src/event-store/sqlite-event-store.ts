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
-- Files made by earlier versions had a unique index on (stream_name, event_id). Event ids are
-- random, so it added a write to a random page per event, about half the cost of an append.
-- Only appends with 'any' / 'stream_exists' look events up by id, and they now read the
-- stream's ids through events_stream_revision instead.
DROP INDEX IF EXISTS events_stream_event_id;
`;

const COLUMNS = 'position, stream_name, revision, event_id, type, data, metadata, created';

/**
 * A row of COLUMNS, read in raw mode (an array, not an object with named keys: measurably
 * cheaper per row when a rebuild reads hundreds of thousands).
 */
type EventRow = [
  position: number,
  streamName: string,
  revision: number,
  eventId: string,
  type: string,
  data: string,
  metadata: string,
  created: number,
];
const POSITION = 0;
const TYPE = 4;

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
  /** Highest position handed over or filtered out: the tail never hands a row over twice. */
  queuedTo: number;
  /** Event types wanted (null: all). */
  types: ReadonlySet<string> | null;
  /** Wake the subscription for progress alone (it reports checkpoints). */
  wantsProgress: boolean;
  waiter: Waiter;
}

/** Events' data and metadata as stored (JSON), made before the append is queued. */
interface SerializedPayloads {
  data: string[];
  metadata: string[];
}

const toRecordedEvent = (row: EventRow): RecordedEvent => ({
  id: row[3],
  type: row[4],
  streamName: row[1],
  revision: BigInt(row[2]),
  position: row[0],
  data: JSON.parse(row[5]),
  metadata: JSON.parse(row[6]) as EventMetadata,
  created: new Date(row[7]),
});

const typeList = (types: readonly string[]): string => {
  if (!Array.isArray(types) || types.some((t) => typeof t !== 'string')) {
    throw new TypeError('eventTypes must be an array of strings');
  }
  return JSON.stringify(types);
};

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
    revisionsOfIds: db.prepare<[string, string], { event_id: string; revision: number }>(
      'SELECT event_id, revision FROM events WHERE stream_name = ? AND event_id IN (SELECT value FROM json_each(?))',
    ),
    run: db.prepare<[string, number, number], { event_id: string; position: number }>(
      'SELECT event_id, position FROM events WHERE stream_name = ? AND revision >= ? ORDER BY revision LIMIT ?',
    ),
    insert: db.prepare(
      `INSERT INTO events (${COLUMNS}) VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
    ),
    streamForwards: db.prepare<[string, number, number], EventRow>(
      `SELECT ${COLUMNS} FROM events WHERE stream_name = ? AND revision >= ? ORDER BY revision ASC LIMIT ?`,
    ).raw(true),
    streamBackwards: db.prepare<[string, number, number], EventRow>(
      `SELECT ${COLUMNS} FROM events WHERE stream_name = ? AND revision <= ? ORDER BY revision DESC LIMIT ?`,
    ).raw(true),
    // A bound LIMIT makes SQLite do measurably more work per call (about 10 µs here, more than
    // the lookup itself): the whole-stream read of every command uses statements without one.
    streamForwardsAll: db.prepare<[string, number], EventRow>(
      `SELECT ${COLUMNS} FROM events WHERE stream_name = ? AND revision >= ? ORDER BY revision ASC`,
    ).raw(true),
    streamBackwardsAll: db.prepare<[string, number], EventRow>(
      `SELECT ${COLUMNS} FROM events WHERE stream_name = ? AND revision <= ? ORDER BY revision DESC`,
    ).raw(true),
    tailPage: db.prepare<[number], EventRow>(
      `SELECT ${COLUMNS} FROM events WHERE position > ? ORDER BY position ASC LIMIT ${TAIL_PAGE}`,
    ).raw(true),
    allForwards: db.prepare<[number, number], EventRow>(
      `SELECT ${COLUMNS} FROM events WHERE position > ? ORDER BY position ASC LIMIT ?`,
    ).raw(true),
    allBackwards: db.prepare<[number, number], EventRow>(
      `SELECT ${COLUMNS} FROM events WHERE position > ? ORDER BY position DESC LIMIT ?`,
    ).raw(true),
    // Events of some types only: the others are never read into objects.
    allForwardsOfTypes: db.prepare<[number, string, number], EventRow>(
      `SELECT ${COLUMNS} FROM events WHERE position > ? AND type IN (SELECT value FROM json_each(?)) ORDER BY position ASC LIMIT ?`,
    ).raw(true),
    allBackwardsOfTypes: db.prepare<[number, string, number], EventRow>(
      `SELECT ${COLUMNS} FROM events WHERE position > ? AND type IN (SELECT value FROM json_each(?)) ORDER BY position DESC LIMIT ?`,
    ).raw(true),
    dataVersion: db.prepare<[], number>('PRAGMA data_version').pluck(),
  };

  const toRecorded = (row: EventRow): RecordedEvent => upcasters.upcast(toRecordedEvent(row));

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
  // Runs inside a write transaction. Every check comes before the first write, so a conflict
  // (thrown as WrongExpectedVersionError) leaves nothing behind.
  let nextPosition: number | null = null; // known inside a group's transaction
  const appendChecked = (
    streamName: string,
    events: EventToAppend[],
    expected: ExpectedRevision,
    payloads: SerializedPayloads,
  ): AppendResult => {
    const current = statements.streamRevision.get(streamName) ?? null;

    if (expected === 'any' || expected === 'stream_exists') {
      if (current === null) {
        if (expected === 'stream_exists') throw conflict(streamName, expected, current);
      } else {
        // One pass over the stream for all the batch's ids.
        const found = statements.revisionsOfIds.all(streamName, JSON.stringify(events.map((e) => e.id)));
        if (found.length > 0) {
          const first = found.find((row) => row.event_id === events[0]!.id);
          const original = first ? existingRun(streamName, first.revision, events) : null;
          if (original) return original;
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

    const firstPosition = nextPosition ?? statements.head.get()! + 1;
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
        payloads.data[i]!,
        payloads.metadata[i]!,
        created,
      );
    }
    if (nextPosition !== null) nextPosition = firstPosition + events.length;
    return {
      nextExpectedRevision: BigInt(firstRevision + events.length - 1),
      position: firstPosition + events.length - 1,
    };
  };
  const appendOne = db.transaction(appendChecked);

  // ---- group commit ----------------------------------------------------------------------
  //
  // A commit costs more than the writes in it (WAL frames for the table and the index).
  // Appends made during one turn of the event loop (e.g. the commands of concurrent requests)
  // are written in one transaction, one after the other, each with its own outcome: one that
  // conflicts fails alone (its checks come before any write) and the others go on, exactly
  // as if they had come one by one. Only a storage failure fails them all (nothing written).

  interface PendingAppend {
    streamName: string;
    events: EventToAppend[];
    expected: ExpectedRevision;
    payloads: SerializedPayloads;
    resolve(result: AppendResult): void;
    reject(err: unknown): void;
  }
  type Outcome = { ok: true; result: AppendResult } | { ok: false; error: unknown };
  let pendingAppends: PendingAppend[] = [];
  let appendFlushScheduled = false;

  const appendGroup = db.transaction((group: PendingAppend[]): Outcome[] => {
    nextPosition = statements.head.get()! + 1;
    try {
      return group.map((item): Outcome => {
        try {
          return { ok: true, result: appendChecked(item.streamName, item.events, item.expected, item.payloads) };
        } catch (error) {
          if (error instanceof WrongExpectedVersionError) return { ok: false, error };
          throw error; // not a refusal: the transaction rolls back
        }
      });
    } finally {
      nextPosition = null;
    }
  });

  const flushAppends = () => {
    appendFlushScheduled = false;
    const group = pendingAppends;
    pendingAppends = [];
    if (group.length === 0) return;
    let outcomes: Outcome[];
    try {
      if (group.length === 1) {
        const only = group[0]!;
        try {
          outcomes = [{ ok: true, result: appendOne.immediate(only.streamName, only.events, only.expected, only.payloads) }];
        } catch (error) {
          outcomes = [{ ok: false, error }];
        }
      } else {
        outcomes = appendGroup.immediate(group);
      }
    } catch (error) {
      // The transaction failed (busy past the timeout, disk full): nothing was written.
      for (const item of group) item.reject(error);
      return;
    }
    if (outcomes.some((o) => o.ok)) notifyAppend();
    outcomes.forEach((outcome, i) => {
      if (outcome.ok) group[i]!.resolve(outcome.result);
      else group[i]!.reject(outcome.error);
    });
  };

  // ---- subscriptions -------------------------------------------------------------------
  //
  // A subscription first catches up by reading pages itself (only rows of its event types,
  // when it has a filter). Once it has read everything, it joins the store's one shared tail
  // reader: right after appends, the tail reads the new rows once and hands each caught-up
  // subscription the rows of its types, which it alone turns into events. So N followers of
  // $all cost one query per wake-up instead of N, and an event is parsed only by those that
  // want it. A subscription that falls too far behind leaves the tail and catches up by
  // itself again.

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
    tail.position = rows[rows.length - 1]![POSITION];
    for (const sub of tail.subscribers) {
      let handed = false;
      for (const row of rows) {
        if (row[POSITION] <= sub.queuedTo || (sub.types !== null && !sub.types.has(row[TYPE]))) continue;
        sub.queue.push(row);
        handed = true;
      }
      if (sub.queue.length > tailQueueLimit) {
        detach(sub); // it reads on by itself from where it is, nothing is lost
        continue;
      }
      sub.queuedTo = tail.position;
      if (handed || sub.wantsProgress) sub.waiter.wake();
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
    const typesJson = subscribeOptions.eventTypes ? typeList(subscribeOptions.eventTypes) : null;
    const onCheckpoint = subscribeOptions.onCheckpoint;
    /** Position up to which everything has been taken or filtered out. */
    let cursor = after === 'end' ? statements.head.get()! : after;
    let reported = cursor;
    const report = (position: number) => {
      if (position <= reported) return;
      reported = position;
      onCheckpoint?.(position);
    };

    const sub: TailSubscriber = {
      attached: false,
      queue: [],
      queuedTo: cursor,
      types: subscribeOptions.eventTypes ? new Set(subscribeOptions.eventTypes) : null,
      wantsProgress: !!onCheckpoint,
      waiter: createWaiter(),
    };
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
            if (sub.queue.length === 0 && sub.queuedTo <= cursor) {
              await sub.waiter.wait();
              continue;
            }
            const rows = sub.queue;
            const scanned = sub.queuedTo;
            sub.queue = [];
            // Rows taken here stay valid even if the tail drops this subscription meanwhile.
            for (const row of rows) {
              if (stopped) return;
              cursor = row[POSITION];
              yield toRecorded(row);
            }
            if (stopped) return;
            // Resumed after the last yield: the consumer has taken every row up to `scanned`.
            cursor = Math.max(cursor, scanned);
            report(cursor);
            continue;
          }
          // Catching up by itself. With a filter, everything up to the head read before the
          // page is covered once the page comes back short.
          const headBefore = typesJson !== null ? statements.head.get()! : 0;
          const page =
            typesJson !== null
              ? statements.allForwardsOfTypes.all(cursor, typesJson, batchSize)
              : statements.allForwards.all(cursor, batchSize);
          for (const row of page) {
            if (stopped) return;
            cursor = row[POSITION];
            yield toRecorded(row);
          }
          if (stopped) return;
          if (page.length < batchSize) {
            cursor = Math.max(cursor, headBefore);
            report(cursor);
            // Caught up with the file as of that read. If the tail has meanwhile read further
            // than we have, read on by ourselves first.
            tryAttach(sub, cursor);
          } else {
            report(cursor);
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
      // Serialized now: data that cannot be stored fails this append alone, before the group.
      const payloads: SerializedPayloads = {
        data: events.map((e) => JSON.stringify(e.data) ?? 'null'),
        metadata: events.map((e) => JSON.stringify(e.metadata)),
      };
      return new Promise<AppendResult>((resolve, reject) => {
        pendingAppends.push({ streamName, events, expected, payloads, resolve, reject });
        if (!appendFlushScheduled) {
          appendFlushScheduled = true;
          setImmediate(flushAppends);
        }
      });
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
      // Nothing read from the whole stream (the usual read of a command on a new stream)
      // already says it does not exist.
      const wholeStream = direction === 'forwards' && from === 'start' && limit === NO_LIMIT;
      if (rows.length === 0 && (wholeStream || statements.streamExists.get(streamName) === undefined)) {
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
      const backwards = readOptions.direction === 'backwards';
      if (readOptions.eventTypes) {
        const types = typeList(readOptions.eventTypes);
        const statement = backwards ? statements.allBackwardsOfTypes : statements.allForwardsOfTypes;
        return statement.all(after, types, limit).map(toRecorded);
      }
      const statement = backwards ? statements.allBackwards : statements.allForwards;
      return statement.all(after, limit).map(toRecorded);
    },

    subscribeToAll,

    async headPosition() {
      assertOpen();
      return statements.head.get()!;
    },

    async close() {
      if (closed) return;
      flushAppends(); // appends already accepted are written, not dropped
      for (const stop of [...stopSubscriptions]) stop();
      closed = true;
      updatePolling();
      listeners.delete(wakeSubscriptions);
      if (listeners.size === 0) appendListenersByFile.delete(fileKey);
      db.close();
    },
  };
}
