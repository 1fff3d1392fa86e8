import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  createEmbeddedReadStore,
  createInProcessBus,
  createLogger,
  createProjectorRuntime,
  createSqliteEventStore,
  createTokenService,
  type Doc,
  type WriteOp,
} from '@locus/platform';
import { loadConfig } from '@locus/platform/config/config';
import { seedDemo } from '@locus/command-api/demo/seed-demo';
import { projections } from '@locus/projectors/features';
import { appendBenchLocations, DIRECTORY_BENCH_SHAPES } from '@locus/query-api/locations/testing/directory-bench';
import { freePort } from '../free-port';
import { percentile } from './measure';

export interface ScaleResult {
  setupSeconds: number;
  coldStartToHealthMs: number;
  readStoreRssMb: number;
  heapUsedMb: number;
  directoryP50Ms: number;
  directoryP95Ms: number;
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
  const { dataDir, log } = options;
  const setupStarted = performance.now();
  const env = { LOCUS_DATA_DIR: dataDir, LOCUS_SANDBOX: '0', LOCUS_DEMO: '0', LOCUS_ADMIN_EMAIL: 'admin@bench.local', SMTP_HOST: '127.0.0.1', SMTP_PORT: '1' };
  const config = loadConfig(env, { sandboxByDefault: false });
  const eventStore = createSqliteEventStore({ file: path.join(dataDir, 'events.db') });
  const readStore = createEmbeddedReadStore({ file: path.join(dataDir, 'readmodels.db') });
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
  const setupSeconds = (performance.now() - setupStarted) / 1000;

  const tokens = createTokenService({ secret: config.jwtSecret, ttlSeconds: 3600, clock });
  const { token } = await tokens.issue({
    userId: company.userIds.at(-1)!,
    role: 'CompanyUser',
    companyId: company.companyId,
    companyName: company.name,
    fullName: 'Bench User',
    email: 'bench@bench.local',
    viewingAsAdmin: false,
  });

  const { url, server, coldStartToHealthMs, stop } = await startBuiltServer(env, log);
  try {
    const query = async (body: object) => {
      const res = await fetch(`${url}/api/gmb/${company.companyId}/locations-summary`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
      await res.arrayBuffer();
      if (res.status !== 200) throw new Error(`directory query answered ${res.status}`);
    };
    for (let i = 0; i < 30; i++) await query(DIRECTORY_BENCH_SHAPES[i % DIRECTORY_BENCH_SHAPES.length]!);
    const times: number[] = [];
    const cpuBefore = cpuMsOf(server.pid!);
    for (let i = 0; i < options.samples; i++) {
      const t0 = performance.now();
      await query(DIRECTORY_BENCH_SHAPES[i % DIRECTORY_BENCH_SHAPES.length]!);
      times.push(performance.now() - t0);
    }
    const directoryCpuMsPerQuery = (cpuMsOf(server.pid!) - cpuBefore) / options.samples;
    const ready = (await (await fetch(`${url}/ready`)).json()) as { memory: { heapUsedMb: number } };
    return {
      setupSeconds,
      coldStartToHealthMs,
      readStoreRssMb: rssMbOf(server.pid!),
      heapUsedMb: ready.memory.heapUsedMb,
      directoryP50Ms: percentile(times, 50),
      directoryP95Ms: percentile(times, 95),
      directoryCpuMsPerQuery,
    };
  } finally {
    await stop();
  }
}

/**
 * The server as `npm start` runs it (compiled; Node started with the configured heap limit),
 * started cold on `env`'s data directory: answers once /ready and the projections are idle.
 */
export async function startBuiltServer(env: Record<string, string>, log: (m: string) => void, options: { idleTimeoutMs?: number } = {}) {
  log('building the server');
  await new Promise<void>((resolve, reject) =>
    spawn(path.join(ROOT, 'node_modules/.bin/tsx'), [path.join(ROOT, 'deploy/src/build-server.ts')], { cwd: ROOT, stdio: 'ignore' }).once('exit', (code) =>
      code === 0 ? resolve() : reject(new Error(`build-server exited ${code}`)),
    ),
  );
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  log('cold start');
  const started = performance.now();
  const server = spawn(process.execPath, [`--max-old-space-size=${HEAP_MB}`, '--enable-source-maps', path.join(ROOT, 'dist/server/start-all.js')], {
    cwd: ROOT,
    env: { ...process.env, ...env, PORT: String(port), LOCUS_HEAP_MB: String(HEAP_MB), LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const stop = async () => {
    server.kill('SIGTERM');
    await new Promise((resolve) => server.once('exit', resolve));
  };
  try {
    await until(async () => (await fetch(`${url}/health`).catch(() => null))?.status === 200, 60_000);
    const coldStartToHealthMs = performance.now() - started;
    let lastReady = '';
    await until(async () => {
      const res = await fetch(`${url}/ready`).catch(() => null);
      lastReady = res ? `${res.status} ${await res.text()}` : 'no answer';
      return res?.status === 200;
    }, 60_000).catch((err: Error) => {
      throw new Error(`${err.message}; /ready answered ${lastReady}`);
    });
    if (!(await untilIdle(server.pid!, options.idleTimeoutMs ?? 120_000))) log('still busy when the wait for idle ended: measuring anyway');
    return { url, server, coldStartToHealthMs, stop };
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

/** Waits until the server has caught up (projections following the events it found): under 5 % of a core for a second. */
export async function untilIdle(pid: number, timeoutMs: number): Promise<boolean> {
  const deadline = performance.now() + timeoutMs;
  for (;;) {
    const before = cpuMsOf(pid);
    await new Promise((resolve) => setTimeout(resolve, 1000));
    if (cpuMsOf(pid) - before < 50) return true;
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
