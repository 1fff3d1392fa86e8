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
   * Sends every open event stream a final `shutdown` event and ends it, answers requests that
   * arrive from now on 503 with `Connection: close`, lets in-flight requests finish, then stops
   * accepting connections and resolves when the last one is gone. Connections still open
   * after `timeoutMs` are cut; their count is returned.
   */
  shutdown(server: Server, options?: { timeoutMs?: number }): Promise<{ cut: number }>;
}

const drains = new WeakMap<object, Drain>();

/** The drain of an app made by createHttpApp (entry points that get only the app). */
export const drainOf = (app: object): Drain | undefined => drains.get(app);
export const registerDrain = (app: object, drain: Drain): void => void drains.set(app, drain);

// The body first: reading the response's type splits its Content-Type header on every request.
const isEventStream = (body: unknown, ctx: { response: { type: string } }): body is Writable =>
  typeof (body as Writable | null)?.end === 'function' && ctx.response.type === 'text/event-stream';

/** How long no request must arrive before a draining server stops listening. */
const QUIET_MS = 150;

/** Paths that answer during a drain as they always do (the probes say the process is stopping). */
const PROBES = new Set(['/health', '/ready']);

/** The answer to a request that arrives once the drain has begun: refused, not reset. */
const STOPPING_BODY = {
  Success: false,
  ResponseMessage: 'The server is restarting. Please try again in a moment.',
  ApiError: { ErrorCode: 'SERVER.STOPPING', ErrorMessage: 'The server is restarting. Please try again in a moment.', Fields: [] },
};

export function createDrain(): Drain {
  let draining = false;
  const streams = new Set<Writable>();
  /** Requests being answered (event streams not counted: the drain ends them). */
  let inFlight = 0;
  let settled: (() => void) | null = null;
  /** When the last request arrived (ms): the listener closes after a quiet spell. */
  let lastArrival = 0;

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
      lastArrival = Date.now();
      if (draining && !PROBES.has(ctx.path)) {
        // Refused with an answer: the client may retry elsewhere or later; a reset would leave it guessing.
        ctx.status = 503;
        ctx.set('Connection', 'close');
        ctx.set('Retry-After', '5');
        ctx.body = STOPPING_BODY;
        return;
      }
      inFlight++;
      try {
        await next();
      } finally {
        inFlight--;
        if (inFlight === 0) settled?.();
      }
      if (draining) ctx.set('Connection', 'close');
      const body = ctx.body;
      if (isEventStream(body, ctx)) {
        if (draining) return endStream(body);
        streams.add(body);
        body.once('close', () => streams.delete(body));
      }
    },
    async shutdown(server, options = {}) {
      draining = true;
      const timeoutMs = options.timeoutMs ?? DEFAULT_SHUTDOWN_TIMEOUT_MS;
      const deadline = Date.now() + timeoutMs;
      for (const stream of streams) endStream(stream);
      streams.clear();
      // The listener stays open until the requests in flight are answered: connections that
      // arrive meanwhile (and those already waiting in the accept queue, which closing the
      // listener would reset) get the 503 above instead.
      let timer: NodeJS.Timeout | undefined;
      const timedOut = new Promise<'timeout'>((resolve) => {
        timer = setTimeout(() => resolve('timeout'), timeoutMs);
      });
      // Then a quiet spell: a connection just accepted may hold a request not yet read, and
      // closing it would reset it.
      for (let outcome: unknown; outcome !== 'timeout';) {
        if (inFlight > 0) outcome = await Promise.race([new Promise<void>((resolve) => (settled = resolve)), timedOut]);
        else if (Date.now() - lastArrival < QUIET_MS) outcome = await Promise.race([new Promise((resolve) => setTimeout(resolve, QUIET_MS)), timedOut]);
        else break;
      }
      settled = null;
      let connections = 0;
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      // A response that began before the drain keeps its socket alive once sent: close
      // sockets as they fall idle rather than waiting for the keep-alive timeout.
      const idle = setInterval(() => server.closeIdleConnections(), 100);
      server.closeIdleConnections();
      try {
        if (Date.now() >= deadline || (await Promise.race([closed, timedOut])) === 'timeout') {
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
