import os from 'node:os';
import { createLogger, createTokenService, type CommandDeps } from '@locus/platform';
import { loadConfigOrExit } from '@locus/platform/config/config';
import { serveProbes } from '@locus/platform/config/serve';
import { createOpsStatus } from '@locus/platform/runtime/ops-status';
import { createPorts } from '@locus/platform/config/ports';
import { createLeases } from '@locus/platform/runtime/lease';
import { createReadModels } from '@locus/platform/runtime/read-models';
import { createReactorRuntime } from '@locus/platform/runtime/reactor-runtime';
import { serveOpsOverBus } from '@locus/platform/runtime/ops-bus';
import { createSmtpMailer } from '@locus/platform/mail/smtp-mailer';
import { projections } from '@locus/projectors/features';
import { reactorFeatures, scheduleFeatures } from './features';
import { createScheduler } from './kit/every';

// Standalone reactor worker (distributed mode): every reactor of the manifest, one active
// instance per reactor across replicas (leases in the read store).
const config = loadConfigOrExit(process.env);
const logger = createLogger({ name: 'reactors' });
const ports = await createPorts(config, { logger, purpose: 'reactors' });
const readModels = createReadModels({ readStore: ports.readStore, bus: ports.bus, projections });
const mailer = createSmtpMailer(config.smtp);
const tokens = createTokenService({
  secret: config.jwtSecret,
  previousSecrets: config.previousJwtSecrets,
  ttlSeconds: config.tokenTtlSeconds,
  clock: ports.clock,
  ids: ports.ids,
});
const deps: CommandDeps = {
  eventStore: ports.eventStore,
  readStore: ports.readStore,
  bus: ports.bus,
  clock: ports.clock,
  ids: ports.ids,
  readModels,
  mailer,
  tokens,
  logger,
  config,
};
const reactors = reactorFeatures.flatMap((feature) => feature(deps));
const leases = createLeases({ readStore: ports.readStore, holder: `${os.hostname()}:${process.pid}:reactors` });
const runtime = createReactorRuntime({ eventStore: ports.eventStore, readStore: ports.readStore, bus: ports.bus, reactors, logger, leases });
await runtime.start();
// Retry and skip of parked events asked from /operations (command-api, over the bus): by the replica holding the reactor's lease.
const opsRequests = serveOpsOverBus({ bus: ports.bus, leases, reactors: runtime, reactorNames: reactors.map((r) => r.name), logger });
// Work due by time: each schedule under a lease of its own, so one replica runs it.
const scheduler = createScheduler({ readStore: ports.readStore, logger, holder: `${os.hostname()}:${process.pid}:schedules` });
scheduler.start(scheduleFeatures.flatMap((feature) => feature(deps)));
logger.info({ reactors: reactors.map((r) => r.name), adapters: ports.adapters }, 'reactor worker running');

// /health, /ready and /metrics on HOST:PORT; on a signal stop after the current batch
// (checkpoints flushed), close the ports, exit 0.
await serveProbes({
  config,
  ports,
  logger,
  name: 'reactor worker',
  metricsStatus: createOpsStatus({ ...ports, projections: [], reactors }),
  onShutdown: async () => {
    opsRequests.unsubscribe();
    await scheduler.stop();
    await runtime.stop();
    readModels.close();
    mailer.close();
    await ports.close();
  },
});
