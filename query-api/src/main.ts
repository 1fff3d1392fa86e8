import { createLogger, createTokenService } from '@locus/platform';
import { loadConfigOrExit } from '@locus/platform/config/config';
import { createPorts } from '@locus/platform/config/ports';
import { serveUntilSignal } from '@locus/platform/config/serve';
import { createReadModels } from '@locus/platform/runtime/read-models';
import { createOpsStatus } from '@locus/platform/runtime/ops-status';
import { projections } from '@locus/projectors/features';
import { createQueryApi } from './app';
import { mediaStoreOf } from '@locus/platform/blob/file-blob-store';
import { serveMedia } from '@locus/platform/blob/serve-media';
import { sessionValidation } from './features';

// Standalone query-api (distributed mode): queries, /api/live, /api/ops, /api/docs.
const config = loadConfigOrExit(process.env);
const logger = createLogger({ name: 'query-api' });
const ports = await createPorts(config, { logger, purpose: 'query-api' });
logger.info({ adapters: ports.adapters }, 'ports ready');
const readModels = createReadModels({ readStore: ports.readStore, bus: ports.bus, projections });
const tokens = createTokenService({
  secret: config.jwtSecret,
  previousSecrets: config.previousJwtSecrets,
  ttlSeconds: config.tokenTtlSeconds,
  clock: ports.clock,
  ids: ports.ids,
});
const deps = { readModels, bus: ports.bus, clock: ports.clock, tokens, logger, config };
const app = createQueryApi({
  ...deps,
  sessionValidator: sessionValidation?.(deps),
  opsStatus: createOpsStatus({ eventStore: ports.eventStore, readStore: ports.readStore, projections, clock: ports.clock }),
  readiness: { eventStore: ports.eventStore, readStore: ports.readStore, readModels },
});

// Uploaded media (avatars, images) from the shared data dir; an S3 bucket would replace it.
app.use(serveMedia(mediaStoreOf(config.dataDir)));

await serveUntilSignal(app, {
  port: config.port,
  host: config.host,
  logger,
  name: 'query-api',
  onShutdown: async () => {
    readModels.close();
    await ports.close();
  },
});
