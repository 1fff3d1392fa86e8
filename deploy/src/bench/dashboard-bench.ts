import { randomUUID } from 'node:crypto';
import path from 'node:path';
import {
  createInProcessBus,
  createLogger,
  createProjectorRuntime,
  createSqliteEventStore,
  createGenerationProcessor,
  createTokenService,
  projectionCheckpointName,
  readAllProjectionStates,
  type EventToAppend,
  type ProjectionDefinition,
} from '@locus/platform';
import { loadConfig } from '@locus/platform/config/config';
import { DAILY_METRICS, daysInMonth, insightsStream, isoDay } from '@locus/contracts';
import { seedDemo } from '@locus/command-api/demo/seed-demo';
import { projections } from '@locus/projectors/features';
import { openDataDirReadStore } from '@locus/platform/read-store/projection-files';
import { insightsProjection } from '@locus/projectors/insights/index';
import { appendBenchLocations } from '@locus/query-api/locations/testing/directory-bench';
import { benchEnv, percentile } from './measure';
import { cpuMsOf, rssMbOf, spawnBuiltServer, startBuiltServer, untilIdle, untilReady } from './scale-bench';

export interface DashboardBenchResult {
  setupSeconds: number;
  dashboardP50Ms: number;
  dashboardP95Ms: number;
  dashboardServerCpuMsPerQuery: number;
  metricsInsights365P95Ms: number;
  rssMb: number;
  heapUsedMb: number;
}

const DAY_MS = 86_400_000;

/** A deterministic daily count (weekly pattern and noise), like the sandbox's. */
const valueOf = (location: number, metric: number, day: number) => {
  const weekday = ((day % 7) + 7) % 7;
  const h = Math.imul(location * 31 + metric * 7919 + day, 2654435761) >>> 0;
  return Math.round((1 + metric) * (weekday === 0 ? 0.4 : 1) * (0.5 + (h % 1000) / 1000));
};

/**
 * The dashboard of one company with `locations` locations and `days` days of metrics: the
 * metric events written as the insights import writes them (a month per event) and projected by
 * the real projections, then `npm start`'s server started cold on the data: the dashboard call
 * (`GET /api/dashboard/fetch/180/true`, tiles and charts) over HTTP as the CompanyAdmin, a
 * year of one metric (metrics-insights), and the server's RSS with that data loaded.
 */
export async function measureDashboard(options: {
  dataDir: string;
  locations: number;
  days: number;
  samples: number;
  log: (m: string) => void;
}): Promise<DashboardBenchResult> {
  const { dataDir, log } = options;
  const setupStarted = performance.now();
  const env = benchEnv(dataDir);
  const config = loadConfig(env, { sandboxByDefault: false });
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
  log(`dashboard: appending ${options.locations.toLocaleString('en-US')} locations (one in ten without a primary email)`);
  const ids = await appendBenchLocations(eventStore, company.companyId, options.locations, 0, {
    primaryEmail: (i) => (i % 10 === 0 ? null : `store${i}@bench.local`),
  });

  log('dashboard: projecting the locations');
  {
    const projector = createProjectorRuntime({ eventStore, readStore, bus, projections, logger: createLogger({ level: 'silent' }) });
    await projector.start();
    // The runtime's own wait: every first build switched (a server started before that is not ready).
    if (!(await projector.waitForPosition(await eventStore.headPosition(), 1_800_000))) throw new Error('projections did not catch up');
    // and every projection has switched to its generation (a first build's checkpoint can reach the head before the switch)
    for (;;) {
      const states = await readAllProjectionStates(readStore);
      if (projections.every((def) => states.get(def.name)?.activeGeneration != null && states.get(def.name)?.version === def.version)) break;
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
    await projector.stop();
  }
  const locationsHead = await eventStore.headPosition();

  log(`dashboard: appending ${options.days} days of metrics per location, a month per event`);
  const now = new Date();
  const yesterday = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()) - DAY_MS;
  const first = yesterday - (options.days - 1) * DAY_MS;
  const months: { month: string; firstDay: number; dayIndexes: number[] }[] = [];
  for (let t = first; t <= yesterday; t += DAY_MS) {
    const day = isoDay(new Date(t));
    const month = day.slice(0, 7);
    let m = months.at(-1);
    if (!m || m.month !== month) months.push((m = { month, firstDay: Number(day.slice(8)), dayIndexes: [] }));
    m.dayIndexes.push(Math.floor(t / DAY_MS));
  }
  const meta = {
    companyId: company.companyId,
    actor: { userId: 'system', role: 'System' as const },
    correlationId: 'bench',
    causationId: null,
    occurredAt: now.toISOString(),
  };
  for (let l = 0; l < ids.length; l++) {
    const events: EventToAppend[] = months.map((m) => ({
      id: randomUUID(),
      type: 'LocationMetricsImported',
      data: {
        locationId: ids[l]!,
        companyId: company.companyId,
        month: m.month,
        firstDay: m.firstDay,
        values: Object.fromEntries(DAILY_METRICS.map((metric, mi) => [metric, m.dayIndexes.map((d) => valueOf(l, mi, d))])),
        importedAt: meta.occurredAt,
      },
      metadata: meta,
    }));
    await eventStore.append(insightsStream(ids[l]!), events, { expectedRevision: 'no_stream' });
  }
  if (months.some((m) => m.dayIndexes.length > daysInMonth(m.month))) throw new Error('bad month split');

  // The metric events go through the insights projection's own evolve and commit path
  // (createGenerationProcessor, as a rebuild runs it: pages of 10,000, one commit each) into its
  // live generation, instead of the live runtime's 500-event batches beside every other
  // projection: the same documents, minutes faster. The other projections handle no metric
  // event except the audit history (one line per event, which the dashboard never reads): their
  // checkpoints move to the head as they would, and history writes no line for these events.
  log('dashboard: projecting the metrics (the insights projection, in pages)');
  const head = await eventStore.headPosition();
  const states = await readAllProjectionStates(readStore);
  const generationOf = (name: string) => {
    const generation = states.get(name)?.activeGeneration;
    if (generation == null) throw new Error(`projection ${name} has no live generation`);
    return generation;
  };
  const processor = createGenerationProcessor({
    readStore,
    def: insightsProjection as ProjectionDefinition,
    generation: generationOf(insightsProjection.name),
    mode: 'rebuild',
    cacheSize: 100_000,
  });
  for (let after = locationsHead; after < head;) {
    const page = await eventStore.readAll({ after, maxCount: 10_000, eventTypes: ['LocationMetricsImported'] });
    if (page.length === 0) break;
    after = page.at(-1)!.position;
    await processor.process(page, { position: after });
  }
  await processor.process([], { position: head });
  for (const def of projections) {
    if (def.name === insightsProjection.name) continue;
    await readStore.commit({ writes: [], checkpoint: { name: projectionCheckpointName(def.name, generationOf(def.name)), position: head } });
  }
  await readStore.close();
  await eventStore.close();
  await bus.close();
  const setupSeconds = (performance.now() - setupStarted) / 1000;

  const tokens = createTokenService({ secret: config.jwtSecret, ttlSeconds: 3600, clock });
  const { token } = await tokens.issue({
    userId: company.defaultAdminId,
    role: 'CompanyAdmin',
    companyId: company.companyId,
    companyName: company.name,
    fullName: 'Bench Admin',
    email: 'admin@bench.local',
    viewingAsAdmin: false,
  });

  // The reactors of a server started on this data follow every event once (imports of 10,000 locations with no
  // Google connection behind them): the measurement starts when that is over, not 120 s in (it measured their work too).
  // Their one catch-up is not the dashboard's either: it leaves its garbage in the process's memory, so the dashboard is
  // measured on the server started again, as a server that has been running serves it.
  const catchUp = await startBuiltServer(env, (m) => log(`dashboard: ${m}`), { idleTimeoutMs: 900_000 });
  log(`dashboard: reactors caught up (RSS ${rssMbOf(catchUp.server.pid!)} MB); starting the server again`);
  await catchUp.stop();
  const { url, server, stop } = await spawnBuiltServer(env);
  await untilReady(url);
  if (!(await untilIdle(server.pid!, 300_000))) log('dashboard: the restarted server was still busy when the wait for idle ended: measuring anyway');
  try {
    const call = async (method: string, pathname: string, body?: object) => {
      const res = await fetch(`${url}${pathname}`, {
        method,
        headers: { authorization: `Bearer ${token}`, ...(body ? { 'content-type': 'application/json' } : {}) },
        body: body ? JSON.stringify(body) : undefined,
      });
      const answer = (await res.json()) as { Data: { TotalLocations?: number } };
      if (res.status !== 200) throw new Error(`${pathname} answered ${res.status}`);
      return answer;
    };
    const check = await call('GET', '/api/dashboard/fetch/180/true');
    if (!check.Data.TotalLocations) throw new Error('the dashboard counts no location');
    for (let i = 0; i < 20; i++) await call('GET', '/api/dashboard/fetch/180/true');
    const times: number[] = [];
    const cpuBefore = cpuMsOf(server.pid!);
    for (let i = 0; i < options.samples; i++) {
      const t0 = performance.now();
      await call('GET', '/api/dashboard/fetch/180/true');
      times.push(performance.now() - t0);
    }
    const dashboardServerCpuMsPerQuery = (cpuMsOf(server.pid!) - cpuBefore) / options.samples;
    const year: number[] = [];
    for (let i = 0; i < Math.max(20, options.samples / 5); i++) {
      const t0 = performance.now();
      await call('POST', '/api/dashboard/metrics-insights', { InsightsDurationDays: 365, Metric: ['CALL_CLICKS', 'WEBSITE_CLICKS'] });
      year.push(performance.now() - t0);
    }
    const ready = (await (await fetch(`${url}/ready`)).json()) as { memory: { heapUsedMb: number } };
    return {
      setupSeconds,
      dashboardP50Ms: percentile(times, 50),
      dashboardP95Ms: percentile(times, 95),
      dashboardServerCpuMsPerQuery,
      metricsInsights365P95Ms: percentile(year, 95),
      rssMb: rssMbOf(server.pid!),
      heapUsedMb: ready.memory.heapUsedMb,
    };
  } finally {
    await stop();
  }
}
