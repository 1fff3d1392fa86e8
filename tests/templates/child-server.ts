import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import type { RunningSandbox } from '@locus/sandbox/index';

/**
 * A Locus server of the templates' restart tests (publish-child.ts) in its own process, so the
 * test can kill it with SIGKILL; every line it prints is kept and handed to `onLine`.
 */
export interface ChildRun {
  proc: ChildProcess;
  lines: string[];
  done: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

const root = path.resolve(import.meta.dirname, '../..');
const child = path.join(import.meta.dirname, 'publish-child.ts');

export function runChild(env: Record<string, string>, onLine: (line: string, run: ChildRun) => void = () => undefined): ChildRun {
  const proc = spawn(process.execPath, ['--import', 'tsx', child], { cwd: root, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
  const run: ChildRun = { proc, lines: [], done: new Promise((resolve) => proc.once('exit', (code, signal) => resolve({ code, signal }))) };
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
    if (code !== 0 && code !== null) process.stderr.write(`child server failed (${code}):\n${stderr}\n`);
  });
  return run;
}

/**
 * The environment of a child server on `sandbox` (started by the test, outside the process it
 * kills, so what Google received survives the kill), its data under `dataDir`, importing the
 * sandbox's bench account as its owner. The quick pace (100 posts a second; the sandbox enforces
 * none): these tests are about restarts, not quota.
 */
export function childEnv(sandbox: RunningSandbox, dataDir: string, port: number, account: { accountName: string }, ownerEmail: string): Record<string, string> {
  return {
    PORT: String(port),
    LOCUS_DATA_DIR: path.join(dataDir, 'locus'),
    LOCUS_PUBLIC_URL: 'http://127.0.0.1',
    LOCUS_SANDBOX: '1',
    LOCUS_SANDBOX_PORT: new URL(sandbox.url).port,
    LOCUS_SANDBOX_SMTP_PORT: String(sandbox.smtpPort),
    LOCUS_DEMO: '0',
    LOCUS_GOOGLE_QUERIES_PER_MINUTE: '6000',
    BENCH_ACCOUNT: account.accountName,
    BENCH_EMAIL: ownerEmail,
    LOG_LEVEL: 'warn',
  };
}
