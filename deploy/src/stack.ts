import path from 'node:path';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createHttpApp, createLogger, createTokenService, type CommandDeps, type LocusConfig, type Logger, type QueryDeps } from '@locus/platform';
import { createPorts, type Ports } from '@locus/platform/config/ports';
import { createReadModels } from '@locus/platform/runtime/read-models';
import { createProjectorRuntime, type ProjectorRuntime } from '@locus/platform/runtime/projector-runtime';
import { createReactorRuntime, type ReactorRuntime } from '@locus/platform/runtime/reactor-runtime';
import { createOpsStatus } from '@locus/platform/runtime/ops-status';
import { createRebuildJobs, type RebuildJobs } from '@locus/platform/runtime/rebuild-jobs';
import { startOpsLive } from '@locus/platform/runtime/ops-live';
import { serveControlSocket } from '@locus/platform/runtime/control-socket';
import { explainPortClash, listenOrExplain } from '@locus/platform/config/port-clash';
import { startMetricsPort } from '@locus/platform/config/serve';
import { ConfigError } from '@locus/platform/config/config';
import { createSmtpMailer } from '@locus/platform/mail/smtp-mailer';
import { mediaStoreOf } from '@locus/platform/blob/file-blob-store';
import { serveMedia } from '@locus/platform/blob/serve-media';
import { mountCommandApi } from '@locus/command-api/app';
import { reactorFeatures, scheduleFeatures, sessionValidation as commandSessionValidation } from '@locus/command-api/features';
import { createScheduler } from '@locus/command-api/kit/every';
import { mountQueryApi } from '@locus/query-api/app';
import { sessionValidation as querySessionValidation } from '@locus/query-api/features';
import { projections } from '@locus/projectors/features';
import type { RunningSandbox } from '@locus/sandbox/index';
import { keepsProjectionFiles } from '@locus/platform/read-store/projection-files';
import { startProjectionThreads } from './projection-threads';
import { serveWebApp } from './web-static';

const repoRoot = path.resolve(import.meta.dirname, '..', '..');
export const webDistDir = path.join(repoRoot, 'web', 'dist');

export interface LocusStack {
  /** Base URL of the web app and API (http://127.0.0.1:PORT). */
  url: string;
  config: LocusConfig;
  ports: Ports;
  commandDeps: CommandDeps;
  sandbox?: RunningSandbox;
  projectors: ProjectorRuntime;
  reactors: ReactorRuntime;
  /** Online rebuilds run by this server (/operations, and the CLI while the server runs). */
  rebuildJobs: RebuildJobs;
  server: Server;
  logger: Logger;
  /** Stops at once: open connections are cut (tests). */
  close(): Promise<void>;
  /**
   * Stops gracefully (SIGTERM): `/ready` answers 503, the listener closes, event streams get a
   * final event, in-flight requests finish within `timeoutMs`, then projectors and reactors
   * stop after their current batch with their checkpoints flushed, and the ports close.
   */
  shutdown(timeoutMs?: number): Promise<{ cut: number }>;
}

export interface StartStackOptions {
  logger?: Logger;
  /** Serve web/dist when it exists (default true). */
  serveWeb?: boolean;
  /** Start the sandbox when config.sandbox.enabled (default true). */
  startSandbox?: boolean;
  /**
   * Reactors left out, by name (tests whose subject does not need them: the reviews and insights
   * reads each imported location starts cost a 300-location test most of its time).
   */
  skipReactors?: readonly string[];
  /** Schedules left out, by name (a test comparing read models cannot have a tick appending between reads). */
  skipSchedules?: readonly string[];
}

/**
 * Everything in one process (the all-in-one mode behind `npm start`, also used by the
 * browser tests and the benchmark): sandbox, ports, projectors, reactors, and the command
 * and query routes on one Koa server with the web app.
 */
export async function startLocusStack(config: LocusConfig, options: StartStackOptions = {}): Promise<LocusStack> {
  const logger = options.logger ?? createLogger({ name: 'locus' });
  let sandbox: RunningSandbox | undefined;
  if (config.sandbox.enabled && options.startSandbox !== false) {
    const { httpPort, smtpPort } = config.sandbox;
    // Loaded only when it runs: its mail parser and SMTP server would slow every start (docs/performance.md).
    const { startSandbox } = await import('@locus/sandbox/index').catch((err: unknown) => {
      // The production image leaves the sandbox's packages out.
      if ((err as NodeJS.ErrnoException).code !== 'ERR_MODULE_NOT_FOUND') throw err;
      throw new ConfigError(
        'LOCUS_SANDBOX',
        'is on, but this installation has no sandbox (a production image); accepted: 0, with the real services or their URLs set',
      );
    });
    sandbox = await startSandbox({
      httpPort,
      smtpPort,
      dataDir: path.join(config.dataDir, 'sandbox'),
      log: (message) => logger.debug({ sandbox: true }, message),
    }).catch((err: unknown) => {
      throw (
        explainPortClash(err, [
          [httpPort, 'LOCUS_SANDBOX_PORT'],
          [smtpPort, 'LOCUS_SANDBOX_SMTP_PORT'],
        ]) ?? err
      );
    });
    // The sandbox plays Cloud Pub/Sub too: its push subscription on Locus's topic delivers here.
    const { topic, audience } = config.google.pubsub;
    if (topic) {
      const pushEndpoint = `${config.publicUrl.replace(/\/$/, '')}/api/google/notifications`;
      await fetch(`${sandbox.url}/google/__sandbox/pubsub/subscriptions`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ topic, pushEndpoint, audience: audience || pushEndpoint }),
      });
    }
  }
  const ports = await createPorts(config, { logger, purpose: 'all-in-one' });
  // With the embedded stores, projections marked ownThread (the company history) run on threads
  // of their own, each with its own file; `readStore` joins their files to readmodels.db.
  const threads = keepsProjectionFiles(ports.adapters)
    ? await startProjectionThreads({
        dataDir: config.dataDir,
        readStore: ports.readStore,
        bus: ports.bus,
        projections,
        logger: logger.child({ component: 'projectors' }),
        cacheDocuments: config.readCacheDocuments,
      }).catch(async (err: unknown) => {
        await ports.close();
        await sandbox?.close();
        throw err;
      })
    : null;
  const readStore = threads?.readStore ?? ports.readStore;
  const projectors = createProjectorRuntime({
    eventStore: ports.eventStore,
    readStore,
    bus: ports.bus,
    projections: threads?.local ?? projections,
    logger: logger.child({ component: 'projectors' }),
  });
  const readModels = createReadModels({ readStore, bus: ports.bus, projections });
  const tokens = createTokenService({
    secret: config.jwtSecret,
    previousSecrets: config.previousJwtSecrets,
    ttlSeconds: config.tokenTtlSeconds,
    clock: ports.clock,
    ids: ports.ids,
  });
  const mailer = createSmtpMailer(config.smtp);
  const commandDeps: CommandDeps = {
    eventStore: ports.eventStore,
    readStore,
    bus: ports.bus,
    rateLimits: ports.rateLimits,
    clock: ports.clock,
    ids: ports.ids,
    readModels,
    mailer,
    tokens,
    logger,
    config,
  };
  const queryDeps: QueryDeps = { readModels, bus: ports.bus, clock: ports.clock, tokens, logger, config };
  const reactorDefinitions = reactorFeatures.flatMap((feature) => feature(commandDeps)).filter((r) => !options.skipReactors?.includes(r.name));
  const reactors = createReactorRuntime({
    eventStore: ports.eventStore,
    readStore,
    bus: ports.bus,
    reactors: reactorDefinitions,
    logger: logger.child({ component: 'reactors' }),
  });
  // Started once the server listens (below): `/health` answers whatever the runtimes have to catch up on.
  // Embedded stores belong to this one process (the data-dir lock): a restart after a crash
  // holds its schedules again at once instead of waiting for the dead process's leases to expire.
  const scheduler = createScheduler({
    readStore,
    logger: logger.child({ component: 'schedules' }),
    ...(ports.adapters.readStore === 'embedded' ? { holder: 'all-in-one' } : {}),
  });
  const rebuildJobs = createRebuildJobs({
    eventStore: ports.eventStore,
    readStore,
    bus: ports.bus,
    projections,
    logger: logger.child({ component: 'rebuilds' }),
  });
  const opsStatus = createOpsStatus({ eventStore: ports.eventStore, readStore, projections, reactors: reactorDefinitions, rebuildJobs });
  const opsLive = startOpsLive({ bus: ports.bus, rebuildJobs });
  // Embedded: this process owns the data dir, so the projections CLI asks it (locus.sock) instead of refusing.
  const control = ports.adapters.readStore === 'embedded' ? await serveControlSocket({ dataDir: config.dataDir, rebuildJobs, opsStatus }) : null;

  const { app, drain } = createHttpApp({
    logger,
    readiness: { eventStore: ports.eventStore, readStore, bus: ports.bus, readModels },
    metricsStatus: opsStatus,
    metricsAccess: config.metrics,
    mount: (router) => {
      mountCommandApi(router, {
        ...commandDeps,
        sessionValidator: commandSessionValidation?.(commandDeps),
        ops: { projections, rebuildJobs, reactors },
      });
      mountQueryApi(router, {
        ...queryDeps,
        sessionValidator: querySessionValidation?.(queryDeps),
        opsStatus,
        readiness: { eventStore: ports.eventStore, readStore },
      });
    },
  });
  app.use(serveMedia(mediaStoreOf(config.dataDir)));
  if (options.serveWeb !== false) serveWebApp(app, webDistDir);

  const stopWorkers = async () => {
    await scheduler.stop();
    opsLive.close();
    await control?.close();
    await rebuildJobs.stop();
    await reactors.stop();
    await projectors.stop();
    await threads?.stop();
    readModels.close();
    mailer.close();
    await ports.close();
    await sandbox?.close();
  };
  const server: Server = await listenOrExplain(app, { port: config.port, host: config.host, variable: 'PORT' }).catch(async (err: unknown) => {
    await stopWorkers();
    throw err;
  });
  try {
    // Listening first: `/health` answers while the projections and reactors start and catch up
    // (`/ready` says when the read models are built).
    await projectors.start();
    await reactors.start();
    scheduler.start(scheduleFeatures.flatMap((feature) => feature(commandDeps)).filter((s) => !options.skipSchedules?.includes(s.name)));
  } catch (err) {
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
    await stopWorkers();
    throw err;
  }
  const metricsServer = await startMetricsPort(app, config.host).catch(async (err: unknown) => {
    server.closeAllConnections();
    server.close();
    await stopWorkers();
    throw explainPortClash(err, [[config.metrics?.port ?? 0, 'LOCUS_METRICS_PORT']]) ?? err;
  });
  const port = (server.address() as AddressInfo).port;
  const url = `http://127.0.0.1:${port}`;
  let closed = false;
  return {
    url,
    config,
    ports: { ...ports, readStore },
    commandDeps,
    sandbox,
    projectors,
    reactors,
    rebuildJobs,
    server,
    logger,
    async close() {
      if (closed) return;
      closed = true;
      metricsServer?.close();
      metricsServer?.closeAllConnections();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await stopWorkers();
    },
    async shutdown(timeoutMs) {
      if (closed) return { cut: 0 };
      closed = true;
      metricsServer?.close();
      metricsServer?.closeAllConnections();
      const outcome = await drain.shutdown(server, { timeoutMs });
      await stopWorkers();
      return outcome;
    },
  };
}
