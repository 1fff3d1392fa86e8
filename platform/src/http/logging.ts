import pino, { type DestinationStream, type Logger } from 'pino';
import pinoPretty from 'pino-pretty';
export type { Logger } from 'pino';
import type { LocusMiddleware } from './state';

/** Body/query keys whose values never reach a log line. */
export const SECRET_KEY = /pass(word)?|secret|token|otp|^code$|authcode|verificationcode|api[-_]?key|authorization|cookie/i;
const CENSOR = '[REDACTED]';

/** Deep copy with the values of secret-looking keys replaced. */
export function redactSecrets(value: unknown, depth = 0): unknown {
  if (depth > 8 || value === null || typeof value !== 'object') return value;
  if (Array.isArray(value)) return value.map((item) => redactSecrets(item, depth + 1));
  const out: Record<string, unknown> = {};
  for (const [key, item] of Object.entries(value as Record<string, unknown>)) {
    out[key] = SECRET_KEY.test(key) ? CENSOR : redactSecrets(item, depth + 1);
  }
  return out;
}

/** Path with secret-looking query parameters censored (`/reset?token=[REDACTED]`). */
export function redactUrl(url: string, pathParams?: Record<string, string | undefined>): string {
  const q = url.indexOf('?');
  let path = q < 0 ? url : url.slice(0, q);
  // Path params with secret names (e.g. the one-time code in /api/auth/verify-otp/:code).
  const secretValues = new Set(
    Object.entries(pathParams ?? {})
      .filter(([key, value]) => SECRET_KEY.test(key) && value)
      .map(([, value]) => value as string),
  );
  if (secretValues.size > 0) {
    path = path
      .split('/')
      .map((segment) => (secretValues.has(safeDecode(segment)) ? CENSOR : segment))
      .join('/');
  }
  if (q < 0) return path;
  const params = new URLSearchParams(url.slice(q + 1));
  for (const key of [...params.keys()]) if (SECRET_KEY.test(key)) params.set(key, CENSOR);
  return `${path}?${params.toString()}`;
}

function safeDecode(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

export interface LoggerOptions {
  name?: string;
  level?: string;
  destination?: DestinationStream;
  /** Human-readable lines instead of JSON (default: when stdout is a terminal; LOG_FORMAT overrides). */
  pretty?: boolean;
}

/** Pretty logs for a person at a terminal; JSON for a file, a pipe or a log collector. LOG_FORMAT=json|pretty decides. */
export function wantsPrettyLogs(stdout: { isTTY?: boolean }, env: Record<string, string | undefined> = process.env): boolean {
  const format = env.LOG_FORMAT?.trim().toLowerCase();
  if (format === 'json') return false;
  if (format === 'pretty') return true;
  return stdout.isTTY === true;
}

export function createLogger(options: LoggerOptions = {}): Logger {
  const pretty = options.pretty ?? (options.destination === undefined && wantsPrettyLogs(process.stdout));
  const destination = pretty
    ? pinoPretty({
        destination: options.destination ?? 1,
        sync: true,
        colorize: options.destination === undefined && process.stdout.isTTY === true,
        translateTime: 'SYS:HH:MM:ss.l',
        ignore: 'pid,hostname',
      })
    : options.destination;
  return pino(
    {
      name: options.name ?? 'locus',
      level: options.level ?? process.env.LOG_LEVEL ?? 'info',
      redact: {
        paths: [
          'authorization',
          'headers.authorization',
          'headers.cookie',
          'req.headers.authorization',
          'req.headers.cookie',
          'body.password',
          'body.Password',
        ],
        censor: CENSOR,
      },
    },
    destination,
  );
}

/**
 * One line per request with its id, route, caller and outcome; a child logger on
 * `ctx.state.log`. Request bodies are logged (redacted) only for failed requests at debug.
 */
const REQUEST_LOG = Symbol('locus.requestLog');
interface LazyLog {
  base: Logger;
  child?: Logger;
}
type StateWithLog = { requestId?: string; [REQUEST_LOG]?: LazyLog };

// Shared accessors (the state object is `this`): no functions are made per request.
function getRequestLog(this: StateWithLog): Logger {
  const lazy = this[REQUEST_LOG]!;
  return (lazy.child ??= lazy.base.child({ requestId: this.requestId }));
}
function setRequestLog(this: StateWithLog, value: Logger): void {
  this[REQUEST_LOG]!.child = value;
}
const LAZY_LOG_PROPERTY: PropertyDescriptor = { configurable: true, enumerable: true, get: getRequestLog, set: setRequestLog };

export function requestLogger(logger: Logger): LocusMiddleware {
  return async function requestLogging(ctx, next) {
    const started = performance.now();
    // The child logger is made when something asks for it (an error, a request line): at
    // level warn, a successful request makes none.
    const state = ctx.state as typeof ctx.state & StateWithLog;
    state[REQUEST_LOG] = { base: logger };
    Object.defineProperty(state, 'log', LAZY_LOG_PROPERTY);
    try {
      await next();
    } finally {
      // Probes (load balancers, orchestrators) poll these every few seconds: debug, unless they fail.
      const probe = ctx.status < 400 && (ctx.path === '/health' || ctx.path === '/ready' || ctx.path === '/metrics');
      const level = ctx.status >= 500 ? 'error' : probe ? 'debug' : 'info';
      if (logger.isLevelEnabled(level)) {
        const ms = performance.now() - started;
        const auth = ctx.state.auth;
        const line = {
          method: ctx.method,
          url: redactUrl(ctx.originalUrl, ctx.params as Record<string, string> | undefined),
          route: ctx.state.route?.name,
          status: ctx.status,
          ms: Math.round(ms * 10) / 10,
          userId: auth?.userId,
          companyId: auth?.companyId ?? undefined,
        };
        if (ctx.status >= 500) ctx.state.log!.error(line, 'request failed');
        else if (ctx.status >= 400) ctx.state.log!.info(line, 'request rejected');
        else ctx.state.log![level](line, 'request');
      }
      if (ctx.status >= 400 && ctx.status < 500 && logger.isLevelEnabled('debug')) {
        ctx.state.log!.debug({ body: redactSecrets(ctx.request.body) }, 'rejected request body');
      }
    }
  };
}
