import { timingSafeEqual } from 'node:crypto';
import http, { type Server } from 'node:http';
import { collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';
import { operationsRegistry } from '../metrics/operation-metrics';
import type { AnyRouter } from './mount-routes';
import type { LocusMiddleware } from './state';

/** What /metrics reads about projections and reactors (the ops status report). */
export interface MetricsStatusSource {
  status(): Promise<{
    projections?: ReadonlyArray<{ name: string; lag: number }>;
    reactors?: ReadonlyArray<{ name: string; lag: number; parked: number }>;
  }>;
}

/** Who may read `/metrics` (LOCUS_METRICS_TOKEN, LOCUS_METRICS_PORT). */
export interface MetricsAccess {
  /** Required as `authorization: Bearer <token>`. */
  token?: string;
  /** Served on this port of its own instead of the app's (see serveMetricsPort). */
  port?: number;
}

export interface HttpMetrics {
  /** This app's metrics and the process's operation metrics (Google, LLM, mail, appends). */
  readonly registry: Registry;
  /** Times every request by method, route name and status. */
  readonly middleware: LocusMiddleware;
  /** `GET /metrics` in the Prometheus text format, unless `access.port` moves it to its own port. */
  mount(router: AnyRouter, access?: MetricsAccess): void;
}

/** Whether an `authorization` header carries the token (compared in constant time); no token means open. */
export function metricsAuthorized(header: string | undefined, token: string | undefined): boolean {
  if (token === undefined) return true;
  const given = Buffer.from(/^Bearer (.+)$/i.exec(header ?? '')?.[1]?.trim() ?? '');
  const expected = Buffer.from(token);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

const refusal = JSON.stringify({
  Success: false,
  ResponseMessage: 'A metrics token is required',
  ApiError: { ErrorCode: 'AUTH.METRICS_TOKEN', ErrorMessage: 'Send the metrics token as Authorization: Bearer <LOCUS_METRICS_TOKEN>', Fields: [] },
});

/**
 * `GET /metrics` alone on `host:port` (LOCUS_METRICS_PORT), so the app's port can be public
 * while Prometheus scrapes an internal one; the token still applies when set.
 */
export function serveMetricsPort(metrics: Pick<HttpMetrics, 'registry'>, options: { host: string; port: number; token?: string }): Promise<Server> {
  const server = http.createServer((req, res) => {
    const pathname = new URL(req.url ?? '/', 'http://x').pathname;
    if (pathname !== '/metrics' || (req.method !== 'GET' && req.method !== 'HEAD')) {
      res.writeHead(404, { 'content-type': 'text/plain; charset=utf-8' }).end('Not found\n');
    } else if (!metricsAuthorized(req.headers.authorization, options.token)) {
      res.writeHead(401, { 'content-type': 'application/json; charset=utf-8', 'www-authenticate': 'Bearer realm="metrics"' }).end(refusal);
    } else {
      metrics.registry.metrics().then(
        (text) => res.writeHead(200, { 'content-type': metrics.registry.contentType }).end(req.method === 'HEAD' ? undefined : text),
        () => res.writeHead(500).end(),
      );
    }
  });
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, options.host, () => {
      server.off('error', reject);
      resolve(server);
    });
  });
}

/**
 * How often the event loop's delay is sampled for `locus_nodejs_eventloop_lag_*`: each sample wakes
 * the loop, and on a virtual machine a server's CPU at a few requests a second is largely its
 * wake-ups (docs/performance.md). Once a second a scrape still holds a dozen samples, and a stall
 * still shows whenever a sample falls in it (any stall of a second or more always does).
 */
const EVENT_LOOP_SAMPLE_MS = 1_000;

/**
 * Prometheus metrics of one app (prom-client, a registry of its own): request latency,
 * projection lag and reactor lag and parked events (read from `status` at scrape time),
 * and Node's process metrics.
 */
export function createHttpMetrics(options: { status?: MetricsStatusSource } = {}): HttpMetrics {
  const own = new Registry();
  collectDefaultMetrics({ register: own, prefix: 'locus_', eventLoopMonitoringPrecision: EVENT_LOOP_SAMPLE_MS });
  const latency = new Histogram({
    name: 'locus_http_request_duration_seconds',
    help: 'HTTP request latency by method, route (route table name) and status',
    labelNames: ['method', 'route', 'status'] as const,
    buckets: [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [own],
  });
  // One labelled child per method, route and status, made once: not prom-client's timer
  // closures and label objects on every request.
  const observers = new Map<string, Map<string, Map<number, (seconds: number) => void>>>();
  const observerOf = (method: string, route: string, code: number) => {
    let byMethod = observers.get(route);
    if (!byMethod) observers.set(route, (byMethod = new Map()));
    let byStatus = byMethod.get(method);
    if (!byStatus) byMethod.set(method, (byStatus = new Map()));
    let observe = byStatus.get(code);
    if (!observe) byStatus.set(code, (observe = latency.labels(method, route, String(code)).observe));
    return observe;
  };
  const status = options.status;
  if (status) {
    // One status read per scrape feeds the three gauges.
    let pending: ReturnType<MetricsStatusSource['status']> | undefined;
    const read = () => (pending ??= status.status().finally(() => setImmediate(() => (pending = undefined))));
    type Report = Awaited<ReturnType<MetricsStatusSource['status']>>;
    const gauge = (name: string, help: string, label: string, values: (report: Report) => [string, number][]) =>
      new Gauge({
        name,
        help,
        labelNames: [label],
        registers: [own],
        async collect() {
          this.reset();
          for (const [key, value] of values(await read())) this.set({ [label]: key }, value);
        },
      });
    gauge('locus_projection_lag_events', 'Events between the head of the store and a projection', 'projection', (r) =>
      (r.projections ?? []).map((p) => [p.name, p.lag]),
    );
    gauge('locus_reactor_lag_events', 'Events between the head of the store and a reactor', 'reactor', (r) => (r.reactors ?? []).map((x) => [x.name, x.lag]));
    gauge('locus_reactor_parked_events', 'Events a reactor parked after repeated failures', 'reactor', (r) =>
      (r.reactors ?? []).map((x) => [x.name, x.parked]),
    );
  }

  const registry = Registry.merge([own, operationsRegistry]);
  return {
    registry,
    middleware: async function requestMetrics(ctx, next) {
      const started = performance.now();
      try {
        await next();
      } finally {
        // Unmatched paths share one label, so scanners cannot grow the series without bound.
        const route =
          ctx.state.route?.name ??
          (ctx.status === 404 ? 'unmatched' : ctx.path === '/metrics' || ctx.path === '/health' || ctx.path === '/ready' ? ctx.path : 'other');
        observerOf(ctx.method, route, ctx.status)((performance.now() - started) / 1000);
      }
    },
    mount(router, access = {}) {
      if (access.port !== undefined) return;
      router.get('/metrics', async function metrics(ctx) {
        if (!metricsAuthorized(ctx.get('authorization') || undefined, access.token)) {
          ctx.status = 401;
          ctx.set('www-authenticate', 'Bearer realm="metrics"');
          ctx.type = 'application/json; charset=utf-8';
          ctx.body = refusal;
          return;
        }
        ctx.type = registry.contentType;
        ctx.body = await registry.metrics();
      });
    },
  };
}
