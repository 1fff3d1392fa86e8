import { type Waiter } from './event-store-shared';
import { POSITION, TAIL_PAGE, TYPE, type EventRow, type Statements } from './sqlite-statements';
import { untilAligned } from '../runtime/shared-tick';

// A subscription first catches up by reading pages itself (only rows of its event types,
// when it has a filter). Once it has read everything, it joins the store's one shared tail
// reader: right after appends, the tail reads the new rows once and hands each caught-up
// subscription the rows of its types, which it alone turns into events. So N followers of
// $all cost one query per wake-up instead of N, and an event is parsed only by those that
// want it. A subscription that falls too far behind leaves the tail and catches up by
// itself again.

export interface TailSubscriber {
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

export interface SharedTail {
  /** Leaves the tail: the subscription reads on by itself from where it is. */
  detach(sub: TailSubscriber): void;
  /** Joins the tail when the subscription has read at least as far as the tail; false otherwise. */
  tryAttach(sub: TailSubscriber, cursor: number): boolean;
  /** Reads the new rows soon (after appends, or commits seen from other connections). */
  schedule(): void;
  /** Wakes the subscription now if it waits to hear of positions without its events. */
  hurry(sub: TailSubscriber): void;
}

/** The store's one reader of new rows for every caught-up subscription. */
export function createSharedTail(statements: Statements, tailQueueLimit: number, progressWakeMs: number, isClosed: () => boolean): SharedTail {
  // Subscriptions that none of the new rows are for learn of the new position together, at
  // most every `progressWakeMs`, not after every append: with 16 projections and the reactors,
  // waking each of them (a batch without events, a checkpoint message, a checkpoint write) after
  // each command cost more than the command's own events at a few commands a second
  // (docs/performance.md). Read-your-writes waits only for the projections a query reads, and
  // their runtime asks for a waiting reader's position at once (`hurry`).
  const progressDue = new Set<TailSubscriber>();
  let progressTimer: NodeJS.Timeout | null = null;
  const wakeForProgress = () => {
    progressTimer = null;
    const due = [...progressDue];
    progressDue.clear();
    for (const sub of due) if (sub.attached) sub.waiter.wake();
  };
  const tail = {
    /** Last position read by the tail; meaningful only while it has subscribers. */
    position: 0,
    subscribers: new Set<TailSubscriber>(),
    scheduled: false,
  };

  const detach = (sub: TailSubscriber) => {
    progressDue.delete(sub);
    if (!sub.attached) return;
    sub.attached = false;
    sub.queue = [];
    tail.subscribers.delete(sub);
    sub.waiter.wake();
  };

  const readTail = () => {
    if (isClosed() || tail.subscribers.size === 0) return;
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
      if (handed || (sub.wantsProgress && progressWakeMs <= 0)) sub.waiter.wake();
      else if (sub.wantsProgress) progressDue.add(sub);
    }
    if (progressDue.size > 0 && !progressTimer) {
      // On the clock's multiples of the interval, with the other housekeeping (shared-tick.ts).
      progressTimer = setTimeout(wakeForProgress, untilAligned(progressWakeMs));
      progressTimer.unref?.();
    }
    // A full page: more may be waiting; let other work run in between.
    if (rows.length === TAIL_PAGE) setImmediate(scheduleTailRead);
  };

  function scheduleTailRead() {
    if (tail.scheduled || isClosed() || tail.subscribers.size === 0) return;
    tail.scheduled = true;
    // Right after the code that appended (appends made together are read together); under
    // load the runtimes' pumps gather what arrives while they work into large batches.
    queueMicrotask(() => {
      tail.scheduled = false;
      readTail();
    });
  }

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

  const hurry = (sub: TailSubscriber) => {
    if (!progressDue.delete(sub)) return;
    if (sub.attached) sub.waiter.wake();
  };

  return { detach, tryAttach, schedule: scheduleTailRead, hurry };
}
