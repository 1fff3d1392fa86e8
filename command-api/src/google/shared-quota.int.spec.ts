import { spawn, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { sandboxEndpoints } from '@locus/platform/config/config';
import { startSandbox, type RunningSandbox } from '@locus/sandbox/index';
import { consentAs } from '@locus/sandbox/google/testing';
import { createGoogleBusinessClient } from './client';
import { buildGoogleAuthorizeUrl, exchangeGoogleAuthCode, type GoogleEndpoints } from './oauth';

/**
 * One Google quota for all processes: two processes share the real Redis (REDIS_URL, as a
 * distributed deployment does) and send at once 40 edits of one location and 400 reads across
 * locations. The sandbox counts as Google does (10 edits per location and 300 requests per
 * window, sliding) and answers 429 past either; with the budget in Redis it answers none. The
 * windows are 3 s here instead of a minute (LOCUS_GOOGLE_QUOTA_WINDOW_MS and the sandbox's
 * queryWindowMs), so the test takes seconds.
 */
const WINDOW_MS = 3_000;
const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
const root = path.resolve(import.meta.dirname, '../../..');
const child = path.join(import.meta.dirname, 'testing/quota-child.ts');
const cleanups: (() => Promise<void> | void)[] = [];
afterAll(async () => {
  for (const c of cleanups.reverse()) await c();
});

const endpoints = (base: string): GoogleEndpoints => ({
  clientId: 'locus-client',
  clientSecret: 'locus-secret',
  ...sandboxEndpoints(base).google,
  pubsub: { topic: '', audience: '', issuer: 'https://accounts.google.com', jwksUrl: sandboxEndpoints(base).google.pubsubJwksUrl },
});

/** A child process sending its share; resolves `ready` once set up, `done` with its outcome. */
function startChild(env: Record<string, string>) {
  const proc: ChildProcess = spawn(process.execPath, ['--import', 'tsx', child], {
    cwd: root,
    env: { ...process.env, ...env },
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  cleanups.push(() => void proc.kill('SIGKILL'));
  let out = '';
  let err = '';
  proc.stderr!.on('data', (d) => (err += d));
  const lines: string[] = [];
  const waiters: (() => void)[] = [];
  proc.stdout!.on('data', (d) => {
    out += d;
    const parts = out.split('\n');
    out = parts.pop()!;
    lines.push(...parts);
    for (const w of waiters.splice(0)) w();
  });
  const line = (n: number) =>
    new Promise<string>((resolve, reject) => {
      const check = () => (lines.length > n ? resolve(lines[n]!) : waiters.push(check));
      proc.once('exit', (code) => lines.length <= n && reject(new Error(`quota child exited (${code}):\n${err}`)));
      check();
    });
  return { ready: line(0), done: line(1).then((l) => JSON.parse(l) as { ok: number; failed: string[] }), go: () => proc.stdin!.write('go\n') };
}

describe('Google quota shared through Redis', () => {
  it('two processes sending at once stay within 10 edits per location and 300 requests per window: no 429', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'shared-quota-'));
    cleanups.push(() => rmSync(dataDir, { recursive: true, force: true }));
    const sandbox: RunningSandbox = await startSandbox({
      httpPort: 0,
      smtpPort: 0,
      dataDir,
      log: () => undefined,
      google: { editsPerWindow: 10, editWindowMs: WINDOW_MS, queriesPerMinute: 300, queryWindowMs: WINDOW_MS },
    });
    cleanups.push(() => sandbox.close());
    const cfg = endpoints(sandbox.url);
    const redirectUri = 'http://localhost:5999/google-auth-callback';
    const consent = await consentAs(buildGoogleAuthorizeUrl(cfg, { redirectUri, state: 's' }), 'daniel.kim.autos@gmail.com');
    const tokens = await exchangeGoogleAuthCode(cfg, { code: consent.code, redirectUri });
    const setup = createGoogleBusinessClient({ config: cfg, tokens });
    let account = '';
    for await (const a of setup.allAccounts()) if (a.accountName === 'Northwind Auto Care') account = a.name;
    const locations: string[] = [];
    for await (const l of setup.allLocations(account, { readMask: 'name' })) if (locations.length < 50) locations.push(l.name!);
    const google = sandbox.google!.store;
    const rejectionsBefore = { ...google.quotaRejections };
    const first = locations[0]!.replace(/^.*locations\//, '');
    const editsBefore = google.state.editCounts?.[first] ?? 0;

    const env = {
      REDIS_URL,
      QUOTA_ENDPOINTS: JSON.stringify(cfg),
      QUOTA_TOKENS: JSON.stringify(tokens),
      QUOTA_LOCATIONS: JSON.stringify(locations),
      QUOTA_WINDOW_MS: String(WINDOW_MS),
      // Keys of this run only: nothing another run left in Redis counts against it.
      QUOTA_PREFIX: `locus:test:${randomUUID()}:`,
      QUOTA_EDITS: '20',
      QUOTA_READS: '200',
    };
    const a = startChild({ ...env, QUOTA_NAME: 'a' });
    const b = startChild({ ...env, QUOTA_NAME: 'b' });
    await Promise.all([a.ready, b.ready]);
    // The setup's own reads above (the token, accounts, locations) are not in the children's budget:
    // they leave Google's window before the children send theirs.
    await new Promise((resolve) => setTimeout(resolve, WINDOW_MS + 500));
    a.go();
    b.go();
    const [doneA, doneB] = await Promise.all([a.done, b.done]);

    expect(doneA.failed).toEqual([]);
    expect(doneB.failed).toEqual([]);
    expect(doneA.ok + doneB.ok).toBe(440);
    // Google (the sandbox) took every edit and answered no 429 to either process.
    expect((google.state.editCounts?.[first] ?? 0) - editsBefore).toBe(40);
    expect(google.quotaRejections).toEqual(rejectionsBefore);
  }, 400_000);
});
