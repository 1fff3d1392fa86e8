import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSandbox, type RunningSandbox } from '@locus/sandbox/index';
import { freePort } from '../../deploy/src/free-port';

/**
 * Issue 14: a server killed with SIGKILL in the middle of a 500-location publish, started
 * again, ends with exactly 500 posts on Google (no duplicate, none missing). The sandbox runs
 * here, outside the killed process, so what Google received survives the kill.
 */
const LOCATIONS = 500;
const KILL_AT = 150;
const root = path.resolve(import.meta.dirname, '../..');
const child = path.join(import.meta.dirname, 'publish-child.ts');

interface Run {
  proc: ChildProcess;
  lines: string[];
  done: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

function runChild(env: Record<string, string>, onLine: (line: string, run: Run) => void): Run {
  const proc = spawn(process.execPath, ['--import', 'tsx', child], { cwd: root, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
  const run: Run = { proc, lines: [], done: new Promise((resolve) => proc.once('exit', (code, signal) => resolve({ code, signal }))) };
  let pending = '';
  let stderr = '';
  proc.stderr!.setEncoding('utf8').on('data', (d: string) => (stderr = (stderr + d).slice(-4000)));
  proc.stdout!.setEncoding('utf8').on('data', (d: string) => {
    pending += d;
    const lines = pending.split('\n');
    pending = lines.pop()!;
    for (const line of lines) {
      run.lines.push(line);
      onLine(line, run);
    }
  });
  void run.done.then(({ code }) => {
    if (code !== 0 && code !== null) process.stderr.write(`crash child failed (${code}):\n${stderr}\n`);
  });
  return run;
}

describe('template publishing survives SIGKILL', () => {
  let sandbox: RunningSandbox;
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'locus-template-crash-'));

  beforeAll(async () => {
    sandbox = await startSandbox({ httpPort: await freePort(), smtpPort: await freePort(), dataDir: path.join(dataDir, 'sandbox') });
  });
  afterAll(async () => {
    await sandbox?.close();
  });

  it('ends with exactly one post per location after a kill mid-publish and a restart', async () => {
    const store = sandbox.google!.store;
    const account = store.ensureBenchAccount(LOCATIONS);
    const owner = store.user(account.members[0]!.sub)!;
    const env = {
      PORT: String(await freePort()),
      LOCUS_DATA_DIR: path.join(dataDir, 'locus'),
      LOCUS_PUBLIC_URL: 'http://127.0.0.1',
      LOCUS_SANDBOX: '1',
      LOCUS_SANDBOX_PORT: new URL(sandbox.url).port,
      LOCUS_SANDBOX_SMTP_PORT: String(sandbox.smtpPort),
      LOCUS_DEMO: '0',
      // fast pace: the test is about crashes, not quota
      LOCUS_GOOGLE_QUERIES_PER_MINUTE: '60000',
      BENCH_ACCOUNT: account.accountName,
      BENCH_EMAIL: owner.email,
      LOG_LEVEL: 'warn',
    };

    let templateId = '';
    let doneAtKill = -1;
    const first = runChild({ ...env, CHILD_MODE: 'seed' }, (line, run) => {
      const published = /^published (\S+)/.exec(line);
      if (published) templateId = published[1]!;
      const progress = /^progress (\d+) (\d+) (\d+)/.exec(line);
      if (progress && doneAtKill < 0 && Number(progress[1]) >= KILL_AT) {
        doneAtKill = Number(progress[1]);
        run.proc.kill('SIGKILL');
      }
    });
    const firstExit = await first.done;
    expect(firstExit.signal).toBe('SIGKILL');
    expect(templateId).not.toBe('');
    expect(doneAtKill).toBeGreaterThanOrEqual(KILL_AT);
    expect(doneAtKill).toBeLessThan(LOCATIONS);

    const second = runChild({ ...env, CHILD_MODE: 'resume', TEMPLATE_ID: templateId }, () => undefined);
    const secondExit = await second.done;
    expect(secondExit.code).toBe(0);
    expect(second.lines.at(-2)).toBe(`progress ${LOCATIONS} 0 ${LOCATIONS}`);

    const counts = account.locationIds.map(
      (id) => (store.state.posts[id] ?? []).filter((p) => String(p.resource.summary ?? '').startsWith('Crash test at ')).length,
    );
    expect(counts).toHaveLength(LOCATIONS);
    expect(counts.filter((n) => n === 0)).toHaveLength(0);
    expect(counts.filter((n) => n > 1)).toHaveLength(0);
  }, 600_000);
});
