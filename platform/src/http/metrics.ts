import { collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';
import type { AnyRouter } from './mount-routes';
import type { LocusMiddleware } from './state';

/** What /metrics reads about projections and reactors (the ops status report). */
export interface MetricsStatusSource {
  status(): Promise<{
    projections?: ReadonlyArray<{ name: string; lag: number }>;
    reactors?: ReadonlyArray<{ name: string; lag: number; parked: number }>;
  }>;
}

export interface HttpMetrics {
  readonly registry: Registry;
  /** Times every request by method, route name and status. */
  readonly middleware: LocusMiddleware;
  /** `GET /metrics` in the Prometheus text format. */
  mount(router: AnyRouter): void;
}

/**
 * Prometheus metrics of one app (prom-client, a registry of its own): request latency,
 * projection lag and reactor lag and parked events (read from `status` at scrape time),
 * and Node's process metrics.
 */
export function createHttpMetrics(options: { status?: MetricsStatusSource } = {}): HttpMetrics {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry, prefix: 'locus_' });
  const latency = new Histogram({
    name: 'locus_http_request_duration_seconds',
    help: 'HTTP request latency by method, route (route table name) and status',
    labelNames: ['method', 'route', 'status'] as const,
    buckets: [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [registry],
  });
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
        registers: [registry],
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

  return {
    registry,
    middleware: async function requestMetrics(ctx, next) {
      const end = latency.startTimer();
      try {
        await next();
      } finally {
        // Unmatched paths share one label, so scanners cannot grow the series without bound.
        end({
          method: ctx.method,
          route:
            ctx.state.route?.name ??
            (ctx.status === 404 ? 'unmatched' : ctx.path === '/metrics' || ctx.path === '/health' || ctx.path === '/ready' ? ctx.path : 'other'),
          status: String(ctx.status),
        });
      }
    },
    mount(router) {
      router.get('/metrics', async function metrics(ctx) {
        ctx.type = registry.contentType;
        ctx.body = await registry.metrics();
      });
    },
  };
}
