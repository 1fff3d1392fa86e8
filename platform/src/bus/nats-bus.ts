import { connect, type NatsConnection, type Subscription } from 'nats';
import type { Bus, BusSubscription } from './bus';
import { assertPattern, assertPublishSubject } from './subject';
import { BusClosedError, encodePayload, type BusLogger } from './in-process-bus';

export interface NatsBusOptions {
  /** e.g. `nats://127.0.0.1:4222`; several servers may be given comma-separated. */
  url: string;
  /** Connection name shown by the server (monitoring). */
  name?: string;
  logger?: BusLogger;
  /** Milliseconds before the first connection attempt gives up (default 5 s). */
  connectTimeoutMs?: number;
  /** Milliseconds between reconnect attempts (default 1 s). */
  reconnectTimeWaitMs?: number;
}

const encoder = new TextEncoder();
const decoder = new TextDecoder();

/**
 * NATS_URL's servers without credentials, and the credentials the client sends on its own:
 * `nats://user:pass@host` as user and password, `nats://token@host` as a token.
 */
export function natsServers(url: string): { servers: string[]; auth: { user?: string; pass?: string; token?: string } } {
  let auth: { user?: string; pass?: string; token?: string } = {};
  const servers = url
    .split(',')
    .map((s) => s.trim())
    .map((server) => {
      const match = /^([a-z]+:\/\/)([^@/]*)@(.*)$/i.exec(server);
      if (!match) return server;
      const [user, pass] = match[2]!.split(':').map((part) => decodeURIComponent(part));
      auth = pass === undefined ? { token: user! } : { user: user!, pass };
      return `${match[1]}${match[3]}`;
    });
  return { servers, auth };
}

/**
 * Core NATS publish/subscribe with JSON payloads. Live messages are notifications (the
 * read model is the truth), so at-most-once core NATS fits; JetStream is not needed here.
 * The client reconnects forever after a server loss; subscriptions are restored by the
 * client and publishes made while disconnected are buffered and sent on reconnect.
 */
export async function createNatsBus(options: NatsBusOptions): Promise<Bus> {
  const log = options.logger;
  const { servers, auth } = natsServers(options.url);
  const nc: NatsConnection = await connect({
    servers,
    ...auth,
    name: options.name ?? 'locus',
    timeout: options.connectTimeoutMs ?? 5_000,
    reconnect: true,
    maxReconnectAttempts: -1,
    reconnectTimeWait: options.reconnectTimeWaitMs ?? 1_000,
    pingInterval: 20_000,
  });
  let closed = false;
  const reconnectListeners = new Set<() => void>();

  void (async () => {
    for await (const s of nc.status()) {
      if (s.type === 'disconnect' || s.type === 'reconnecting') log?.warn?.({ status: s.type, data: s.data }, 'NATS connection lost; reconnecting');
      else if (s.type === 'reconnect') {
        log?.info?.({ data: s.data }, 'NATS reconnected');
        for (const listener of [...reconnectListeners]) {
          try {
            listener();
          } catch (err) {
            log?.error({ err }, 'bus reconnect listener failed');
          }
        }
      } else if (s.type === 'error') log?.error({ data: s.data }, 'NATS error');
    }
  })().catch(() => undefined);

  const bus: Bus = {
    publish(subject, data) {
      if (closed) throw new BusClosedError();
      assertPublishSubject(subject);
      nc.publish(subject, encoder.encode(encodePayload(data)));
    },
    subscribe(pattern, handler): BusSubscription {
      if (closed) throw new BusClosedError();
      assertPattern(pattern);
      const sub: Subscription = nc.subscribe(pattern, {
        callback: (err, msg) => {
          if (err) {
            log?.error({ err, pattern }, 'NATS subscription error');
            return;
          }
          let data: unknown;
          try {
            data = JSON.parse(decoder.decode(msg.data));
          } catch (e) {
            log?.error({ err: e, subject: msg.subject }, 'NATS message is not JSON; dropped');
            return;
          }
          try {
            handler({ subject: msg.subject, data });
          } catch (e) {
            log?.error({ err: e, subject: msg.subject }, 'bus subscriber failed');
          }
        },
      });
      return {
        unsubscribe() {
          if (!sub.isClosed()) sub.unsubscribe();
        },
      };
    },
    async flush() {
      if (closed) return;
      await nc.flush();
    },
    onReconnect(listener) {
      reconnectListeners.add(listener);
      return () => reconnectListeners.delete(listener);
    },
    async close() {
      if (closed) return;
      closed = true;
      reconnectListeners.clear();
      try {
        await nc.drain();
      } catch {
        await nc.close().catch(() => undefined);
      }
    },
  };
  return bus;
}
