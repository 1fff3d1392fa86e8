import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import inspector from 'node:inspector';
import os from 'node:os';
import path from 'node:path';

/** Runs `task` `count` times with at most `concurrency` in flight. */
export async function runConcurrently(count: number, concurrency: number, task: () => Promise<unknown>): Promise<void> {
  let started = 0;
  const worker = async () => {
    while (started < count) {
      started += 1;
      await task();
    }
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, count) }, worker));
}

/** Nearest-rank percentile of `values` (p in 0..100). */
export function percentile(values: number[], p: number): number {
  if (values.length === 0) return NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const rank = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[rank];
}

/**
 * CPU time (user + system, all threads) this process spends while `task` runs, in ms. With
 * `BENCH_CPU_PROFILE=<dir>`, also writes a V8 CPU profile of just that window there; with
 * `BENCH_HEAP_PROFILE=<dir>`, a sampling heap profile of what the window allocated (the event loop's isolate).
 */
export async function withCpu<T>(
  name: string,
  task: () => Promise<T>,
): Promise<{ result: T; cpuMs: number; wallMs: number; machineBusyMs: number; cores: number; threadsMs: ThreadCpu[] }> {
  const window = await startCpuWindow(name);
  const result = await task();
  return { result, ...(await window.end()) };
}

export interface CpuWindow {
  cpuMs: number;
  wallMs: number;
  machineBusyMs: number;
  cores: number;
  threadsMs: ThreadCpu[];
}

/**
 * The measuring of withCpu, for a window that starts and ends in different places (the
 * templates bench starts it inside the publish fixture's callback).
 */
export async function startCpuWindow(name: string): Promise<{ end(): Promise<CpuWindow> }> {
  const profileDir = process.env.BENCH_CPU_PROFILE;
  const session = profileDir ? new inspector.Session() : null;
  const post = (method: string, params?: object) =>
    new Promise<unknown>((resolve, reject) => session!.post(method, params, (err, res) => (err ? reject(err) : resolve(res))));
  const heapDir = process.env.BENCH_HEAP_PROFILE;
  const heapSession = heapDir ? new inspector.Session() : null;
  const heapPost = (method: string, params?: object) =>
    new Promise<unknown>((resolve, reject) => heapSession!.post(method, params, (err, res) => (err ? reject(err) : resolve(res))));
  if (session) {
    session.connect();
    await post('Profiler.enable');
    await post('Profiler.setSamplingInterval', { interval: 250 });
    await post('Profiler.start');
  }
  if (heapSession) {
    heapSession.connect();
    // Every allocation sampled, also what the next scavenge frees: what a command allocates, not only what it keeps.
    await heapPost('HeapProfiler.startSampling', { samplingInterval: 8192, includeObjectsCollectedByMajorGC: true, includeObjectsCollectedByMinorGC: true });
  }
  const machine = machineBusyMs();
  const threads = threadTicks();
  const cpu = process.cpuUsage();
  const t0 = performance.now();
  return {
    async end() {
      const used = process.cpuUsage(cpu);
      const wallMs = performance.now() - t0;
      const busy = machineBusyMs() - machine;
      const threadsMs = threadCpuSince(threads);
      if (session) {
        const { profile } = (await post('Profiler.stop')) as inspector.Profiler.StopReturnType;
        mkdirSync(profileDir!, { recursive: true });
        writeFileSync(path.join(profileDir!, `${name}.cpuprofile`), JSON.stringify(profile));
        session.disconnect();
      }
      if (heapSession) {
        const { profile } = (await heapPost('HeapProfiler.stopSampling')) as inspector.HeapProfiler.StopSamplingReturnType;
        mkdirSync(heapDir!, { recursive: true });
        writeFileSync(path.join(heapDir!, `${name}.heapprofile`), JSON.stringify(profile));
        heapSession.disconnect();
      }
      return { cpuMs: (used.user + used.system) / 1000, wallMs, machineBusyMs: busy, cores: os.cpus().length, threadsMs };
    },
  };
}

/** One thread of this process and the CPU it used in a window (ms; Linux only, else none). */
export interface ThreadCpu {
  tid: number;
  main: boolean;
  /** The thread's nice value: the company history's thread runs at 19 (projection-threads.ts). */
  nice: number;
  ms: number;
  /** Of `ms`, the time in the kernel (system calls: I/O, waking and waiting). */
  systemMs: number;
}

/** Each thread's CPU of a window for a log line: the event loop as `main`, the history's thread (nice 19) named. */
export const threadList = (threads: ThreadCpu[]) => threads.map((t) => `${t.main ? 'main' : t.nice === 19 ? `history ${t.tid}` : t.tid} ${t.ms}`).join(', ');

// Linux counts each thread's CPU in clock ticks of 10 ms (USER_HZ 100) in /proc/self/task/<tid>/stat.
const TICK_MS = 10;

function threadTicks(): Map<number, { ticks: number; systemTicks: number; nice: number }> {
  const ticks = new Map<number, { ticks: number; systemTicks: number; nice: number }>();
  let tids: string[];
  try {
    tids = readdirSync('/proc/self/task');
  } catch {
    return ticks;
  }
  for (const tid of tids) {
    try {
      const stat = readFileSync(`/proc/self/task/${tid}/stat`, 'utf8');
      // Fields after the command name (which may hold spaces): utime and stime are the 12th and 13th, nice the 17th.
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      ticks.set(Number(tid), { ticks: Number(fields[11]) + Number(fields[12]), systemTicks: Number(fields[12]), nice: Number(fields[16]) });
    } catch {
      // The thread ended between listing and reading.
    }
  }
  return ticks;
}

/**
 * CPU of each thread over the window, busiest first: the event loop (`main`), and by thread id
 * in order of creation V8's helpers (garbage collection), libuv's pool, then worker threads.
 */
function threadCpuSince(before: Map<number, { ticks: number; systemTicks: number; nice: number }>): ThreadCpu[] {
  const out: ThreadCpu[] = [];
  for (const [tid, t] of threadTicks()) {
    const ms = (t.ticks - (before.get(tid)?.ticks ?? 0)) * TICK_MS;
    const systemMs = (t.systemTicks - (before.get(tid)?.systemTicks ?? 0)) * TICK_MS;
    if (ms > 0) out.push({ tid, main: tid === process.pid, nice: t.nice, ms, systemMs });
  }
  return out.sort((a, b) => b.ms - a.ms);
}

/** CPU time all processes of the machine have used so far (ms, all cores). */
export function machineBusyMs(): number {
  let busy = 0;
  for (const { times } of os.cpus()) busy += times.user + times.nice + times.sys + times.irq;
  return busy;
}

/**
 * The environment every bench server runs with: its data directory, no sandbox, no demo data,
 * the bench's administrator, and mail to a port nothing listens on.
 */
export const benchEnv = (dataDir: string) => ({
  LOCUS_DATA_DIR: dataDir,
  LOCUS_SANDBOX: '0',
  LOCUS_DEMO: '0',
  LOCUS_ADMIN_EMAIL: 'admin@bench.local',
  SMTP_HOST: '127.0.0.1',
  SMTP_PORT: '1',
});
