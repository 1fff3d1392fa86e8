import os from 'node:os';
import { createLogger } from '@locus/platform';
import { loadConfigOrExit } from '@locus/platform/config/config';
import { serveProbes } from '@locus/platform/config/serve';
import { createOpsStatus } from '@locus/platform/runtime/ops-status';
import { createPorts } from '@locus/platform/config/ports';
import { createLeases } from '@locus/platform/runtime/lease';
import { createProjectorRuntime } from '@locus/platform/runtime/projector-runtime';
import { createRebuildJobs } from '@locus/platform/runtime/rebuild-jobs';
import { serveOpsOverBus } from '@locus/platform/runtime/ops-bus';
import { startOpsLive } from '@locus/platform/runtime/ops-live';
import { projections } from './features';

// Standalone projectors (distributed mode): every projection of the manifest, one active
// instance per projection across replicas (leases in the read store).
const config = loadConfigOrExit(process.env);
const logger = createLogger({ name: 'projectors' });
const ports = await createPorts(config, { logger, purpose: 'projectors' });
const leases = createLeases({ readStore: ports.readStore, holder: `${os.hostname()}:${process.pid}:projectors` });
const runtime = createProjectorRuntime({ eventStore: ports.eventStore, readStore: ports.readStore, bus: ports.bus, projections, logger, leases });
await runtime.start();
// Rebuilds asked from /operations (command-api, over the bus): run here, by the replica that
// holds the projection's lease, beside the live generation; progress goes out on the bus.
const rebuildJobs = createRebuildJobs({ ...ports, projections, leases, logger: logger.child({ component: 'rebuilds' }) });
const opsRequests = serveOpsOverBus({ bus: ports.bus, leases, rebuildJobs, projections: projections.map((p) => p.name), logger });
const opsLive = startOpsLive({ bus: ports.bus, rebuildJobs });
logger.info({ projections: projections.map((p) => p.name), adapters: ports.adapters }, 'projectors running');

// /health, /ready and /metrics on HOST:PORT; on a signal stop after the current batch
// (checkpoints flushed), close the ports, exit 0.
await serveProbes({
  config,
  ports,
  logger,
  name: 'projectors',
  metricsStatus: createOpsStatus({ ...ports, projections }),
  onShutdown: async () => {
    opsRequests.unsubscribe();
    opsLive.close();
    await rebuildJobs.stop();
    await runtime.stop();
    await ports.close();
  },
});
