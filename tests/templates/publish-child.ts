import { createLogger } from '@locus/platform';
import { loadConfig } from '@locus/platform/config/config';
import { importAndPublish, templateProgress } from '@locus/command-api/templates/testing/publish-fixture';
import { startLocusStack } from '../../deploy/src/stack';

/**
 * The Locus server of the crash test (publish-crash.int.spec.ts), against the parent's
 * sandbox. CHILD_MODE=seed imports the benchmark account, saves a template and publishes it
 * to every location; both modes then print `progress <done> <failed> <total>` until every
 * location has an outcome, print `finished` and stop.
 */
const env = process.env;
const config = loadConfig(env, { sandboxByDefault: true });
const stack = await startLocusStack(config, { startSandbox: false, serveWeb: false, logger: createLogger({ name: 'crash-child', level: 'warn' }) });
const deps = stack.commandDeps;
const say = (line: string) => process.stdout.write(`${line}\n`);

let templateId = env.TEMPLATE_ID ?? '';
if (env.CHILD_MODE === 'seed') {
  const published = await importAndPublish(deps, {
    googleUserEmail: env.BENCH_EMAIL!,
    accountName: env.BENCH_ACCOUNT!,
    content: '<p>Crash test at @BusinessName, @City</p>',
  });
  templateId = published.templateId;
  say(`published ${templateId} ${published.locationIds.length}`);
}

for (;;) {
  const p = await templateProgress(deps, templateId);
  if (p) say(`progress ${p.done} ${p.failed} ${p.total}`);
  if (p && p.total > 0 && p.done + p.failed >= p.total) break;
  await new Promise((r) => setTimeout(r, 50));
}
say('finished');
await stack.shutdown(5_000);
process.exit(0);
