import type { Server } from 'node:http';
import type { Writable } from 'node:stream';
import type { LocusMiddleware } from './state';

/** Default bound for in-flight requests to finish after a stop signal. */
export const DEFAULT_SHUTDOWN_TIMEOUT_MS = 10_000;

/** The event an open event stream receives before the server closes it. */
export const SHUTDOWN_EVENT = 'shutdown';

export interface Drain {
  /** True from the start of a shutdown: `/ready` answers 503. */
  readonly draining: boolean;
  /**
   * Tracks open event streams, and while draining asks the client to close the connection
   * after each response, so keep-alive sockets do not hold the server open.
   */
  readonly middleware: LocusMiddleware;
  /**
   * Stops accepting connections, sends every open event stream a final `shutdown` event and
   * ends it, lets in-flight requests finish, and resolves when the last connection is gone.
   * Connections still open after `timeoutMs` are cut; their count is returned.
   */
  shutdown(server: Server, options?: { timeoutMs?: number }): Promise<{ cut: number }>;
}

const drains = new WeakMap<object, Drain>();

/** The drain of an app made by createHttpApp (entry points that get only the app). */
export const drainOf = (app: object): Drain | undefined => drains.get(app);
export const registerDrain = (app: object, drain: Drain): void => void drains.set(app, drain);

const isEventStream = (body: unknown, type: string): body is Writable => type === 'text/event-stream' && typeof (body as Writable | null)?.end === 'function';

export function createDrain(): Drain {
  let draining = false;
  const streams = new Set<Writable>();

  const endStream = (stream: Writable) => {
    if (stream.writable && !stream.writableEnded) {
      stream.write(`event: ${SHUTDOWN_EVENT}\ndata: {"reason":"server stopping"}\n\n`);
      stream.end();
    }
  };

  return {
    get draining() {
      return draining;
    },
    middleware: async function drainMiddleware(ctx, next) {
      await next();
      if (draining) ctx.set('Connection', 'close');
      const body = ctx.body;
      if (isEventStream(body, ctx.response.type)) {
        if (draining) return endStream(body);
        streams.add(body);
        body.once('close', () => streams.delete(body));
      }
    },
    async shutdown(server, options = {}) {
      draining = true;
      const timeoutMs = options.timeoutMs ?? DEFAULT_SHUTDOWN_TIMEOUT_MS;
      let connections = 0;
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      for (const stream of streams) endStream(stream);
      streams.clear();
      // A response that began before the drain keeps its socket alive once sent: close
      // sockets as they fall idle rather than waiting for the keep-alive timeout.
      const idle = setInterval(() => server.closeIdleConnections(), 100);
      server.closeIdleConnections();
      let timer: NodeJS.Timeout | undefined;
      const timedOut = new Promise<'timeout'>((resolve) => {
        timer = setTimeout(() => resolve('timeout'), timeoutMs);
      });
      try {
        if ((await Promise.race([closed, timedOut])) === 'timeout') {
          connections = await new Promise<number>((resolve) => server.getConnections((_, count) => resolve(count)));
          server.closeAllConnections();
          await closed;
        }
      } finally {
        clearInterval(idle);
        clearTimeout(timer);
      }
      return { cut: connections };
    },
  };
}
