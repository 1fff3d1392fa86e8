import type { Server } from 'node:http';
import type Koa from 'koa';
import type { Logger } from 'pino';
import { drainOf, DEFAULT_SHUTDOWN_TIMEOUT_MS } from '../http/graceful-shutdown';
import { listenOrExplain } from './port-clash';
import { ConfigError } from './config';
import { createHttpApp, metricsOf } from '../http/http-app';
import { serveMetricsPort } from '../http/metrics';
import type { ReadinessPorts } from '../http/health';
import type { MetricsAccess, MetricsStatusSource } from '../http/metrics';

/**
 * Signals within this long of the first are the same stop arriving more than once: a process
 * group's SIGTERM reaches npm, the relaunch parent and the server, and each passes it on.
 */
export const REPEATED_SIGNAL_WINDOW_MS = 2_000;

/**
 * Runs `stop` once on the first SIGINT or SIGTERM, then exits 0 (1 if it threw). Copies of that
 * signal arriving within REPEATED_SIGNAL_WINDOW_MS do not cut the drain short; a signal sent
 * later (a second Ctrl+C) exits at once (130).
 */
export function onStopSignal(logger: Logger, name: string, stop: (signal: string) => Promise<void>): void {
  let stoppingSince: number | null = null;
  const handle = async (signal: string) => {
    if (stoppingSince !== null) {
      if (Date.now() - stoppingSince < REPEATED_SIGNAL_WINDOW_MS) return;
      process.exit(130);
    }
    stoppingSince = Date.now();
    logger.info({ signal }, `${name} stopping`);
    try {
      await stop(signal);
      logger.info(`${name} stopped`);
      logger.flush?.();
      process.exit(0);
    } catch (err) {
      logger.error({ err }, `${name} did not stop cleanly`);
      process.exit(1);
    }
  };
  for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => void handle(signal));
}

/** LOCUS_SHUTDOWN_TIMEOUT_MS: how long in-flight requests get after a stop signal (read at start). */
export function shutdownTimeoutMs(env: Record<string, string | undefined> = process.env): number {
  const raw = env.LOCUS_SHUTDOWN_TIMEOUT_MS?.trim();
  if (!raw) return DEFAULT_SHUTDOWN_TIMEOUT_MS;
  if (!/^\d{1,7}$/.test(raw)) throw new ConfigError('LOCUS_SHUTDOWN_TIMEOUT_MS', `must be a whole number of milliseconds, got "${raw}"`);
  return Number(raw);
}

/**
 * Listens on `host:port` and shuts down gracefully on SIGINT/SIGTERM: `/ready` answers 503,
 * the listener closes, event streams get a final event, in-flight requests finish (bounded by
 * LOCUS_SHUTDOWN_TIMEOUT_MS, default 10 s), then `onShutdown` (close ports) and exit 0.
 */
export async function serveUntilSignal(
  app: Koa,
  options: { port: number; host?: string; logger: Logger; name: string; onShutdown?: () => Promise<void> },
): Promise<Server> {
  const timeoutMs = shutdownTimeoutMs();
  const server = await listenOrExplain(app, { port: options.port, host: options.host, variable: 'PORT' });
  options.logger.info({ port: options.port, host: options.host }, `${options.name} listening`);
  const metricsServer = await startMetricsPort(app, options.host ?? '127.0.0.1');
  onStopSignal(options.logger, options.name, async () => {
    const drain = drainOf(app);
    if (drain) {
      const { cut } = await drain.shutdown(server, { timeoutMs });
      if (cut > 0) options.logger.warn({ cut }, 'connections cut after the shutdown timeout');
    } else {
      server.close();
      server.closeAllConnections();
    }
    metricsServer?.close();
    metricsServer?.closeAllConnections();
    await options.onShutdown?.();
  });
  return server;
}

/** `/metrics` on LOCUS_METRICS_PORT when the app was made with one; null otherwise. */
export async function startMetricsPort(app: Koa, host: string): Promise<Server | null> {
  const found = metricsOf(app);
  if (found?.access.port === undefined) return null;
  return serveMetricsPort(found.metrics, { host, port: found.access.port, token: found.access.token });
}

/**
 * A worker's own HTTP endpoint (projectors, reactor worker): `/health`, `/ready` (its ports)
 * and `/metrics` on `host:port`, for container healthchecks and Prometheus; stops on a
 * signal like the APIs, then runs `onShutdown` (stop the runtime, close the ports).
 */
export async function serveProbes(options: {
  config: { port: number; host: string; metrics?: MetricsAccess };
  ports: ReadinessPorts;
  logger: Logger;
  name: string;
  metricsStatus?: MetricsStatusSource;
  onShutdown: () => Promise<void>;
}): Promise<Server> {
  const { config, ports, ...rest } = options;
  const { app } = createHttpApp({
    logger: options.logger,
    readiness: ports,
    metricsStatus: options.metricsStatus,
    metricsAccess: config.metrics,
    mount: () => {},
  });
  return serveUntilSignal(app, { ...rest, port: config.port, host: config.host });
}
