import path from 'node:path';
import Database from 'better-sqlite3';
import {
  StreamNotFoundError,
  type AllSubscription,
  type EventStore,
  type ReadAllOptions,
  type ReadStreamOptions,
  type RecordedEvent,
  type SubscribeToAllOptions,
} from './event-store';
import { assertAppendable, assertBatchSize, assertMaxCount, assertPosition, assertRevision, createStartGate, createWaiter } from './event-store-shared';
import { createGroupCommit } from './sqlite-group-commit';
import { createSharedTail, type TailSubscriber } from './sqlite-shared-tail';
import { POSITION, prepareStatements, SCHEMA, toRecordedEvent, typeList, type EventRow, type SerializedPayloads } from './sqlite-statements';
import { defaultUpcasters, type UpcasterRegistry } from './upcasters';
import { untilAligned } from '../runtime/shared-tick';

export interface SqliteEventStoreOptions {
  /** Path of the database file, or ':memory:'. */
  file: string;
  /** Upcasters applied on read; defaults to the process-wide registry. */
  upcasters?: UpcasterRegistry;
  /** How often subscriptions look for commits made by other connections (other processes). */
  pollIntervalMs?: number;
  /**
   * The slowest look while no other connection commits (default 1,000 ms, never below
   * `pollIntervalMs`): each quiet look doubles the wait up to it, a commit found brings it back.
   * At that rate the looks fall on the clock's multiples of it, with the other housekeeping.
   */
  idlePollIntervalMs?: number;
  /**
   * Rows a caught-up subscription may have waiting before it leaves the shared tail and reads
   * by itself (default 10,000). Tests lower it to exercise that path.
   */
  tailQueueLimit?: number;
  /** Positions a filtered subscription looks at per page while it catches up (default 2,500). Tests lower it. */
  catchUpWindow?: number;
  /**
   * How long a caught-up subscription with a checkpoint callback may wait to hear of new
   * positions that hold none of its events (default 1 s): they are told together, or at once
   * when the subscriber asks (`reportProgress`). 0: at once.
   */
  progressWakeMs?: number;
  /**
   * Test variants that behave as EventStoreDB does where the embedded store is kinder: `gapped`
   * positions (byte offsets with gaps; a position that is not an event's is refused, as the
   * server's InvalidPosition), `no-dedup` (an id already in the stream is appended again under
   * 'any'), `late-end` (`after: 'end'` is the head a moment after the call, as a server finds it
   * on receiving the subscription). Default: LOCUS_TEST_EVENT_STORE, a comma-separated list of them.
   */
  variants?: readonly SqliteEventStoreVariant[];
}

const VARIANTS = ['gapped', 'no-dedup', 'late-end'] as const;
export type SqliteEventStoreVariant = (typeof VARIANTS)[number];
/** How late the `late-end` variant takes the head: a round trip to a server. */
const LATE_END_MS = 10;

/** The variants named in LOCUS_TEST_EVENT_STORE (child processes of a test inherit them). */
export function eventStoreVariantsFromEnv(env: NodeJS.ProcessEnv = process.env): SqliteEventStoreVariant[] {
  const names = (env.LOCUS_TEST_EVENT_STORE ?? '')
    .split(',')
    .map((v) => v.trim())
    .filter(Boolean);
  for (const name of names) {
    if (!(VARIANTS as readonly string[]).includes(name)) throw new Error(`LOCUS_TEST_EVENT_STORE: unknown variant "${name}" (${VARIANTS.join(', ')})`);
  }
  return names as SqliteEventStoreVariant[];
}

/** A position that is not an event's (EventStoreDB answers InvalidPosition). */
export class InvalidPositionError extends RangeError {
  readonly code = 'EVENTSTORE.INVALID_POSITION';
  constructor(readonly position: number) {
    super(`Position ${position} is not the position of an event`);
    this.name = 'InvalidPositionError';
  }
}

/** Store instances in this process that share a file wake each other's subscriptions on append. */
const appendListenersByFile = new Map<string, Set<() => void>>();
let memoryStoreCounter = 0;

/**
 * Calls `listener` after each commit that a store of this thread makes to `file` (a thread
 * that follows the same file elsewhere is told by it instead of polling). Returns the undo.
 */
export function onAppendsTo(file: string, listener: () => void): () => void {
  const key = path.resolve(file);
  let listeners = appendListenersByFile.get(key);
  if (!listeners) appendListenersByFile.set(key, (listeners = new Set()));
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0 && appendListenersByFile.get(key) === listeners) appendListenersByFile.delete(key);
  };
}

/** Wakes the subscriptions of this thread's stores of `file`, as a commit of another thread was announced. */
export function announceAppendTo(file: string): void {
  for (const listener of appendListenersByFile.get(path.resolve(file)) ?? []) listener();
}

const DEFAULT_SUBSCRIPTION_BATCH = 1000;
const NO_LIMIT = -1;
const DEFAULT_TAIL_QUEUE_LIMIT = 10_000;
// As often as anyone looks without waiting: the Operations page's status tick and the deferred
// checkpoint writes come once a second (a reader that waits asks at once, `reportProgress`).
const DEFAULT_PROGRESS_WAKE_MS = 1_000;
/** Positions a filtered catch-up page looks at, at most (a short turn of the event loop). */
const DEFAULT_CATCH_UP_WINDOW = 2_500;
const nextMacrotask = () => new Promise<void>((resolve) => setImmediate(resolve));

export function createSqliteEventStore(options: SqliteEventStoreOptions): EventStore {
  const upcasters = options.upcasters ?? defaultUpcasters;
  const pollIntervalMs = options.pollIntervalMs ?? 100;
  const idlePollIntervalMs = Math.max(pollIntervalMs, options.idlePollIntervalMs ?? 1_000);
  const tailQueueLimit = options.tailQueueLimit ?? DEFAULT_TAIL_QUEUE_LIMIT;
  const catchUpWindow = options.catchUpWindow ?? DEFAULT_CATCH_UP_WINDOW;
  const fileKey = options.file === ':memory:' ? `:memory:#${++memoryStoreCounter}` : path.resolve(options.file);

  const db = new Database(options.file, { timeout: 5000 });
  db.pragma('journal_mode = WAL');
  db.pragma('synchronous = NORMAL');
  // The appends' commit runs SQLite's automatic checkpoint on the event loop, with its fsync; at
  // 10,000 WAL pages instead of 1,000 a hot page (the table's last, the index's upper levels) is
  // copied back once for ten times as many commits (docs/performance.md, Commands and live updates).
  db.pragma('wal_autocheckpoint = 10000');
  db.exec(SCHEMA);

  const statements = prepareStatements(db);
  const variants = new Set(options.variants ?? eventStoreVariantsFromEnv());
  const gapped = variants.has('gapped');
  /** A position passed in must be 0 or an event's (checked only where positions have gaps). */
  const assertEventPosition = (position: number, name: string) => {
    assertPosition(position, name);
    if (gapped && position !== 0 && statements.exists.get(position) === undefined) throw new InvalidPositionError(position);
  };

  const toRecorded = (row: EventRow): RecordedEvent => upcasters.upcast(toRecordedEvent(row));

  const startGate = createStartGate();
  const groupCommit = createGroupCommit(db, statements, () => notifyAppend(), { gappedPositions: gapped, deduplicateIds: !variants.has('no-dedup') });

  // A subscription first catches up by reading pages itself; once it has read everything it
  // joins the shared tail (sqlite-shared-tail.ts), and leaves it when it falls too far behind.
  const tail = createSharedTail(statements, tailQueueLimit, options.progressWakeMs ?? DEFAULT_PROGRESS_WAKE_MS, () => closed);

  const subscriptionCount = { value: 0 };
  const wakeSubscriptions = () => tail.schedule();
  let listeners = appendListenersByFile.get(fileKey);
  if (!listeners) appendListenersByFile.set(fileKey, (listeners = new Set()));
  listeners.add(wakeSubscriptions);

  const notifyAppend = () => {
    for (const listener of appendListenersByFile.get(fileKey) ?? []) listener();
  };

  // Commits by other processes are not announced in-process; PRAGMA data_version changes
  // whenever another connection commits, and costs next to nothing to read. The wake-up around
  // it does cost (an idle server's event loop woke ten times a second for it): while nobody
  // else commits, the looks slow down, and the first commit found brings them back.
  let pollTimer: NodeJS.Timeout | null = null;
  let lastDataVersion = 0;
  let pollWaitMs = pollIntervalMs;
  const look = () => {
    pollTimer = null;
    if (closed || subscriptionCount.value === 0) return;
    const version = statements.dataVersion.get()!;
    if (version !== lastDataVersion) {
      lastDataVersion = version;
      pollWaitMs = pollIntervalMs;
      wakeSubscriptions();
    } else pollWaitMs = Math.min(idlePollIntervalMs, pollWaitMs * 2);
    pollTimer = setTimeout(look, pollWaitMs === idlePollIntervalMs ? untilAligned(idlePollIntervalMs) : pollWaitMs);
    pollTimer.unref();
  };
  const updatePolling = () => {
    if (subscriptionCount.value > 0 && !pollTimer && !closed) {
      lastDataVersion = statements.dataVersion.get()!;
      pollWaitMs = pollIntervalMs;
      pollTimer = setTimeout(look, pollWaitMs);
      pollTimer.unref();
    } else if ((subscriptionCount.value === 0 || closed) && pollTimer) {
      clearTimeout(pollTimer);
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
    if (after !== 'end') assertEventPosition(after, 'after');
    const typesJson = subscribeOptions.eventTypes ? typeList(subscribeOptions.eventTypes) : null;
    const onCheckpoint = subscribeOptions.onCheckpoint;
    const lateStart =
      after === 'end' && variants.has('late-end')
        ? startGate.hold(new Promise((resolve) => setTimeout(resolve, LATE_END_MS)).then(() => (closed ? 0 : statements.head.get()!)))
        : null;
    /** Position up to which everything has been taken or filtered out. */
    let cursor = after === 'end' ? (lateStart ? 0 : statements.head.get()!) : after;
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
      tail.detach(sub);
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
        if (lateStart) cursor = reported = sub.queuedTo = await lateStart;
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
          // Catching up by itself. With a filter, a page looks at the next catchUpWindow positions
          // at most, and everything up to the window's end is covered once it comes back short.
          const head = typesJson !== null ? statements.head.get()! : 0;
          // Ends on an event's position (gapless positions always do), so a checkpoint reported from it is valid.
          const windowEnd = Math.min(head, cursor + catchUpWindow);
          const upTo = gapped && typesJson !== null ? statements.windowEndAfter.get({ cursor, end: windowEnd })! : windowEnd;
          const page =
            typesJson !== null ? statements.allForwardsOfTypesUpTo.all(cursor, upTo, typesJson, batchSize) : statements.allForwards.all(cursor, batchSize);
          for (const row of page) {
            if (stopped) return;
            cursor = row[POSITION];
            yield toRecorded(row);
          }
          if (stopped) return;
          if (page.length < batchSize) cursor = Math.max(cursor, upTo);
          report(cursor);
          if (page.length < batchSize && cursor >= head) {
            // Caught up with the file as of that read. If the tail has meanwhile read further
            // than we have, read on by ourselves first.
            tail.tryAttach(sub, cursor);
          } else {
            // More to read: other work (an HTTP request, another follower) gets a turn first.
            // Without it, every follower starting from 0 read the whole file in one go, and on a
            // large directory's first start /health could not answer until they were done.
            await nextMacrotask();
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
      reportProgress: () => tail.hurry(sub),
    };
  };

  return {
    async append(streamName, events, appendOptions = {}) {
      assertOpen();
      assertAppendable(streamName, events);
      const expected = appendOptions.expectedRevision ?? 'any';
      const startsPending = startGate.passed();
      if (startsPending) await startsPending;
      // Serialized now: data that cannot be stored fails this append alone, before the group.
      const payloads: SerializedPayloads = {
        data: events.map((e) => JSON.stringify(e.data) ?? 'null'),
        metadata: events.map((e) => JSON.stringify(e.metadata)),
      };
      return groupCommit.append(streamName, events, expected, payloads);
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
        rows = limit === NO_LIMIT ? statements.streamBackwardsAll.all(streamName, toRevision) : statements.streamBackwards.all(streamName, toRevision, limit);
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
      assertEventPosition(after, 'after');
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

    async eventAt(position) {
      assertOpen();
      assertPosition(position, 'position');
      const row = statements.at.get(position);
      return row ? toRecorded(row) : null;
    },

    async countAfter(after, countOptions = {}) {
      assertOpen();
      assertEventPosition(after, 'after');
      const upTo = countOptions.upTo ?? statements.head.get()!;
      assertPosition(upTo, 'upTo');
      if (countOptions.max === undefined) return statements.countBetween.get(after, upTo)!;
      assertMaxCount(countOptions.max);
      return statements.countBetweenMax.get(after, upTo, countOptions.max)!;
    },

    async close() {
      if (closed) return;
      groupCommit.flush(); // appends already accepted are written, not dropped
      for (const stop of [...stopSubscriptions]) stop();
      closed = true;
      updatePolling();
      listeners.delete(wakeSubscriptions);
      if (listeners.size === 0) appendListenersByFile.delete(fileKey);
      db.close();
    },
  };
}
