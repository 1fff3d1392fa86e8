import { afterAll, describe, expect, it, vi } from 'vitest';
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

/**
 * A bad variable stops a process with one line on stderr naming it, what is wrong and what is
 * accepted, and exit code 78. Every variable of deploy/env.reference.md has a row (or is free
 * text), so a variable added there without validation fails here.
 */
const repoRoot = path.resolve(import.meta.dirname, '..', '..', '..');
const scratch = mkdtempSync(path.join(tmpdir(), 'locus-config-errors-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));
const aFile = path.join(scratch, 'a-file');
writeFileSync(aFile, 'x');
const missingFile = path.join(scratch, 'missing');
const distributed = {
  EVENTSTORE_URL: 'esdb://eventstore:2113?tls=false',
  MONGODB_URL: 'mongodb://mongo:27017/?replicaSet=rs0',
  REDIS_URL: 'redis://redis:6379',
  LOCUS_JWT_SECRET: 'j'.repeat(48),
  LOCUS_ENCRYPTION_KEY: Buffer.alloc(32, 1).toString('base64'),
};

/** variable → [bad environment, words the line must hold]. */
const badValues: Record<string, [Record<string, string>, string]> = {
  PORT: [{ PORT: 'eighty' }, 'is not a whole number; accepted: a whole number from 1 to 65535'],
  HOST: [{ HOST: 'my host' }, 'is not a host name or address'],
  LOCUS_SHUTDOWN_TIMEOUT_MS: [{ LOCUS_SHUTDOWN_TIMEOUT_MS: '10s' }, 'is not a whole number'],
  LOCUS_DATA_DIR: [{ LOCUS_DATA_DIR: aFile }, 'is a file; accepted: a directory'],
  LOCUS_PUBLIC_URL: [{ LOCUS_PUBLIC_URL: 'locus.example.com' }, 'is not a URL; accepted: an absolute http:// or https:// URL'],
  LOG_LEVEL: [{ LOG_LEVEL: 'loud' }, '"loud" is not a log level; accepted: fatal, error, warn, info, debug, trace, silent'],
  LOG_FORMAT: [{ LOG_FORMAT: 'xml' }, '"xml" is not a log format; accepted: pretty, json'],
  LOCUS_METRICS_TOKEN: [{ LOCUS_METRICS_TOKEN: 'short' }, 'is 5 characters long; accepted: at least 16 characters'],
  LOCUS_METRICS_PORT: [{ PORT: '8080', LOCUS_METRICS_PORT: '8080' }, 'is PORT as well'],
  COMMAND_API_URL: [{ COMMAND_API_URL: 'ftp://command-api' }, 'is not an http(s) URL'],
  QUERY_API_URL: [{ QUERY_API_URL: 'query-api:8080' }, 'is not an http(s) URL'],
  EVENTSTORE_URL: [{ ...distributed, EVENTSTORE_URL: 'http://eventstore:2113' }, 'has the scheme http:; accepted: esdb://'],
  MONGODB_URL: [{ ...distributed, MONGODB_URL: 'mongo:27017' }, 'accepted: mongodb://… or mongodb+srv://… URLs'],
  MONGODB_DB: [{ MONGODB_DB: 'my/db' }, 'is not a database name'],
  NATS_URL: [{ NATS_URL: 'nats://nats:4222,redis://x' }, 'accepted: comma-separated nats://'],
  REDIS_URL: [{ REDIS_URL: 'localhost:6379' }, 'accepted: redis://… or rediss://… URLs'],
  LOCUS_TRUST_PROXY: [{ LOCUS_TRUST_PROXY: 'maybe' }, '"maybe" is not a boolean; accepted: 1/0, true/false, yes/no, on/off'],
  LOCUS_JWT_SECRET: [{ LOCUS_JWT_SECRET: 'too-short' }, 'is 9 characters long; accepted: at least 32 characters'],
  LOCUS_JWT_SECRET_FILE: [{ LOCUS_JWT_SECRET_FILE: missingFile }, 'does not exist'],
  LOCUS_JWT_SECRET_PREVIOUS: [{ LOCUS_JWT_SECRET_PREVIOUS: 'old' }, 'accepted: at least 32 characters'],
  LOCUS_ENCRYPTION_KEY: [{ LOCUS_ENCRYPTION_KEY: 'not-base64!' }, 'is not 32 bytes in base64'],
  LOCUS_ENCRYPTION_KEY_FILE: [{ LOCUS_ENCRYPTION_KEY_FILE: missingFile }, 'does not exist'],
  LOCUS_ENCRYPTION_KEY_PREVIOUS: [{ LOCUS_ENCRYPTION_KEY_PREVIOUS: Buffer.alloc(16).toString('base64') }, 'is not 32 bytes in base64'],
  LOCUS_TOKEN_TTL_SECONDS: [{ LOCUS_TOKEN_TTL_SECONDS: '30' }, '30 is out of range; accepted: a whole number from 60'],
  LOCUS_REVIEWS_SYNC_INTERVAL_MS: [{ LOCUS_REVIEWS_SYNC_INTERVAL_MS: '-1' }, 'is not a whole number'],
  LOCUS_POST_REVIEW_CHECK_MS: [{ LOCUS_POST_REVIEW_CHECK_MS: '-1' }, 'is not a whole number'],
  LOCUS_LLM_BASE_URL: [{ LOCUS_LLM_BASE_URL: 'api.openai.com' }, 'is not a URL'],
  LOCUS_LLM_API_KEY: [{ LOCUS_LLM_API_KEY: 'k', LOCUS_LLM_API_KEY_FILE: aFile }, 'set either LOCUS_LLM_API_KEY or LOCUS_LLM_API_KEY_FILE'],
  LOCUS_LLM_TIMEOUT_MS: [{ LOCUS_LLM_TIMEOUT_MS: '5' }, 'out of range; accepted: a whole number from 100'],
  LOCUS_LLM_MAX_RETRIES: [{ LOCUS_LLM_MAX_RETRIES: '11' }, 'out of range; accepted: a whole number from 0 to 10'],
  LOCUS_AUTO_REPLY_SECONDS_PER_MINUTE: [{ LOCUS_AUTO_REPLY_SECONDS_PER_MINUTE: '61' }, 'from 1 to 60'],
  LOCUS_AUTO_REPLY_TICK_MS: [{ LOCUS_AUTO_REPLY_TICK_MS: 'often' }, 'is not a whole number'],
  LOCUS_APPROVAL_LINK_TTL_HOURS: [{ LOCUS_APPROVAL_LINK_TTL_HOURS: '0' }, 'from 1 to 720'],
  LOCUS_HEAP_MB: [{ LOCUS_HEAP_MB: '64' }, 'from 128'],
  LOCUS_READ_CACHE_DOCUMENTS: [{ LOCUS_READ_CACHE_DOCUMENTS: '1e6' }, 'is not a whole number'],
  LOCUS_ADMIN_EMAIL: [{ LOCUS_ADMIN_EMAIL: 'admin' }, 'is not an email address'],
  LOCUS_ADMIN_PASSWORD: [{ LOCUS_ADMIN_PASSWORD: 'short' }, 'accepted: at least 8 characters'],
  LOCUS_DEMO: [{ LOCUS_DEMO: 'sometimes' }, 'is not a boolean'],
  LOCUS_ALLOW_PRIVATE_URLS: [{ LOCUS_ALLOW_PRIVATE_URLS: 'maybe' }, 'is not a boolean'],
  LOCUS_SANDBOX: [{ LOCUS_SANDBOX: 'please' }, 'is not a boolean'],
  LOCUS_SANDBOX_PORT: [{ LOCUS_SANDBOX_PORT: '70000' }, 'out of range'],
  LOCUS_SANDBOX_SMTP_PORT: [{ LOCUS_SANDBOX_SMTP_PORT: 'smtp' }, 'is not a whole number'],
  LOCUS_SANDBOX_HOST: [{ LOCUS_SANDBOX: '1', LOCUS_SANDBOX_HOST: 'http://sandbox' }, 'is not a host name or address'],
  SMTP_HOST: [{ SMTP_HOST: 'mail server' }, 'is not a host name or address'],
  SMTP_PORT: [{ SMTP_PORT: '0' }, 'out of range'],
  SMTP_SECURE: [{ SMTP_SECURE: 'tls' }, 'is not a boolean'],
  SMTP_PASS: [{ SMTP_PASS: 'secret' }, 'is set without SMTP_USER'],
  SMTP_PASS_FILE: [{ SMTP_USER: 'locus', SMTP_PASS_FILE: missingFile }, 'does not exist'],
  SMTP_FROM: [{ SMTP_FROM: 'Locus' }, 'has no address'],
  LOCUS_GOOGLE_AUTH_URL: [{ LOCUS_GOOGLE_AUTH_URL: 'accounts.google.com' }, 'is not a URL'],
  LOCUS_GOOGLE_TOKEN_URL: [{ LOCUS_GOOGLE_TOKEN_URL: 'x' }, 'is not a URL'],
  LOCUS_GOOGLE_USERINFO_URL: [{ LOCUS_GOOGLE_USERINFO_URL: 'x' }, 'is not a URL'],
  LOCUS_GOOGLE_ACCOUNT_MANAGEMENT_URL: [{ LOCUS_GOOGLE_ACCOUNT_MANAGEMENT_URL: 'x' }, 'is not a URL'],
  LOCUS_GOOGLE_BUSINESS_INFORMATION_URL: [{ LOCUS_GOOGLE_BUSINESS_INFORMATION_URL: 'x' }, 'is not a URL'],
  LOCUS_GOOGLE_V4_URL: [{ LOCUS_GOOGLE_V4_URL: 'x' }, 'is not a URL'],
  LOCUS_GOOGLE_PERFORMANCE_URL: [{ LOCUS_GOOGLE_PERFORMANCE_URL: 'x' }, 'is not a URL'],
  LOCUS_GOOGLE_DIRECTORY_URL: [{ LOCUS_GOOGLE_DIRECTORY_URL: 'x' }, 'is not a URL'],
  LOCUS_GOOGLE_QUERIES_PER_MINUTE: [{ LOCUS_GOOGLE_QUERIES_PER_MINUTE: '0' }, 'out of range'],
  LOCUS_GOOGLE_UPLOAD_URL: [{ LOCUS_GOOGLE_UPLOAD_URL: 'x' }, 'is not a URL'],
  LOCUS_GOOGLE_QANDA_URL: [{ LOCUS_GOOGLE_QANDA_URL: 'file:///etc/passwd' }, 'is not an http(s) URL'],
  LOCUS_LOCALEZE_URL: [{ LOCUS_LOCALEZE_URL: 'x' }, 'is not a URL'],
  LOCUS_GRAPH_LOGIN_URL: [{ LOCUS_GRAPH_LOGIN_URL: 'x' }, 'is not a URL'],
  LOCUS_GRAPH_URL: [{ LOCUS_GRAPH_URL: 'x' }, 'is not a URL'],
  LOCUS_GOOGLE_VERIFICATIONS_URL: [{ LOCUS_GOOGLE_VERIFICATIONS_URL: 'x' }, 'is not a URL'],
  LOCUS_GOOGLE_NOTIFICATIONS_URL: [{ LOCUS_GOOGLE_NOTIFICATIONS_URL: 'x' }, 'is not a URL'],
  LOCUS_GOOGLE_PUBSUB_JWKS_URL: [{ LOCUS_GOOGLE_PUBSUB_JWKS_URL: 'x' }, 'is not a URL'],
  LOCUS_GOOGLE_QUOTA_WINDOW_MS: [{ LOCUS_GOOGLE_QUOTA_WINDOW_MS: '5' }, 'out of range'],
  LOCUS_DIGEST_TICK_MS: [{ LOCUS_DIGEST_TICK_MS: 'hourly' }, 'is not a whole number'],
};

/** Any text is a valid value of these (names, keys given by a provider). */
const freeText = new Set([
  'LOCUS_LLM_MODEL',
  'SMTP_USER',
  'LOCUS_GOOGLE_CLIENT_ID',
  'LOCUS_GOOGLE_CLIENT_SECRET',
  'LOCUS_LOCALEZE_API_KEY',
  // names Google gives (a Pub/Sub topic, a push's audience and issuer), compared as they are
  'LOCUS_GOOGLE_PUBSUB_TOPIC',
  'LOCUS_GOOGLE_PUBSUB_AUDIENCE',
  'LOCUS_GOOGLE_PUBSUB_ISSUER',
]);

const documented = () => {
  const names = new Set<string>();
  for (const line of readFileSync(path.join(repoRoot, 'deploy', 'env.reference.md'), 'utf8').split('\n')) {
    const firstCell = /^\|([^|]+)\|/.exec(line)?.[1] ?? '';
    for (const m of firstCell.matchAll(/`([A-Z][A-Z0-9_]+)`/g)) names.add(m[1]!);
  }
  return [...names];
};

/** Runs node with tsx and `args` (an entry point, or code calling the config loader), in a clean environment plus `env`. */
function run(args: string[], env: Record<string, string>): Promise<{ code: number | null; stderr: string }> {
  const dataDir = mkdtempSync(path.join(scratch, 'data-'));
  const child = spawn(process.execPath, ['--import', 'tsx', ...args], {
    cwd: repoRoot,
    env: { PATH: process.env.PATH ?? '', LOCUS_DATA_DIR: dataDir, ...env },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  return new Promise((resolve) => child.once('exit', (code) => resolve({ code, stderr })));
}

/** Thrown by the stubbed `process.exit`, so the loader's exit path can be followed in this process. */
class Exited extends Error {
  constructor(readonly code: number | null) {
    super(`exit ${code}`);
  }
}

/**
 * What `loadConfigOrExit` (or the gateway's `exitOnConfigError`) writes and the code it exits
 * with, run in this process with `process.exit` and stderr stubbed: the same code path as a
 * process's start, without paying a Node and tsx start per variable (real processes below).
 */
async function runInProcess(env: Record<string, string>, gateway: boolean): Promise<{ code: number | null; stderr: string }> {
  const { loadConfigOrExit, gatewayUpstreams, exitOnConfigError } = await import('./config');
  const full = { PATH: process.env.PATH ?? '', LOCUS_DATA_DIR: mkdtempSync(path.join(scratch, 'data-')), ...env };
  let stderr = '';
  const write = vi.spyOn(process.stderr, 'write').mockImplementation((chunk: string | Uint8Array) => {
    stderr += chunk.toString();
    return true;
  });
  const exit = vi.spyOn(process, 'exit').mockImplementation((code?: string | number | null) => {
    throw new Exited(code === undefined || code === null ? null : Number(code));
  });
  try {
    if (gateway) {
      try {
        gatewayUpstreams(full);
      } catch (err) {
        exitOnConfigError(err);
      }
    } else loadConfigOrExit(full);
    return { code: null, stderr };
  } catch (err) {
    if (err instanceof Exited) return { code: err.code, stderr };
    throw err;
  } finally {
    write.mockRestore();
    exit.mockRestore();
  }
}

const loadConfigChild = ['--input-type=module', '-e', "const m = await import('@locus/platform/config/config'); m.loadConfigOrExit();"];
const gatewayChild = [
  '--input-type=module',
  '-e',
  "const m = await import('@locus/platform/config/config'); try { m.gatewayUpstreams(); } catch (e) { m.exitOnConfigError(e); }",
];

const expectOneLine = (result: { code: number | null; stderr: string }, variable: string, words: string) => {
  const lines = result.stderr.split('\n').filter(Boolean);
  expect(lines, result.stderr).toHaveLength(1);
  expect(lines[0]).toMatch(new RegExp(`^Locus cannot start: ${variable}: `));
  expect(lines[0]).toContain(words);
  expect(result.code).toBe(78);
};

describe('config errors', () => {
  it('has a bad-value case for every variable of deploy/env.reference.md that is not free text', () => {
    const missing = documented().filter((name) => !(name in badValues) && !freeText.has(name));
    expect(missing).toEqual([]);
    for (const name of Object.keys(badValues)) expect(documented(), `${name} is documented`).toContain(name);
  });

  const isGateway = (name: string) => name === 'COMMAND_API_URL' || name === 'QUERY_API_URL';
  for (const [name, [env, words]] of Object.entries(badValues)) {
    it(`stops with one line and exit 78 on a bad ${name}`, async () => {
      expectOneLine(await runInProcess(env, isGateway(name)), name, words);
    });
  }

  it('a process given a bad variable stops with that one line and exit 78: the loader and the gateway', async () => {
    const [config, gateway] = await Promise.all([run(loadConfigChild, badValues.PORT![0]), run(gatewayChild, badValues.COMMAND_API_URL![0])]);
    expectOneLine(config, 'PORT', badValues.PORT![1]);
    expectOneLine(gateway, 'COMMAND_API_URL', badValues.COMMAND_API_URL![1]);
  }, 60_000);

  it('the real entry points stop the same way: all-in-one, web gateway and query API', async () => {
    const [all, web, query] = await Promise.all([
      run(['deploy/src/start-all.ts'], { LOG_LEVEL: 'loud' }),
      run(['deploy/src/serve-web.ts'], { LOG_FORMAT: 'xml' }),
      run(['query-api/src/main.ts'], { ...distributed, EVENTSTORE_URL: 'http://eventstore:2113' }),
    ]);
    expectOneLine(all, 'LOG_LEVEL', 'accepted: fatal, error, warn, info, debug, trace, silent');
    expectOneLine(web, 'LOG_FORMAT', 'accepted: pretty, json');
    expectOneLine(query, 'EVENTSTORE_URL', 'accepted: esdb://');
  }, 120_000);
});
