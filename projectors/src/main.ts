import os from 'node:os';
import { createLogger } from '@locus/platform';
import { loadConfig } from '@locus/platform/config/config';
import { serveProbes } from '@locus/platform/config/serve';
import { createOpsStatus } from '@locus/platform/runtime/ops-status';
import { createPorts } from '@locus/platform/config/ports';
import { createLeases } from '@locus/platform/runtime/lease';
import { createProjectorRuntime } from '@locus/platform/runtime/projector-runtime';
import { projections } from './features';

// Standalone projectors (distributed mode): every projection of the manifest, one active
// instance per projection across replicas (leases in the read store).
const config = loadConfig(process.env);
const logger = createLogger({ name: 'projectors' });
const ports = await createPorts(config, { logger, purpose: 'projectors' });
const leases = createLeases({ readStore: ports.readStore, holder: `${os.hostname()}:${process.pid}:projectors` });
const runtime = createProjectorRuntime({ eventStore: ports.eventStore, readStore: ports.readStore, bus: ports.bus, projections, logger, leases });
await runtime.start();
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
    await runtime.stop();
    await ports.close();
  },
});
