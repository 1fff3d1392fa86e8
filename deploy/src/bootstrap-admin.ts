import { createLogger } from '@locus/platform';
import { loadConfigOrExit } from '@locus/platform/config/config';
import { createPorts } from '@locus/platform/config/ports';
import { ensureAdministrator } from '@locus/command-api/demo/seed-demo';

/**
 * `bootstrap-admin`: creates the Administrator (LOCUS_ADMIN_EMAIL, LOCUS_ADMIN_PASSWORD) in
 * the configured event store unless an account with that email exists, then exits. The
 * compose deployment runs it once before the APIs; it is safe to run again.
 */
const config = loadConfigOrExit(process.env);
if (!config.adminPassword) {
  process.stderr.write('LOCUS_ADMIN_PASSWORD: set it to the initial password of the Administrator (LOCUS_ADMIN_EMAIL).\n');
  process.exit(2);
}
const logger = createLogger({ name: 'bootstrap-admin', level: 'warn' });
const ports = await createPorts(config, { logger, purpose: 'bootstrap-admin' });
try {
  const { created } = await ensureAdministrator(
    { eventStore: ports.eventStore, ids: ports.ids, clock: ports.clock, logger },
    { adminEmail: config.adminEmail, adminPassword: config.adminPassword },
  );
  process.stdout.write(created ? `Administrator ${config.adminEmail} created.\n` : `Administrator ${config.adminEmail} already exists; nothing changed.\n`);
} finally {
  await ports.close();
}
