import { spawn } from 'node:child_process';
import { getHeapStatistics } from 'node:v8';

const MB = 1024 * 1024;

/** This process's V8 heap limit, MB (old space plus the young generation). */
export const heapLimitMb = (): number => Math.round(getHeapStatistics().heap_size_limit / MB);

/**
 * Makes the server run with the configured heap limit: when this process has another one,
 * runs the same script again in a child Node with `--max-old-space-size=<mb>` and returns
 * true (this process then only waits for the child and exits with its code). Returns false
 * in the process that should go on. The child has a process group of its own and this
 * process passes SIGINT and SIGTERM on, so each signal reaches it exactly once however it
 * was sent (Ctrl+C to the terminal's group, `kill` to this process, npm forwarding).
 */
export function relaunchWithHeapLimit(mb: number): boolean {
  const limit = heapLimitMb();
  // V8 adds the young generation (tens of MB) to the old-space size asked for.
  if (process.env.LOCUS_HEAP_RELAUNCHED === '1' || (limit >= mb && limit <= mb + 128)) return false;
  const child = spawn(process.execPath, [...process.execArgv, `--max-old-space-size=${mb}`, ...process.argv.slice(1)], {
    stdio: 'inherit',
    detached: true,
    env: { ...process.env, LOCUS_HEAP_RELAUNCHED: '1' },
  });
  for (const signal of ['SIGTERM', 'SIGINT'] as const) process.on(signal, () => child.kill(signal));
  child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
  return true;
}
