import type { MessagePort } from 'node:worker_threads';
import type { Bus, BusMessage, BusSubscription } from './bus';
import { BusClosedError, deepFreeze, encodePayload } from './in-process-bus';
import { assertPublishSubject, subjectMatcher } from './subject';

/**
 * The bus of another thread of this process: `serveBus` lends a thread's bus over a
 * MessagePort, `connectBus` is that bus at the port's other end (the projection thread of the
 * all-in-one server publishes its changed and checkpoint messages to the server's bus, and
 * hears its switch messages). Payloads cross as JSON, as on NATS, in publish order.
 */

type ToServer =
  { t: 'pub'; subject: string; json: string } | { t: 'sub'; sid: number; pattern: string } | { t: 'unsub'; sid: number } | { t: 'flush'; id: number };
type ToClient = { t: 'msg'; sid: number; subject: string; json: string } | { t: 'flushed'; id: number };

export function serveBus(bus: Bus, port: MessagePort): { close(): void } {
  const subs = new Map<number, BusSubscription>();
  const onMessage = (m: ToServer) => {
    switch (m.t) {
      case 'pub':
        bus.publish(m.subject, JSON.parse(m.json));
        return;
      case 'sub':
        subs.set(
          m.sid,
          bus.subscribe(m.pattern, (message) =>
            port.postMessage({ t: 'msg', sid: m.sid, subject: message.subject, json: encodePayload(message.data) } satisfies ToClient),
          ),
        );
        return;
      case 'unsub':
        subs.get(m.sid)?.unsubscribe();
        subs.delete(m.sid);
        return;
      case 'flush':
        void bus.flush().finally(() => port.postMessage({ t: 'flushed', id: m.id } satisfies ToClient));
        return;
      default: {
        const never: never = m;
        return never;
      }
    }
  };
  port.on('message', onMessage);
  return {
    close() {
      port.off('message', onMessage);
      for (const s of subs.values()) s.unsubscribe();
      subs.clear();
    },
  };
}

export function connectBus(port: MessagePort): Bus {
  let nextId = 0;
  let closed = false;
  const handlers = new Map<number, (message: BusMessage) => void>();
  const flushes = new Map<number, () => void>();
  port.on('message', (m: ToClient) => {
    if (m.t === 'flushed') {
      flushes.get(m.id)?.();
      flushes.delete(m.id);
      return;
    }
    const handler = handlers.get(m.sid);
    if (!handler) return;
    try {
      handler({ subject: m.subject, data: deepFreeze(JSON.parse(m.json)) });
    } catch {
      // A failing handler never affects the others (as on every bus).
    }
  });
  // Subscriptions alone do not keep the thread alive (as a NATS connection's would not keep a test alive).
  port.unref();
  const send = (m: ToServer) => port.postMessage(m);
  const bus: Bus = {
    publish(subject, data) {
      if (closed) throw new BusClosedError();
      assertPublishSubject(subject);
      send({ t: 'pub', subject, json: encodePayload(data) });
    },
    subscribe(pattern, handler) {
      if (closed) throw new BusClosedError();
      subjectMatcher(pattern); // refuses an invalid pattern here, as the other buses do
      const sid = ++nextId;
      handlers.set(sid, handler);
      send({ t: 'sub', sid, pattern });
      return {
        unsubscribe() {
          if (!handlers.delete(sid) || closed) return;
          send({ t: 'unsub', sid });
        },
      };
    },
    flush() {
      if (closed) return Promise.resolve();
      const id = ++nextId;
      port.ref();
      return new Promise<void>((resolve) => {
        flushes.set(id, () => {
          if (flushes.size <= 1) port.unref();
          resolve();
        });
        send({ t: 'flush', id });
      });
    },
    async close() {
      if (closed) return;
      await bus.flush();
      for (const sid of handlers.keys()) send({ t: 'unsub', sid });
      handlers.clear();
      closed = true;
    },
  };
  return bus;
}
