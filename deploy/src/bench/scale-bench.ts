import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  createEmbeddedReadStore,
  createInProcessBus,
  createLogger,
  createProjectorRuntime,
  createSqliteEventStore,
  createTokenService,
  reactorCheckpointName,
  type Doc,
  type WriteOp,
} from '@locus/platform';
import type { OpsStatusReportDto } from '@locus/contracts';
import { loadConfig } from '@locus/platform/config/config';
import { seedDemo } from '@locus/command-api/demo/seed-demo';
import { projections } from '@locus/projectors/features';
import { serverV8Flags } from '../heap-limit';
import { openDataDirReadStore } from '@locus/platform/read-store/projection-files';
import { appendBenchLocations, DIRECTORY_BENCH_SHAPES, DIRECTORY_HEALTH_BENCH_SHAPES } from '@locus/query-api/locations/testing/directory-bench';
import { freePort } from '../free-port';
import { benchEnv, machineBusyMs, percentile } from './measure';

export interface ScaleResult {
  setupSeconds: number;
  /** First start of the compiled server on the data, every reactor at position 0. */
  coldStartToHealthMs: number;
  /** Second start, the reactors at the head. */
  restartToHealthMs: number;
  /** Whether every projection and reactor was at the head, and the process idle, before the queries. */
  idleBeforeQueries: boolean;
  readStoreRssMb: number;
  heapUsedMb: number;
  directoryP50Ms: number;
  directoryP95Ms: number;
  /** The same query filtered by completeness below a threshold, and by verification state. */
  directoryCompletenessP95Ms: number;
  directoryVerificationP95Ms: number;
  /** Server CPU per directory query (user + system), which other load on the machine does not change. */
  directoryCpuMsPerQuery: number;
}

const REVIEWS = 'bench-reviews';
const ROOT = fileURLToPath(new URL('../../../', import.meta.url));
const HEAP_MB = 1024;

/**
 * The embedded default at scale: a data directory with `locations` locations of one company
 * (through the real projections) and `reviews` review-sized documents (0.7 KB, written
 * through the read store's batch API), then `npm start`'s server started cold on it as a
 * child process: time to /health, the directory query over HTTP, and the server's RSS.
 */
export async function measureScale(options: {
  dataDir: string;
  locations: number;
  reviews: number;
  samples: number;
  log: (m: string) => void;
}): Promise<ScaleResult> {
  const { company, administratorId, setupSeconds } = await prepareScaleData(options);
  return {
    setupSeconds,
    ...(await measureScaleServer({
      dataDir: options.dataDir,
      company,
      administratorId,
      locations: options.locations,
      samples: options.samples,
      log: options.log,
    })),
  };
}

export interface ScaleCompany {
  companyId: string;
  name: string;
  defaultAdminId: string;
}

/** The scale bench's data directory: the locations through the real projections, then the review-sized documents. */
export async function prepareScaleData(options: {
  dataDir: string;
  locations: number;
  reviews: number;
  log: (m: string) => void;
}): Promise<{ company: ScaleCompany; administratorId: string; setupSeconds: number }> {
  const { dataDir, log } = options;
  const setupStarted = performance.now();
  const eventStore = createSqliteEventStore({ file: path.join(dataDir, 'events.db') });
  // As the server lays it out: the company history in its own file (projection-threads.ts).
  const readStore = openDataDirReadStore(dataDir, projections);
  const bus = createInProcessBus();
  const clock = { now: () => new Date() };
  const seeded = await seedDemo(
    { eventStore, ids: { uuid: () => randomUUID() }, clock },
    { adminEmail: 'admin@bench.local', adminPassword: 'Bench-Passw0rd!' },
  );
  const company = seeded.companies[0]!;
  log(`scale: appending ${options.locations.toLocaleString('en-US')} locations`);
  await appendBenchLocations(eventStore, company.companyId, options.locations);
  log('scale: projecting');
  const projector = createProjectorRuntime({ eventStore, readStore, bus, projections, logger: createLogger({ level: 'silent' }) });
  await projector.start();
  // The runtime's own wait: every projection follows live, its first build switched (the stored
  // checkpoints reach the head a moment before the switch, and a server started on a build that
  // has not switched is not ready).
  if (!(await projector.waitForPosition(await eventStore.headPosition(), 2_700_000))) throw new Error('projections did not catch up in 45 min');
  await projector.stop();
  log(`scale: writing ${options.reviews.toLocaleString('en-US')} review-sized documents`);
  await readStore.collection(REVIEWS).createIndexes([{ key: { companyId: 1, locationId: 1, createdAt: -1 } }]);
  const comment = 'Friendly staff and quick service; would come back. '.repeat(9);
  for (let i = 0; i < options.reviews; i += 5_000) {
    const ops: WriteOp[] = [];
    for (let j = i; j < Math.min(options.reviews, i + 5_000); j++) {
      const doc: Doc = {
        _id: `review-${j}`,
        companyId: company.companyId,
        locationId: `location-${j % options.locations}`,
        rating: 1 + (j % 5),
        reviewer: `Reviewer ${j}`,
        comment,
        createdAt: new Date(1_700_000_000_000 + j * 1000).toISOString(),
      };
      ops.push({ insertOne: { document: doc } });
    }
    await readStore.commit({ writes: [{ collection: REVIEWS, ops }] });
  }
  await readStore.close();
  await eventStore.close();
  await bus.close();
  return {
    company: { companyId: company.companyId, name: company.name, defaultAdminId: company.defaultAdminId },
    administratorId: seeded.administratorId,
    setupSeconds: (performance.now() - setupStarted) / 1000,
  };
}

/**
 * `npm start`'s server started cold on a prepared data directory, twice. The first start finds
 * every reactor at position 0 (none ran during the setup), the worst case for `/health`: each
 * reads the history for its events. It is stopped once `/health` answers. The reactors'
 * outcomes for the imported locations are not part of the data set (Google reads of insights
 * and reviews, which fail here for a connection the bench does not have: five minutes of work
 * on 100,000 locations), so their checkpoints are then moved to the head, as the server that
 * imported the locations leaves them. The second start serves the directory query once every
 * projection and reactor is at the head and the process is idle; RSS is read after the queries.
 */
export async function measureScaleServer(options: {
  dataDir: string;
  company: ScaleCompany;
  administratorId: string;
  /** Locations the company has: the directory must show them all. */
  locations: number;
  samples: number;
  log: (m: string) => void;
}): Promise<Omit<ScaleResult, 'setupSeconds'>> {
  const { company, log } = options;
  const env = benchEnv(options.dataDir);
  const config = loadConfig(env, { sandboxByDefault: false });
  const clock = { now: () => new Date() };
  const tokens = createTokenService({ secret: config.jwtSecret, ttlSeconds: 3600, clock });
  // The company's admin sees all its locations: a company user sees only those assigned to them.
  const { token } = await tokens.issue({
    userId: company.defaultAdminId,
    role: 'CompanyAdmin',
    companyId: company.companyId,
    companyName: company.name,
    fullName: 'Bench Admin',
    email: 'bench@bench.local',
    viewingAsAdmin: false,
  });
  const { token: adminToken } = await tokens.issue({
    userId: options.administratorId,
    role: 'Administrator',
    companyId: null,
    companyName: null,
    fullName: 'Bench Administrator',
    email: 'admin@bench.local',
    viewingAsAdmin: false,
  });

  await buildServerForBench(log);
  log('first start (every reactor at position 0)');
  // What else ran meanwhile, to read a slow start by: this process (the setup's heap being
  // collected) and the machine (other processes).
  const benchCpu = process.cpuUsage();
  const machineBefore = machineBusyMs();
  const first = await spawnBuiltServer(env);
  const used = process.cpuUsage(benchCpu);
  const benchCpuMs = (used.user + used.system) / 1000;
  log(
    `first start: /health after ${Math.round(first.healthMs)} ms; meanwhile this process used ${Math.round(benchCpuMs)} ms of CPU, the machine ${Math.round(machineBusyMs() - machineBefore)} ms (${os.cpus().length} cores)`,
  );
  let reactors: string[];
  try {
    reactors = (await opsStatusOf(first.url, adminToken)).reactors.map((r) => r.name);
  } finally {
    await first.stop();
  }
  await moveCheckpointsToHead(options.dataDir, reactors.map(reactorCheckpointName));
  log('second start (reactors at the head)');
  const second = await spawnBuiltServer(env);
  const { url, server, stop } = second;
  try {
    await untilReady(url);
    const idle = await untilCaughtUp(url, adminToken, server.pid!, 120_000);
    if (!idle) log('not caught up and idle when the wait ended (120 s): measuring anyway');
    const query = async (body: object) => {
      const res = await fetch(`${url}/api/gmb/${company.companyId}/locations-summary`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
      const bytes = await res.arrayBuffer();
      if (res.status !== 200) throw new Error(`directory query answered ${res.status}`);
      return bytes;
    };
    // A directory the caller cannot see would answer fast and empty: the bench must see them all.
    const seen = await query(DIRECTORY_BENCH_SHAPES[0]!);
    const { totalResultsCount } = JSON.parse(Buffer.from(seen).toString('utf8')) as { totalResultsCount: number };
    if (totalResultsCount < options.locations) throw new Error(`the directory shows ${totalResultsCount} locations, not ${options.locations}`);
    for (let i = 0; i < 30; i++) await query(DIRECTORY_BENCH_SHAPES[i % DIRECTORY_BENCH_SHAPES.length]!);
    const times: number[] = [];
    const cpuBefore = cpuMsOf(server.pid!);
    for (let i = 0; i < options.samples; i++) {
      const t0 = performance.now();
      await query(DIRECTORY_BENCH_SHAPES[i % DIRECTORY_BENCH_SHAPES.length]!);
      times.push(performance.now() - t0);
    }
    const directoryCpuMsPerQuery = (cpuMsOf(server.pid!) - cpuBefore) / options.samples;
    const filteredP95 = async (shapes: object[]) => {
      for (let i = 0; i < 10; i++) await query(shapes[i % shapes.length]!);
      const filtered: number[] = [];
      for (let i = 0; i < options.samples; i++) {
        const t0 = performance.now();
        await query(shapes[i % shapes.length]!);
        filtered.push(performance.now() - t0);
      }
      return percentile(filtered, 95);
    };
    const directoryCompletenessP95Ms = await filteredP95(DIRECTORY_HEALTH_BENCH_SHAPES.completeness);
    const directoryVerificationP95Ms = await filteredP95(DIRECTORY_HEALTH_BENCH_SHAPES.verification);
    const ready = (await (await fetch(`${url}/ready`)).json()) as { memory: { heapUsedMb: number } };
    return {
      coldStartToHealthMs: first.healthMs,
      restartToHealthMs: second.healthMs,
      idleBeforeQueries: idle,
      readStoreRssMb: rssMbOf(server.pid!),
      heapUsedMb: ready.memory.heapUsedMb,
      directoryP50Ms: percentile(times, 50),
      directoryP95Ms: percentile(times, 95),
      directoryCompletenessP95Ms,
      directoryVerificationP95Ms,
      directoryCpuMsPerQuery,
    };
  } finally {
    await stop();
  }
}

/** Sets the named checkpoints to the event store's head (the server is stopped). */
async function moveCheckpointsToHead(dataDir: string, names: string[]): Promise<void> {
  const eventStore = createSqliteEventStore({ file: path.join(dataDir, 'events.db') });
  const readStore = createEmbeddedReadStore({ file: path.join(dataDir, 'readmodels.db') });
  try {
    const position = await eventStore.headPosition();
    for (const name of names) await readStore.commit({ writes: [], checkpoint: { name, position } });
  } finally {
    await readStore.close();
    await eventStore.close();
  }
}

const opsStatusOf = async (url: string, adminToken: string): Promise<OpsStatusReportDto> => {
  const res = await fetch(`${url}/api/ops/projections`, { headers: { authorization: `Bearer ${adminToken}` } });
  if (res.status !== 200) throw new Error(`/api/ops/projections answered ${res.status}: ${await res.text()}`);
  return ((await res.json()) as { Data: OpsStatusReportDto }).Data;
};

/**
 * Waits until the server has finished its start-up work: every projection live and every
 * reactor at the head (their stored checkpoints, written within a second), and the process
 * under 5 % of a core for a second. False when `timeoutMs` passed first.
 */
async function untilCaughtUp(url: string, adminToken: string, pid: number, timeoutMs: number): Promise<boolean> {
  const deadline = performance.now() + timeoutMs;
  for (;;) {
    const status = await opsStatusOf(url, adminToken);
    const behind = [...status.projections, ...status.reactors].filter((f) => f.lag > 0 || f.state !== 'live');
    if (behind.length === 0) {
      const remaining = deadline - performance.now();
      if (remaining <= 0) return false;
      if (await untilIdle(pid, remaining)) return true;
      continue;
    }
    if (performance.now() > deadline) return false;
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
}

/** Compiles the server (`npm run build:server`) as `npm start` does. */
export async function buildServerForBench(log: (m: string) => void): Promise<void> {
  log('building the server');
  await new Promise<void>((resolve, reject) =>
    spawn(path.join(ROOT, 'node_modules/.bin/tsx'), [path.join(ROOT, 'deploy/src/build-server.ts')], { cwd: ROOT, stdio: 'ignore' }).once('exit', (code) =>
      code === 0 ? resolve() : reject(new Error(`build-server exited ${code}`)),
    ),
  );
}

/**
 * The compiled server as `npm start` runs it (Node started with the configured heap limit),
 * spawned on `env`'s data directory; answers once `/health` does, with the time from the spawn.
 */
export async function spawnBuiltServer(env: Record<string, string>) {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const started = performance.now();
  // The flags start-all would relaunch itself with: this pid is the server's.
  const server = spawn(
    process.execPath,
    [`--max-old-space-size=${HEAP_MB}`, ...serverV8Flags, '--enable-source-maps', path.join(ROOT, 'dist/server/start-all.js')],
    {
      cwd: ROOT,
      env: { ...process.env, ...env, PORT: String(port), LOCUS_HEAP_MB: String(HEAP_MB), LOG_LEVEL: 'warn' },
      stdio: ['ignore', 'ignore', 'inherit'],
    },
  );
  const exited = new Promise((resolve) => server.once('exit', resolve));
  const stop = async () => {
    server.kill('SIGTERM');
    await exited;
  };
  try {
    await until(async () => (await fetch(`${url}/health`).catch(() => null))?.status === 200, 60_000);
    return { url, server, healthMs: performance.now() - started, stop };
  } catch (err) {
    await stop();
    throw err;
  }
}

export async function untilReady(url: string): Promise<void> {
  let lastReady = '';
  await until(async () => {
    const res = await fetch(`${url}/ready`).catch(() => null);
    lastReady = res ? `${res.status} ${await res.text()}` : 'no answer';
    return res?.status === 200;
  }, 60_000).catch((err: Error) => {
    throw new Error(`${err.message}; /ready answered ${lastReady}`);
  });
}

/**
 * The server as `npm start` runs it, built and started cold on `env`'s data directory: answers
 * once /ready and the process is idle.
 */
export async function startBuiltServer(env: Record<string, string>, log: (m: string) => void, options: { idleTimeoutMs?: number } = {}) {
  await buildServerForBench(log);
  log('cold start');
  const { url, server, healthMs, stop } = await spawnBuiltServer(env);
  try {
    await untilReady(url);
    if (!(await untilIdle(server.pid!, options.idleTimeoutMs ?? 120_000))) log('still busy when the wait for idle ended: measuring anyway');
    return { url, server, coldStartToHealthMs: healthMs, stop };
  } catch (err) {
    await stop();
    throw err;
  }
}

export async function until(test: () => Promise<boolean>, timeoutMs: number): Promise<void> {
  const deadline = performance.now() + timeoutMs;
  while (!(await test())) {
    if (performance.now() > deadline) throw new Error(`not ready within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

/**
 * Waits until the server has caught up (projections and reactors following the events it found,
 * work it starts with): under 5 % of a core for `quietSeconds` seconds in a row. One quiet second
 * was at times a lull in that work, which then ran in the measured window.
 */
export async function untilIdle(pid: number, timeoutMs: number, quietSeconds = 3): Promise<boolean> {
  const deadline = performance.now() + timeoutMs;
  let quiet = 0;
  for (;;) {
    const before = cpuMsOf(pid);
    await new Promise((resolve) => setTimeout(resolve, 1000));
    quiet = cpuMsOf(pid) - before < 50 ? quiet + 1 : 0;
    if (quiet >= quietSeconds) return true;
    if (performance.now() > deadline) return false;
  }
}

/** User + system CPU of a process so far, ms (Linux /proc). */
export function cpuMsOf(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100;
}

export function rssMbOf(pid: number): number {
  const line = readFileSync(`/proc/${pid}/status`, 'utf8')
    .split('\n')
    .find((l) => l.startsWith('VmRSS:'))!;
  return Math.round(Number(line.replace(/\D+/g, '')) / 1024);
}
