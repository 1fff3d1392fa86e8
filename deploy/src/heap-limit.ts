import { spawn } from 'node:child_process';
import { getHeapStatistics, setFlagsFromString } from 'node:v8';
import { REPEATED_SIGNAL_WINDOW_MS } from '@locus/platform/config/serve';

const MB = 1024 * 1024;

/** This process's V8 heap limit, MB (old space plus the young generation). */
export const heapLimitMb = (): number => Math.round(getHeapStatistics().heap_size_limit / MB);

/**
 * The young generation's semi-space, MB (V8's default for 64-bit Node 20: 16). Commands
 * allocate short-lived objects (requests, events, documents, messages); with the default, a
 * scavenge every few hundred commands paused the event loop and made most of
 * `appendToSseP95Ms` (docs/performance.md, Memory and the young generation). The young
 * generation (three semi-spaces) counts in the heap limit.
 */
export const SEMI_SPACE_MB = 32;
export const semiSpaceFlag = `--max-semi-space-size=${SEMI_SPACE_MB}`;

/**
 * V8's memory reducer off: a server at a few requests a second looked idle to it, and its
 * repeated full collections (on V8's helper threads, per isolate: the event loop's, the history's
 * thread, the read store's writer) were a fifth to a third of the CPU a template post cost
 * (docs/performance.md, Memory and the young generation). The heap then shrinks at the next regular collection.
 */
export const memoryReducerFlag = '--no-memory-reducer';

/**
 * The event loop's young generation never shrinks below MAIN_MIN_SEMI_SPACE_MB. V8 shrinks it to
 * 1 MB at the first scavenge after a quiet spell, and the next burst of work (a bulk edit's edits
 * when Google's minute comes round again) then scavenged some thirty times a second and promoted
 * its requests in flight (docs/performance.md, The event loop's young generation alone). Only
 * the event loop's: V8 reads the flag when it makes an isolate, and `leaveYoungFloorToMainThread`
 * sets it back before any worker thread is made.
 */
export const MAIN_MIN_SEMI_SPACE_MB = 16;
export const mainMinSemiSpaceFlag = `--min-semi-space-size=${MAIN_MIN_SEMI_SPACE_MB}`;

/** The V8 flags the server runs with (besides its heap limit). */
export const serverV8Flags = [semiSpaceFlag, memoryReducerFlag, mainMinSemiSpaceFlag];

/**
 * Worker threads made from here on get V8's own young generation (it shrinks when they are
 * quiet): held whole, each isolate's would cost the server ~40 MB of RSS at rest.
 */
export const leaveYoungFloorToMainThread = (): void => setFlagsFromString('--min-semi-space-size=0');

/** The flag by its name, whatever its value (`--no-memory-reducer` is not `--no-memory-reducer-for-small-heaps`). */
const hasFlag = (flag: string) => {
  const name = flag.split('=')[0]!;
  return [...process.execArgv, ...(process.env.NODE_OPTIONS ?? '').split(/\s+/)].some((a) => a === name || a.startsWith(`${name}=`));
};
const hasServerV8Flags = () => serverV8Flags.every((f) => hasFlag(f));

/**
 * Runs this script again in a child Node with `flags` added, unless this process has them
 * (`satisfied`) or is that child; returns true in the parent (it then only waits for the child
 * and exits with its code). The child has a process group of its own and this process passes
 * SIGINT and SIGTERM on, so each stop reaches it exactly once however it was sent (Ctrl+C to
 * the terminal's group, `kill` to this process, npm forwarding): the copies of one stop (a
 * group's signal reaches npm and this process, and npm passes it on again) arrive within
 * REPEATED_SIGNAL_WINDOW_MS and are passed on once; a later signal is passed on (a second Ctrl+C).
 */
export function relaunchWith(flags: string[], satisfied: boolean, marker = 'LOCUS_HEAP_RELAUNCHED'): boolean {
  if (process.env[marker] === '1' || satisfied) {
    leaveYoungFloorToMainThread();
    return false;
  }
  const child = spawn(process.execPath, [...process.execArgv, ...flags, ...process.argv.slice(1)], {
    stdio: 'inherit',
    detached: true,
    env: { ...process.env, [marker]: '1' },
  });
  let lastForwarded = -Infinity;
  for (const signal of ['SIGTERM', 'SIGINT'] as const) {
    process.on(signal, () => {
      if (Date.now() - lastForwarded < REPEATED_SIGNAL_WINDOW_MS) return;
      lastForwarded = Date.now();
      child.kill(signal);
    });
  }
  child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
  return true;
}

/**
 * Makes the server run with the configured heap limit and `serverV8Flags`: relaunches it
 * (relaunchWith) with `--max-old-space-size=<mb>` when its limit is another or a flag is missing.
 */
export function relaunchWithHeapLimit(mb: number): boolean {
  const limit = heapLimitMb();
  // V8 adds the young generation (three semi-spaces) to the old-space size asked for.
  const youngMb = 3 * SEMI_SPACE_MB;
  return relaunchWith([`--max-old-space-size=${mb}`, ...serverV8Flags], limit >= mb && limit <= mb + youngMb + 32 && hasServerV8Flags());
}

/** The bench's server runs with the server's V8 flags (the bench keeps Node's old-space limit for its data). */
export const relaunchWithServerV8Flags = (): boolean => relaunchWith(serverV8Flags, hasServerV8Flags(), 'LOCUS_BENCH_RELAUNCHED');
