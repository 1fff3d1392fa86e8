import { createLogger } from '@locus/platform';
import { loadConfig } from '@locus/platform/config/config';
import { startLocusStack } from '../stack';

// The all-in-one stack on the environment's data dir, with a sandbox run by the parent (so a
// SIGKILL of this process leaves Google's state, and its edit counts, to the test).
const config = loadConfig(process.env, { sandboxByDefault: false });
// LOCUS_TEST_SKIP_REACTORS: reactor names to leave out, comma-separated (see StartStackOptions.skipReactors).
const skipReactors = (process.env.LOCUS_TEST_SKIP_REACTORS ?? '').split(',').filter(Boolean);
const stack = await startLocusStack(config, {
  serveWeb: false,
  startSandbox: false,
  skipReactors,
  logger: createLogger({ name: 'locus-child', level: 'warn' }),
});
process.stdout.write(`ready ${stack.url}\n`);
process.on('SIGTERM', () => void stack.shutdown(2_000).then(() => process.exit(0)));
