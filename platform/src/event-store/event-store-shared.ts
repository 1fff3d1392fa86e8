import type { EventToAppend } from './event-store';

/** Argument checks shared by the adapters, so both reject the same bad input the same way. */

// EventStoreDB stores event ids as UUIDs and hands them back in lowercase; requiring that form
// here keeps ids (and idempotent re-appends) comparing equal on both adapters.
const LOWERCASE_UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

export function assertAppendable(streamName: string, events: EventToAppend[]): void {
  if (typeof streamName !== 'string' || streamName.length === 0) {
    throw new TypeError('append: streamName must be a non-empty string');
  }
  if (!Array.isArray(events) || events.length === 0) {
    throw new TypeError(`append to ${streamName}: events must be a non-empty array`);
  }
  // A command's single event needs no set to find a repeated id.
  const ids = events.length > 1 ? new Set<string>() : null;
  for (const event of events) {
    if (typeof event.id !== 'string' || !LOWERCASE_UUID.test(event.id)) {
      throw new TypeError(`append to ${streamName}: event id must be a lowercase UUID, got ${JSON.stringify(event.id)}`);
    }
    if (typeof event.type !== 'string' || event.type.length === 0) {
      throw new TypeError(`append to ${streamName}: event ${event.id} needs a non-empty type`);
    }
    if (ids?.has(event.id)) {
      throw new TypeError(`append to ${streamName}: event id ${event.id} appears twice in one append`);
    }
    ids?.add(event.id);
  }
}

export function assertMaxCount(maxCount: number): void {
  if (maxCount !== -1 && (!Number.isSafeInteger(maxCount) || maxCount < 0)) {
    throw new RangeError(`maxCount must be a non-negative integer, got ${maxCount}`);
  }
}

export function assertPosition(position: number, name: string): void {
  if (!Number.isSafeInteger(position) || position < 0) {
    throw new RangeError(`${name} must be a non-negative integer position, got ${position}`);
  }
}

export function assertRevision(revision: bigint): void {
  if (revision < 0n) throw new RangeError(`fromRevision must be >= 0, got ${revision}`);
}

export function assertBatchSize(batchSize: number): void {
  if (!Number.isSafeInteger(batchSize) || batchSize < 1) {
    throw new RangeError(`batchSize must be a positive integer, got ${batchSize}`);
  }
}

/**
 * A one-slot wake-up for a subscription loop. `reset()` before looking for work, `wait()` when
 * none was found: a `wake()` that came in between makes `wait()` return at once, so no
 * notification is lost.
 */
export interface Waiter {
  reset(): void;
  wait(): Promise<void>;
  wake(): void;
}

export function createWaiter(): Waiter {
  let woken = false;
  let resolveWait: (() => void) | null = null;
  return {
    reset() {
      woken = false;
    },
    wait() {
      if (woken) return Promise.resolve();
      return new Promise<void>((resolve) => {
        resolveWait = resolve;
      });
    },
    wake() {
      woken = true;
      const resolve = resolveWait;
      resolveWait = null;
      resolve?.();
    },
  };
}

/**
 * Where an `after: 'end'` subscription starts, when finding it takes a round trip (EventStoreDB:
 * a read of the head): until it is known, appends through the same store wait for it, so an
 * append made after `subscribeToAll` returned always lies after the start and is delivered.
 */
export interface StartGate {
  /** Holds appends until `start` settles; returns it. */
  hold<T>(start: Promise<T>): Promise<T>;
  /** Resolves once every start held so far has settled (at once when none is pending). */
  passed(): Promise<void> | null;
}

export function createStartGate(): StartGate {
  const pending = new Set<Promise<unknown>>();
  return {
    hold(start) {
      const settled = start.then(
        () => undefined,
        () => undefined,
      );
      pending.add(settled);
      void settled.then(() => pending.delete(settled));
      return start;
    },
    passed() {
      return pending.size === 0 ? null : Promise.all(pending).then(() => undefined);
    },
  };
}
