/**
 * `npm run bench`: measures the embedded stack and prints, as its LAST line, one JSON object
 * with the figures. Targets (2-core machine): appendsPerSecond ≥ 3,000,
 * rebuildEventsPerSecond ≥ 50,000 (≥ 200,000 events), appendToSseP95Ms ≤ 50,
 * bulkEditEditsPerMinute ≥ 285 (95 % of Google's 300 a minute, 1,000 locations),
 * appendServerCpuMsPerCommand ≤ 0.45, historyExport1MPeakHeapGrowthMb ≤ 64,
 * templatePublishCpuMsPerPost ≤ 5, bulkEditCpuMsPerEdit ≤ 5, directoryQuery100kP95Ms and its
 * completeness and verification filters ≤ 25.
 */
import { fork } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import os from 'node:os';
import path from 'node:path';
import { createLogger } from '@locus/platform';
import { loadConfig } from '@locus/platform/config/config';
import { seedDemo } from '@locus/command-api/demo/seed-demo';
import { relaunchWithServerV8Flags } from '../heap-limit';
import { startLocusStack, type LocusStack } from '../stack';
import { measureRebuild } from './rebuild-bench';
import { measureScale } from './scale-bench';
import { measureBulkEdit } from './bulk-edit-bench';
import { measureHistory, measureHistoryExport } from './history-bench';
import { measureTemplatePublish } from './templates-bench';
import { measureDashboard } from './dashboard-bench';
import { measureHttpKit } from './http-bench';
import { measureDirectoryQuery } from '@locus/query-api/locations/testing/directory-bench';
import { measureReviews } from '@locus/query-api/reviews/testing/reviews-bench';
import type { LoadJob, LoadResult } from './load-client';
import { benchEnv, threadList, withCpu, type ThreadCpu } from './measure';
import { freePort } from '../free-port';

const log = (message: string) => process.stderr.write(`${message}\n`);

async function startBenchStack(dataDir: string): Promise<LocusStack> {
  const config = loadConfig({ PORT: String(await freePort()), ...benchEnv(dataDir) }, { sandboxByDefault: false });
  // Request logs at info would measure the terminal, not Locus: the bench logs warnings only.
  return startLocusStack(config, { logger: createLogger({ name: 'bench', level: 'warn' }), serveWeb: false });
}

/** A real company user of the seeded demo data, with a token the server accepts. */
async function companyUserSession(stack: LocusStack) {
  const deps = stack.commandDeps;
  const seeded = await seedDemo(
    { eventStore: deps.eventStore, ids: deps.ids, clock: deps.clock },
    { adminEmail: 'admin@bench.local', adminPassword: 'Bench-Passw0rd!' },
  );
  const company = seeded.companies[0];
  const userId = company.userIds.at(-1)!;
  // Tokens come from the same TokenService the login uses; the session check reads the users read model.
  const { token } = await deps.tokens.issue({
    userId,
    role: 'CompanyUser',
    companyId: company.companyId,
    companyName: company.name,
    fullName: 'Bench User',
    email: 'bench@bench.local',
    viewingAsAdmin: false,
  });
  const position = await deps.eventStore.headPosition();
  await deps.readModels.waitForPosition(position, 5_000);
  return { token, companyId: company.companyId };
}

/** The load generator in its own process (load-client.ts), so it does not share the server's event loop. */
function startLoadClient() {
  const child = fork(fileURLToPath(new URL('./load-client.ts', import.meta.url)), [], { stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  const run = <R extends LoadResult & { ok: true }>(job: LoadJob): Promise<R> =>
    new Promise((resolve, reject) => {
      const onExit = (code: number | null) => reject(new Error(`load client exited (${code}) during ${job.kind}`));
      child.once('exit', onExit);
      child.once('message', (result: LoadResult) => {
        child.off('exit', onExit);
        if (result.ok) resolve(result as R);
        else reject(new Error(`load client: ${result.error}`));
      });
      child.send(job);
    });
  return { run, stop: () => child.kill() };
}

// The stacks measured here run in this process: with the server's V8 flags (start-all's).
if (relaunchWithServerV8Flags()) await new Promise(() => undefined);

// `BENCH_PARTS=appends,rebuild` runs a subset (for profiling); the default runs everything.
const parts = new Set(
  (process.env.BENCH_PARTS ?? 'appends,sse,burst,http,rebuild,directory,scale,history,historyExport,templates,dashboard,reviews,bulkEdit')
    .split(',')
    .map((p) => p.trim()),
);

async function main() {
  const results: Record<string, number | string> = {};
  if (['appends', 'sse', 'burst', 'idle', 'trickle'].some((p) => parts.has(p))) await measureStack(results);
  if (parts.has('http')) {
    // The HTTP kit alone (routes, auth, body, validation; handlers that answer at once):
    //     the request of 1., server CPU per request, the median of three windows.
    log('http: the kit alone, 3 x 10,000 requests, 32 in flight');
    const client = startLoadClient();
    try {
      const http = await measureHttpKit({ run: client.run, requests: 10_000, windows: 3 });
      results.httpKitServerCpuUsPerRequest = http.serverCpuUsPerRequest;
      results.httpKitServerCpuUsPerRequestWindows = http.windows.join(' / ');
    } finally {
      client.stop();
    }
  }
  if (parts.has('rebuild')) {
    // 3. Rebuild of a real projection over ≥ 200,000 events.
    // With --expose-gc the heap logged is what the parts before left alive, not their garbage.
    (globalThis as { gc?: () => void }).gc?.();
    const heap = process.memoryUsage();
    log(
      `rebuild: writing 200,000 events (before: heap ${Math.round(heap.heapUsed / 2 ** 20)} of ${Math.round(heap.heapTotal / 2 ** 20)} MB, RSS ${Math.round(heap.rss / 2 ** 20)} MB, ${readdirSync('/proc/self/task').length} threads)`,
    );
    const rebuild = await measureRebuild({ events: 200_000, log });
    results.rebuildEvents = rebuild.events;
    results.rebuildEventsPerSecond = rebuild.eventsPerSecond;
    results.rebuildEventsPerCpuSecond = rebuild.eventsPerCpuSecond;
    // Threads left busy by the parts before (a stack not wholly stopped) would slow the rebuild's wall clock.
    log(`rebuild: CPU per thread (ms, by thread id): ${threadList(rebuild.threadsMs)}`);
  }
  if (parts.has('directory')) {
    // 4. The location directory query (search + sort + page) through query-api over HTTP,
    //    one company with 10,000 locations loaded through the real projection.
    log('directory: 10,000 locations, 300 queries');
    const directory = await measureDirectoryQuery({ locations: 10_000, samples: 300 });
    results.directoryQueryP50Ms = round2(directory.p50Ms);
    results.directoryQueryP95Ms = round2(directory.p95Ms);
  }
  if (parts.has('reviews')) {
    // 7. Aggregate Reviews: a filtered, sorted page of 10 (and its counts) over HTTP at 200,000
    //    reviews in one company, through the real projection (target ≤ 50 ms p95); and the
    //    ingestion path from Google-shaped reviews to each review's events.
    const reviews = await measureReviews({ reviews: 200_000, samples: 300, log });
    results.reviewsQueryP50Ms = round2(reviews.p50Ms);
    results.reviewsQueryP95Ms = round2(reviews.p95Ms);
    results.reviewIngestPerSecond = reviews.ingestPerSecond;
    // The whole company's reviews as CSV over HTTP, streamed (target ≤ 64 MB of heap growth).
    results.reviewsExportRows = reviews.exportRows;
    results.reviewsExportSeconds = reviews.exportSeconds;
    results.reviewsExportPeakHeapGrowthMb = reviews.exportPeakHeapGrowthMb;
  }
  if (parts.has('scale')) {
    // 6. A real agency on one machine: 100,000 locations and 1,000,000 review-sized
    //    documents; `npm start`'s server started cold on them (a child process).
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'locus-bench-scale-'));
    try {
      // BENCH_SCALE_REVIEWS lowers the review-sized documents (e.g. to time only the directory on a busy machine)
      const reviews = Number(process.env.BENCH_SCALE_REVIEWS ?? 1_000_000);
      const scale = await measureScale({ dataDir, locations: 100_000, reviews, samples: 300, log });
      results.directoryQuery100kP50Ms = round2(scale.directoryP50Ms);
      results.directoryQuery100kP95Ms = round2(scale.directoryP95Ms);
      results.directoryQuery100kCompletenessFilterP95Ms = round2(scale.directoryCompletenessP95Ms);
      results.directoryQuery100kVerificationFilterP95Ms = round2(scale.directoryVerificationP95Ms);
      results.directoryQuery100kServerCpuMsPerQuery = round3(scale.directoryCpuMsPerQuery);
      results.coldStartToHealthMs = Math.round(scale.coldStartToHealthMs);
      results.restartToHealthMs = Math.round(scale.restartToHealthMs);
      results.scaleCaughtUpBeforeQueries = scale.idleBeforeQueries ? 'yes' : 'no';
      results.readStoreRssMb = scale.readStoreRssMb;
      results.readStoreHeapUsedMb = scale.heapUsedMb;
      results.scaleSetupSeconds = Math.round(scale.setupSeconds);
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  }
  if (parts.has('bulkEdit')) {
    // 7. A bulk edit of 1,000 locations against the sandbox's enforced quotas (300 requests a
    //    minute per project, 10 edits a minute per location): target ≥ 95 % of 300 a minute, no
    //    location left failed by a 429.
    const bulk = await measureBulkEdit({ locations: 1_000, log });
    results.bulkEditEditsPerMinute = bulk.editsPerMinute;
    results.bulkEditSeconds = bulk.seconds;
    results.bulkEditFailed = bulk.failed;
    results.bulkEditFailedBy429 = bulk.failedByRateLimit;
    results.bulkEdit429sAnswered = bulk.quotaRejections.edits + bulk.quotaRejections.queries;
    results.bulkEditCpuMsPerEdit = bulk.cpuMsPerEdit;
  }
  if (parts.has('history')) {
    // 7. The company history: 100,000 real events through the history projection
    //    (100 locations × 1,000), exported, verified, then 1,000,000 history lines paged.
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'locus-bench-history-'));
    try {
      // BENCH_HISTORY_EVENTS picks a smaller history for a quick look (setup at 1,000,000 takes ~20 min here).
      const historyEvents = Number(process.env.BENCH_HISTORY_EVENTS ?? 1_000_000);
      const h = await measureHistory({ dataDir, locations: 100, streamEvents: 1_000, historyEvents, samples: 420, log });
      results.historyEvents = h.historyEvents;
      results.historyPageP50Ms = round2(h.historyPageP50Ms);
      results.historyPageP95Ms = round2(h.historyPageP95Ms);
      results.historySearchP95Ms = round2(h.historySearchP95Ms);
      results.pointInTimeMs = round2(h.pointInTimeMs);
      results.historyExportEvents = h.exportEvents;
      results.historyExportPeakHeapGrowthMb = h.exportPeakHeapGrowthMb;
      results.historyExportVerified = String(h.exportVerified);
      results.historyExportAlteredRejected = String(h.exportAlteredRejected);
      results.historySetupSeconds = Math.round(h.setupSeconds);
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  }
  if (parts.has('historyExport')) {
    // 7. The company history's export at 1,000,000 real events: streamed to a file and verified
    //    against the event store; the peak heap growth meanwhile (target ≤ 64 MB).
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'locus-bench-history-export-'));
    try {
      // BENCH_HISTORY_EXPORT_EVENTS picks a smaller history for a quick look.
      const events = Number(process.env.BENCH_HISTORY_EXPORT_EVENTS ?? 1_000_000);
      const e = await measureHistoryExport({ dataDir, events, log });
      const key = events === 1_000_000 ? 'historyExport1MPeakHeapGrowthMb' : `historyExport${events}PeakHeapGrowthMb`;
      results[key] = e.peakHeapGrowthMb;
      results.historyExport1MEvents = e.events;
      results.historyExport1MVerified = String(e.verified);
      results.historyExport1MAlteredRejected = String(e.alteredRejected);
      results.historyExport1MSetupSeconds = Math.round(e.setupSeconds);
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  }
  if (parts.has('dashboard')) {
    // 7. The dashboard of a company with 10,000 locations and 365 days of metrics,
    //    `npm start`'s server started cold on the data (a child process).
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'locus-bench-dashboard-'));
    try {
      const dashboard = await measureDashboard({ dataDir, locations: 10_000, days: 365, samples: 300, log });
      results.dashboardP50Ms = round2(dashboard.dashboardP50Ms);
      results.dashboardP95Ms = round2(dashboard.dashboardP95Ms);
      results.dashboardServerCpuMsPerQuery = round3(dashboard.dashboardServerCpuMsPerQuery);
      results.metricsInsights365P95Ms = round2(dashboard.metricsInsights365P95Ms);
      results.dashboardRssMb = dashboard.rssMb;
      results.dashboardHeapUsedMb = dashboard.heapUsedMb;
      results.dashboardSetupSeconds = Math.round(dashboard.setupSeconds);
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  }
  if (parts.has('templates')) {
    // 7. One post template published to 1,000 locations against the sandbox's enforced quota
    //    (300 queries per minute): posts per minute, duplicates and lost posts.
    const templates = await measureTemplatePublish({ locations: 1_000, idleSeconds: Number(process.env.BENCH_TEMPLATES_IDLE_SECONDS ?? 0), log });
    results.templatePublishPostsPerMinute = templates.postsPerMinute;
    results.templatePublishSeconds = templates.seconds;
    results.templatePostingPostsPerMinute = templates.postingPostsPerMinute;
    results.templateFirstPostSeconds = templates.firstPostSeconds;
    results.templatePublishDuplicates = templates.duplicates;
    results.templatePublishLost = templates.lost;
    results.templatePublishFailed = templates.failed;
    results.templatePublishQuotaRejections = templates.quotaRejections;
    results.templatePublishQueries = templates.queries;
    results.templatePublishCpuMsPerPost = templates.cpuMsPerPost;
    if (templates.idleCpuMsPerSecond !== undefined) results.templateIdleServerCpuMsPerSecond = templates.idleCpuMsPerSecond;
  }
  process.stdout.write(`${JSON.stringify(results)}\n`);
}

async function measureStack(results: Record<string, number | string>) {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'locus-bench-'));
  const stack = await startBenchStack(dataDir);
  const client = startLoadClient();
  try {
    const session = await companyUserSession(stack);
    const job = { url: stack.url, token: session.token, companyId: session.companyId };
    if (parts.has('idle')) await measureIdle(stack, results);
    if (parts.has('trickle')) await measureTrickle(stack, client, job, results);
    if (!parts.has('appends')) {
      if (parts.has('sse')) await measureSse(client, job, results);
      if (parts.has('burst')) await measureBurst(client, job, results);
      return;
    }

    // 1. Single-event commands through the whole command path over HTTP
    //    (auth, session check, validation, decide, append), 32 in flight, while the
    //    projections and reactors of the all-in-one stack follow.
    // The warm-up is as long as the measured run: after 500 commands V8 was still optimizing the
    // command path on its helper threads, about a third of the window's server CPU
    // (docs/performance.md, "The appends' warm-up"). Its projections' work is waited for too.
    const appendCount = 6_000;
    log('appends: warming up');
    await client.run({ kind: 'appends', ...job, count: appendCount, concurrency: 32, label: 'w' });
    await stack.commandDeps.readModels.waitForPosition(await stack.ports.eventStore.headPosition(), 60_000);
    log(`appends: ${appendCount} commands, 32 in flight`);
    const appends = await withCpu('appends', async () => {
      const r = await client.run<{ ok: true; kind: 'appends'; seconds: number; clientCpuMs: number }>({
        kind: 'appends',
        ...job,
        count: appendCount,
        concurrency: 32,
        label: 'a',
      });
      // The projections' work belongs to the commands: wait until they have caught up.
      await stack.commandDeps.readModels.waitForPosition(await stack.ports.eventStore.headPosition(), 30_000);
      return r;
    });
    results.appendsPerSecond = Math.round(appendCount / appends.result.seconds);
    // Until every projection has also committed the last command's event.
    results.appendsProjectedPerSecond = Math.round(appendCount / (appends.wallMs / 1000));
    // Server CPU (all threads of this process) per command, projections included: the figure
    // that does not depend on what else the machine is running.
    results.appendServerCpuMsPerCommand = round3(appends.cpuMs / appendCount);
    results.appendsPerServerCpuSecond = Math.round(appendCount / (appends.cpuMs / 1000));
    // The event loop's share; the rest is worker threads (the history's, the read store's writer) and V8's helpers.
    const mainMs = appends.threadsMs.find((t) => t.main)?.ms;
    if (mainMs !== undefined) results.appendMainThreadCpuMsPerCommand = round3(mainMs / appendCount);
    results.appendHistoryThreadCpuMsPerCommand = round3(historyThreadMs(appends.threadsMs) / appendCount);
    log(`appends: CPU per thread (ms, by thread id): ${threadList(appends.threadsMs)}`);
    results.appendClientCpuMsPerCommand = round3(appends.result.clientCpuMs / appendCount);
    // The share of the machine's cores that other processes used meanwhile: wall-clock
    // figures taken while it is high say more about the machine than about Locus.
    const otherMs = appends.machineBusyMs - appends.cpuMs - appends.result.clientCpuMs;
    results.appendOtherLoadPercent = Math.max(0, Math.round((100 * otherMs) / (appends.wallMs * appends.cores)));

    if (parts.has('sse')) await measureSse(client, job, results);
    if (parts.has('burst')) await measureBurst(client, job, results);
  } finally {
    client.stop();
    await stack.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

const historyThreadMs = (threads: ThreadCpu[]) => threads.filter((t) => t.nice === 19).reduce((sum, t) => sum + t.ms, 0);

/** The server with nothing to do (every projection caught up, no request): its CPU a second, by thread. */
async function measureIdle(stack: LocusStack, results: Record<string, number | string>) {
  await stack.commandDeps.readModels.waitForPosition(await stack.ports.eventStore.headPosition(), 30_000);
  await new Promise((r) => setTimeout(r, 5_000));
  const seconds = Number(process.env.BENCH_IDLE_SECONDS ?? 60);
  log(`idle: ${seconds} s with no request`);
  const idle = await withCpu('idle', () => new Promise((r) => setTimeout(r, seconds * 1000)));
  results.idleServerCpuMsPerSecond = round2(idle.cpuMs / (idle.wallMs / 1000));
  results.idleHistoryThreadCpuMsPerSecond = round2(historyThreadMs(idle.threadsMs) / (idle.wallMs / 1000));
  log(`idle: CPU per thread (ms, by thread id): ${threadList(idle.threadsMs)}`);
}

/**
 * Commands at a low rate (five a second, one at a time): the company history then gets its lines
 * in ones and twos, and each live batch pays its transaction, checkpoint and messages.
 */
async function measureTrickle(
  stack: LocusStack,
  client: ReturnType<typeof startLoadClient>,
  job: { url: string; token: string; companyId: string },
  results: Record<string, number | string>,
) {
  const count = 200;
  await stack.commandDeps.readModels.waitForPosition(await stack.ports.eventStore.headPosition(), 30_000);
  log(`trickle: ${count} commands, five a second`);
  const trickle = await withCpu('trickle', async () => {
    const r = await client.run<{ ok: true; kind: 'paced'; seconds: number; clientCpuMs: number }>({
      kind: 'paced',
      ...job,
      count,
      intervalMs: 200,
      label: 't',
    });
    await stack.commandDeps.readModels.waitForPosition(await stack.ports.eventStore.headPosition(), 30_000);
    return r;
  });
  results.trickleServerCpuMsPerCommand = round3(trickle.cpuMs / count);
  results.trickleHistoryThreadCpuMsPerCommand = round3(historyThreadMs(trickle.threadsMs) / count);
  log(`trickle: CPU per thread (ms, by thread id): ${threadList(trickle.threadsMs)}`);
}

/** 2. Command → SSE message at a connected client, one command at a time. */
async function measureSse(
  client: ReturnType<typeof startLoadClient>,
  job: { url: string; token: string; companyId: string },
  results: Record<string, number | string>,
) {
  const samples = 400;
  log(`append→SSE: ${samples} commands`);
  const sse = await client.run<{ ok: true; kind: 'sse'; p50: number; p95: number; max: number }>({ kind: 'sse', ...job, samples, label: 's' });
  results.appendToSseP50Ms = round2(sse.p50);
  results.appendToSseP95Ms = round2(sse.p95);
}

/**
 * 5. 1,000 live tabs of one company, then 1,000 commands in a burst (32 in flight): until the
 *    last tab has been told of all of them, and the append rate against the same burst with
 *    no tab open.
 */
async function measureBurst(
  client: ReturnType<typeof startLoadClient>,
  job: { url: string; token: string; companyId: string },
  results: Record<string, number | string>,
) {
  type Burst = { ok: true; kind: 'burst'; appendSeconds: number; toldAllMs: number; resyncs: number; manyMessages: number };
  const count = 1_000;
  log(`SSE burst: ${count} commands, no tab open`);
  const quiet = await withCpu('burst-no-tabs', () => client.run<Burst>({ kind: 'burst', ...job, tabs: 0, count, concurrency: 32, label: 'q' }));
  log(`SSE burst: ${count} commands, 1,000 tabs open`);
  const loud = await withCpu('burst-1000-tabs', () => client.run<Burst>({ kind: 'burst', ...job, tabs: 1_000, count, concurrency: 32, label: 'b' }));
  results.sseBurst1000Tabs1000EventsMs = Math.round(loud.result.toldAllMs);
  results.sseBurstAppendsPerSecond = Math.round(count / loud.result.appendSeconds);
  results.sseBurstNoTabsAppendsPerSecond = Math.round(count / quiet.result.appendSeconds);
  // Server CPU for the whole window (1,000 connections opened, the burst, every tab told).
  results.sseBurstServerCpuMs = Math.round(loud.cpuMs);
  results.sseBurstNoTabsServerCpuMs = Math.round(quiet.cpuMs);
  results.sseBurstResyncs = loud.result.resyncs;
  results.sseBurstManyMessages = loud.result.manyMessages;
}

const round2 = (x: number) => Math.round(x * 100) / 100;
const round3 = (x: number) => Math.round(x * 1000) / 1000;

main().then(
  () => process.exit(0),
  (err) => {
    process.stderr.write(`bench failed: ${err instanceof Error ? err.stack : String(err)}\n`);
    process.exit(1);
  },
);
