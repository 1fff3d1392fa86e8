import type Database from 'better-sqlite3';
import { WrongExpectedVersionError, type AppendResult, type EventToAppend, type ExpectedRevision } from './event-store';
import type { SerializedPayloads, Statements } from './sqlite-statements';

// A commit costs more than the writes in it (WAL frames for the table and the index).
// Appends made during one turn of the event loop (e.g. the commands of concurrent requests)
// are written in one transaction, one after the other, each with its own outcome: one that
// conflicts fails alone (its checks come before any write) and the others go on, exactly
// as if they had come one by one. Only a storage failure fails them all (nothing written).

export interface GroupCommit {
  /** Queues an append for the next group (written on the next turn of the event loop). */
  append(streamName: string, events: EventToAppend[], expected: ExpectedRevision, payloads: SerializedPayloads): Promise<AppendResult>;
  /** Writes the queued appends now. */
  flush(): void;
}

/** The store's appends: checked against the stream in the write transaction, committed in groups. */
export interface GroupCommitOptions {
  /** Positions with gaps between events (a byte offset, as EventStoreDB's): a test variant. */
  gappedPositions?: boolean;
  /** False: appends with 'any' / 'stream_exists' do not recognise ids already in the stream (a test variant). */
  deduplicateIds?: boolean;
}

export function createGroupCommit(db: Database.Database, statements: Statements, onCommitted: () => void, options: GroupCommitOptions = {}): GroupCommit {
  const deduplicateIds = options.deduplicateIds ?? true;
  // Gapped: the next position is past the previous event's bytes, as in a log file.
  const positionAfter = options.gappedPositions
    ? (previous: number, payloads: SerializedPayloads, i: number) => previous + 32 + payloads.data[i]!.length + payloads.metadata[i]!.length
    : (previous: number) => previous + 1;
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
  let lastWritten: number | null = null; // the last position written, known inside a group's transaction
  const appendChecked = (streamName: string, events: EventToAppend[], expected: ExpectedRevision, payloads: SerializedPayloads): AppendResult => {
    const current = statements.streamRevision.get(streamName) ?? null;

    if (expected === 'any' || expected === 'stream_exists') {
      if (current === null) {
        if (expected === 'stream_exists') throw conflict(streamName, expected, current);
      } else if (deduplicateIds) {
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
        const original = current !== null && expectedNumber < current ? existingRun(streamName, expectedNumber + 1, events) : null;
        if (original) return original;
        throw conflict(streamName, expected, current);
      }
    }

    let previous = lastWritten ?? statements.head.get()!;
    const firstRevision = (current ?? -1) + 1;
    const created = Date.now();
    for (let i = 0; i < events.length; i++) {
      const event = events[i]!;
      const position = positionAfter(previous, payloads, i);
      statements.insert.run(position, streamName, firstRevision + i, event.id, event.type, payloads.data[i]!, payloads.metadata[i]!, created);
      previous = position;
    }
    if (lastWritten !== null) lastWritten = previous;
    return {
      nextExpectedRevision: BigInt(firstRevision + events.length - 1),
      position: previous,
    };
  };
  const appendOne = db.transaction(appendChecked);

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
    lastWritten = statements.head.get()!;
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
      lastWritten = null;
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
    if (outcomes.some((o) => o.ok)) onCommitted();
    outcomes.forEach((outcome, i) => {
      if (outcome.ok) group[i]!.resolve(outcome.result);
      else group[i]!.reject(outcome.error);
    });
  };

  return {
    append(streamName, events, expected, payloads) {
      return new Promise<AppendResult>((resolve, reject) => {
        pendingAppends.push({ streamName, events, expected, payloads, resolve, reject });
        if (!appendFlushScheduled) {
          appendFlushScheduled = true;
          setImmediate(flushAppends);
        }
      });
    },
    flush: flushAppends,
  };
}
