import { randomBytes } from 'node:crypto';
import { createLogger } from '@locus/platform';
import { loadConfig } from '@locus/platform/config/config';
import { ensureAdministrator, seedDemo } from '@locus/command-api/demo/seed-demo';
import { seedDemoLocations } from '@locus/command-api/connections/demo';
import { startLocusStack } from './stack';

// `npm start`: Locus in one process with embedded stores, the sandbox and demo data.
const config = loadConfig(process.env, { sandboxByDefault: true });
const logger = createLogger({ name: 'locus' });
const stack = await startLocusStack(config, { logger });

const emptyStore = (await stack.ports.eventStore.headPosition()) === 0;
const adminEmail = config.adminEmail;
const generatedPassword = !config.adminPassword;
const adminPassword = config.adminPassword ?? `Locus-${randomBytes(6).toString('base64url')}`;
const lines: string[] = [];
if (emptyStore) {
  const seedDeps = { eventStore: stack.ports.eventStore, ids: stack.ports.ids, clock: stack.ports.clock, logger };
  if (config.demo) {
    const demo = await seedDemo(seedDeps, { adminEmail, adminPassword });
    const imported: string[] = [];
    for (const [index, company] of demo.companies.entries()) {
      // Each demo company connects a sandbox Google account and imports its locations (20-300).
      const seeded = await seedDemoLocations(stack.commandDeps, { companyId: company.companyId, adminUserId: company.defaultAdminId, index });
      if (seeded) imported.push(`${company.name}: ${seeded.locations} locations`);
    }
    lines.push(`Demo data: ${demo.companies.length} companies (${demo.companies.map((c) => c.name).join(', ')}).`);
    if (imported.length) lines.push(`Connected sandbox Google accounts: ${imported.join('; ')}.`);
    lines.push(`Every demo account's password is the administrator's.`);
  } else {
    await ensureAdministrator(seedDeps, { adminEmail, adminPassword });
  }
  lines.push(`Administrator: ${adminEmail} / ${adminPassword}${generatedPassword ? ' (generated; set LOCUS_ADMIN_PASSWORD to choose)' : ''}`);
} else {
  lines.push(`Administrator: ${adminEmail} (password as set when the data directory was created)`);
}
if (stack.sandbox) lines.push(`Mailbox (one-time codes, reset links): ${stack.sandbox.url}/mailbox`);

const banner = [`Locus is running at ${config.publicUrl}`, ...lines, `Data: ${config.dataDir}   Stop: Ctrl+C`];
process.stdout.write(`\n${banner.map((l) => `  ${l}`).join('\n')}\n\n`);

let stopping = false;
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, async () => {
    if (stopping) process.exit(130);
    stopping = true;
    logger.info({ signal }, 'stopping');
    await stack.close();
    process.exit(0);
  });
}
