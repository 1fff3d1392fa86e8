import { randomBytes } from 'node:crypto';
import { createLogger } from '@locus/platform';
import { ConfigError, exitOnConfigError, loadConfigOrExit } from '@locus/platform/config/config';
import { onStopSignal, shutdownTimeoutMs } from '@locus/platform/config/serve';
import { PortInUseError } from '@locus/platform/config/port-clash';
import { ensureAdministrator, seedDemo } from '@locus/command-api/demo/seed-demo';
import { seedDemoLocations } from '@locus/command-api/connections/demo';
import { heapLimitMb, relaunchWithHeapLimit } from './heap-limit';
import { startLocusStack } from './stack';

// `npm start`: Locus in one process with embedded stores, the sandbox and demo data.
const config = loadConfigOrExit(process.env, { sandboxByDefault: true });
// The heap limit comes from config (LOCUS_HEAP_MB): Node is relaunched with it when needed.
if (relaunchWithHeapLimit(config.heapMb)) await new Promise(() => undefined);
const stopTimeoutMs = shutdownTimeoutMs();
const logger = createLogger({ name: 'locus' });
const stack = await startLocusStack(config, { logger }).catch((err: unknown) => {
  // A port clash is a one-line message naming the variable to set, not a stack trace.
  if (err instanceof ConfigError) exitOnConfigError(err);
  if (!(err instanceof PortInUseError)) throw err;
  process.stderr.write(`Locus cannot start: ${err.message}\n`);
  process.exit(1);
});
// From here on a stop signal drains and stops the stack (also while demo data is seeded).
onStopSignal(logger, 'locus', async () => {
  const { cut } = await stack.shutdown(stopTimeoutMs);
  if (cut > 0) logger.warn({ cut }, 'connections cut after the shutdown timeout');
});

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
    for (const company of demo.companies) {
      // Each demo company connects the sandbox Google account of its own trade and imports its locations.
      const seeded = await seedDemoLocations(stack.commandDeps, {
        companyId: company.companyId,
        adminUserId: company.defaultAdminId,
        googleUserEmail: company.google.userEmail,
        accountNames: company.google.accounts,
      });
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
if (stack.sandbox) lines.push(`Mailbox (one-time codes, reset links): ${stack.sandbox.url}/mailbox (SMTP port ${stack.sandbox.smtpPort})`);

lines.push(
  `Memory: heap limit ${heapLimitMb()} MB (LOCUS_HEAP_MB=${config.heapMb}); read-store cache ${config.readCacheDocuments.toLocaleString('en-US')} documents; use at /ready`,
);
const listening = `listening on ${config.host}:${config.port}${config.host === '127.0.0.1' ? '; set HOST=0.0.0.0 to open it to other machines' : ''}`;
const links = config.publicUrlFixed
  ? `OAuth redirects and mail links use LOCUS_PUBLIC_URL (${config.publicUrl})`
  : `OAuth redirects and invitation links follow the address the browser used; password reset links use ${config.publicUrl} (set LOCUS_PUBLIC_URL to fix all)`;
const banner = [`Locus is running at ${config.publicUrl} (${listening})`, ...lines, links, `Data: ${config.dataDir}   Stop: Ctrl+C`];
process.stdout.write(`\n${banner.map((l) => `  ${l}`).join('\n')}\n\n`);
