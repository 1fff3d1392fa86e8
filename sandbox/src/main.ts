/**
 * Runs the sandbox alone: `tsx sandbox/src/main.ts [--port 3001] [--smtp-port 2525] [--data-dir data/sandbox] [--seed N] [--bench-locations 10000]`.
 * Environment: SANDBOX_HTTP_PORT, SANDBOX_SMTP_PORT, SANDBOX_DATA_DIR, SANDBOX_SEED, SANDBOX_BENCH_LOCATIONS.
 */
import path from 'node:path';
import { DEFAULT_SEED, startSandbox } from './index';

function arg(name: string): string | undefined {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? process.argv[i + 1] : undefined;
}

const num = (v: string | undefined, fallback: number) => (v !== undefined && v !== '' && Number.isFinite(Number(v)) ? Number(v) : fallback);

const sandbox = await startSandbox({
  httpPort: num(arg('port') ?? process.env.SANDBOX_HTTP_PORT, 3001),
  smtpPort: num(arg('smtp-port') ?? process.env.SANDBOX_SMTP_PORT, 2525),
  dataDir: path.resolve(arg('data-dir') ?? process.env.SANDBOX_DATA_DIR ?? 'data/sandbox'),
  seed: num(arg('seed') ?? process.env.SANDBOX_SEED, DEFAULT_SEED),
  google: { benchLocations: num(arg('bench-locations') ?? process.env.SANDBOX_BENCH_LOCATIONS, 0) },
});
console.log(`Sandbox listening on ${sandbox.url} (SMTP 127.0.0.1:${sandbox.smtpPort})`);
for (const m of sandbox.modules) console.log(`  ${sandbox.url}${m.prefix}  ${m.summary?.() ?? ''}`);

const stop = async () => {
  await sandbox.close();
  process.exit(0);
};
process.once('SIGINT', stop);
process.once('SIGTERM', stop);
