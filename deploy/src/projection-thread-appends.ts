import type { MessagePort } from 'node:worker_threads';
import { announceAppendTo, onAppendsTo } from '@locus/platform/event-store/sqlite-event-store';

/**
 * How a projection thread hears of the server's appends without polling events.db ten times a
 * second (docs/performance.md, "The history's thread per line, and the idle server"). The
 * thread raises `wanted`; the server's next commit lowers it and posts one message, so an idle
 * server costs the thread nothing and a busy one at most one message per read. Commits of other
 * processes are not announced: the thread's event store still polls for them, slowly.
 */

/** Server side: after each commit of this thread's stores to `eventsFile`, tells the thread if it asked. */
export function announceAppends(eventsFile: string, wanted: Int32Array, port: MessagePort): () => void {
  port.unref();
  return onAppendsTo(eventsFile, () => {
    if (Atomics.load(wanted, 0) === 1 && Atomics.compareExchange(wanted, 0, 1, 0) === 1) port.postMessage(null);
  });
}

/**
 * Thread side: once told, waits `delayMs` (appends in between are read together), asks again,
 * then wakes its subscriptions to `eventsFile`. Asking before reading means an append made
 * while the read runs is announced, not missed. A projection that gathers its live batches
 * over an interval commits no sooner anyway, so reading once per interval costs it no latency.
 */
export function followAnnouncedAppends(eventsFile: string, wanted: Int32Array, port: MessagePort, delayMs: number): { readNow(): void; close(): void } {
  let timer: NodeJS.Timeout | null = null;
  const read = () => {
    if (timer) clearTimeout(timer);
    timer = null;
    Atomics.store(wanted, 0, 1);
    announceAppendTo(eventsFile);
  };
  const onMessage = () => {
    timer ??= setTimeout(read, delayMs);
  };
  port.on('message', onMessage);
  port.unref();
  // What the server appended before the thread asked is read by the subscription's own start.
  Atomics.store(wanted, 0, 1);
  return {
    /** Reads at once (a reader waits for a position), whatever was or was not announced. */
    readNow: read,
    close() {
      port.off('message', onMessage);
      if (timer) clearTimeout(timer);
      timer = null;
      port.close();
    },
  };
}
