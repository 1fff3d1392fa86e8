import type { Bus, BusMessage, BusSubscription } from './bus';
import { assertPublishSubject, subjectMatcher } from './subject';

export interface BusLogger {
  error(obj: unknown, msg?: string): void;
  warn?(obj: unknown, msg?: string): void;
  info?(obj: unknown, msg?: string): void;
}

export class BusClosedError extends Error {
  readonly code = 'BUS.CLOSED';
  constructor() {
    super('The bus is closed');
    this.name = 'BusClosedError';
  }
}

/** Payloads travel as JSON on NATS; encoding here too keeps both adapters' semantics equal. */
export function encodePayload(data: unknown): string {
  return JSON.stringify(data === undefined ? null : data);
}

interface Sub {
  matches: (subject: string) => boolean;
  handler: (message: BusMessage) => void;
  active: boolean;
}

/** Freezes a decoded payload and everything in it: subscribers share it and none may change it. */
export function deepFreeze<T>(value: T): T {
  if (value !== null && typeof value === 'object' && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const inner of Object.values(value)) deepFreeze(inner);
  }
  return value;
}

/**
 * Bus for the embedded (single-process) mode. Delivery is asynchronous (a microtask after
 * publish), in publish order, every subscriber getting one decoded, frozen copy (never the
 * publisher's object), and a failing
 * handler never affects the publisher or other subscribers — as with NATS.
 */
export function createInProcessBus(options: { logger?: BusLogger } = {}): Bus {
  const subs = new Set<Sub>();
  const queue: { subject: string; json: string }[] = [];
  let draining = false;
  let idleWaiters: (() => void)[] = [];
  let closed = false;

  function drain() {
    try {
      while (queue.length > 0) {
        const { subject, json } = queue.shift()!;
        // Decoded once per message and shared, frozen so no subscriber can change what the
        // others see: with 1,000 live tabs that is one parse, not 1,000 (and the SSE layer's
        // frame cache, keyed by this object, serializes it once).
        let data: unknown;
        let decoded = false;
        for (const sub of [...subs]) {
          if (!sub.active || !sub.matches(subject)) continue;
          try {
            if (!decoded) {
              data = deepFreeze(JSON.parse(json));
              decoded = true;
            }
            sub.handler({ subject, data });
          } catch (err) {
            options.logger?.error({ err, subject }, 'bus subscriber failed');
          }
        }
      }
    } finally {
      draining = false;
      const w = idleWaiters;
      idleWaiters = [];
      w.forEach((resolve) => resolve());
    }
  }

  const bus: Bus = {
    publish(subject, data) {
      if (closed) throw new BusClosedError();
      assertPublishSubject(subject);
      queue.push({ subject, json: encodePayload(data) });
      if (!draining) {
        draining = true;
        queueMicrotask(drain);
      }
    },
    subscribe(pattern, handler): BusSubscription {
      if (closed) throw new BusClosedError();
      const sub: Sub = { matches: subjectMatcher(pattern), handler, active: true };
      subs.add(sub);
      return {
        unsubscribe() {
          sub.active = false;
          subs.delete(sub);
        },
      };
    },
    flush() {
      if (!draining) return Promise.resolve();
      return new Promise<void>((resolve) => idleWaiters.push(resolve));
    },
    async close() {
      if (closed) return;
      await bus.flush();
      closed = true;
      for (const s of subs) s.active = false;
      subs.clear();
    },
  };
  return bus;
}
