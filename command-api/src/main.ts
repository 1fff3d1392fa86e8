import { createLogger, createTokenService } from '@locus/platform';
import { loadConfigOrExit } from '@locus/platform/config/config';
import { createPorts } from '@locus/platform/config/ports';
import { serveUntilSignal } from '@locus/platform/config/serve';
import { createReadModels } from '@locus/platform/runtime/read-models';
import { remoteOpsControl } from '@locus/platform/runtime/ops-bus';
import { createSmtpMailer } from '@locus/platform/mail/smtp-mailer';
import { projections } from '@locus/projectors/features';
import { createCommandApi } from './app';
import { sessionValidation } from './features';

// Standalone command-api (distributed mode): commands only. Projectors and reactors run
// in their own processes; the all-in-one launcher composes everything in one.
const config = loadConfigOrExit(process.env);
const logger = createLogger({ name: 'command-api' });
const ports = await createPorts(config, { logger, purpose: 'command-api' });
logger.info({ adapters: ports.adapters }, 'ports ready');
const readModels = createReadModels({ readStore: ports.readStore, bus: ports.bus, projections });
const tokens = createTokenService({
  secret: config.jwtSecret,
  previousSecrets: config.previousJwtSecrets,
  ttlSeconds: config.tokenTtlSeconds,
  clock: ports.clock,
  ids: ports.ids,
});
const mailer = createSmtpMailer(config.smtp);
const deps = {
  eventStore: ports.eventStore,
  readStore: ports.readStore,
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
// /api/ops/...: the projector and reactor processes that own the work are asked over the bus.
const ops = remoteOpsControl({ bus: ports.bus, projections });
const app = createCommandApi({ ...deps, ops, sessionValidator: sessionValidation?.(deps) });

await serveUntilSignal(app, {
  port: config.port,
  host: config.host,
  logger,
  name: 'command-api',
  onShutdown: async () => {
    readModels.close();
    mailer.close();
    await ports.close();
  },
});
