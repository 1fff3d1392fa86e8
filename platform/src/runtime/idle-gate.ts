import { readFileSync } from 'node:fs';
import os from 'node:os';

export interface IdleGateOptions {
  /** Share of the machine's cores that others (every thread but this one) may use before this thread waits (default 0.25). */
  busyShare?: number;
  /**
   * How often the load is looked at while waiting (default 100 ms): each look reads two /proc
   * files, and a thread looking every 20 ms through a busy spell spent a fifth of its CPU on it.
   */
  checkMs?: number;
  /**
   * Waits no longer than this in a row (default 2,000 ms): under lasting load the work still
   * goes on, and after such a wait full batches follow without waiting until one is not full
   * (the backlog is gone).
   */
  maxWaitMs?: number;
  /** Tests: the machine's and this thread's busy ticks, the clock, the sleep, the core count. */
  ticks?: () => { machine: number; thread: number } | null;
  now?: () => number;
  sleep?: (ms: number) => Promise<void>;
  cores?: number;
}

/** Ticks (1/100 s) the machine's cores have been busy, and this thread has run, so far. */
function readTicks(): { machine: number; thread: number } | null {
  try {
    const cpu = readFileSync('/proc/stat', 'utf8');
    const f = cpu.slice(0, cpu.indexOf('\n')).trim().split(/\s+/).slice(1).map(Number);
    // user nice system idle iowait irq softirq steal
    const machine = f[0]! + f[1]! + f[2]! + f[5]! + f[6]! + f[7]!;
    const stat = readFileSync('/proc/thread-self/stat', 'utf8');
    const t = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return { machine, thread: Number(t[11]) + Number(t[12]) };
  } catch {
    return null;
  }
}

/**
 * For work that may wait (a projection on its own thread, the company history): resolves at
 * once while the machine has CPU to spare, and otherwise once it has, or after `maxWaitMs`.
 * What others use is the machine's busy time minus this thread's own (Linux /proc; elsewhere
 * it never waits). On the 2-core machine a history that kept up with a burst of commands took
 * the CPU the commands needed (docs/performance.md).
 */
export function createIdleGate(options: IdleGateOptions = {}): (signal?: AbortSignal, batch?: { full: boolean }) => Promise<void> {
  const busyShare = options.busyShare ?? 0.25;
  const checkMs = options.checkMs ?? 100;
  const maxWaitMs = options.maxWaitMs ?? 2_000;
  const cores = options.cores ?? (os.cpus().length || 1);
  const ticks = options.ticks ?? readTicks;
  const clock = options.now ?? (() => performance.now());
  const sleep = options.sleep ?? ((ms: number) => new Promise<void>((r) => setTimeout(r, ms)));
  let last = ticks();
  let lastAt = clock();
  const othersBusy = (): number | null => {
    const now = ticks();
    const at = clock();
    if (!now || !last) return null;
    const elapsedTicks = ((at - lastAt) / 1000) * 100 * cores;
    const share = elapsedTicks > 0 ? (now.machine - last.machine - (now.thread - last.thread)) / elapsedTicks : 0;
    last = now;
    lastAt = at;
    return share;
  };
  let catchingUp = false;
  return async (signal, batch) => {
    if (catchingUp && batch?.full) return;
    catchingUp = false;
    const started = clock();
    // A look over less than a few ticks says little: wait one check interval first when the last look is that recent.
    if (clock() - lastAt < checkMs) await sleep(checkMs);
    for (;;) {
      const share = othersBusy();
      if (share === null || share < busyShare || signal?.aborted) return;
      if (clock() - started >= maxWaitMs) {
        catchingUp = true;
        return;
      }
      await sleep(checkMs);
    }
  };
}
