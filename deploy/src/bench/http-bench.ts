import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { randomUUID } from 'node:crypto';
import { routeTable } from '@locus/contracts';
import { createHttpApp, createLogger, createTokenService, mountRoutes, type ReadModels, type RouteImplementation } from '@locus/platform';
import type { LoadJob, LoadResult } from './load-client';
import { percentile, withCpu } from './measure';

export interface HttpBenchResult {
  /** Server CPU (all threads) per request, µs: the median window. */
  serverCpuUsPerRequest: number;
  /** Each window's figure, for the spread. */
  windows: number[];
}

type RunJob = <R extends LoadResult & { ok: true }>(job: LoadJob) => Promise<R>;

/**
 * The HTTP kit alone: every route of the table mounted as the apps mount them (auth, body,
 * validation), each handler answering at once, and the appends' request (`POST
 * /api/staff/:companyId/create` with a token, 32 in flight from the load client) timed in
 * server CPU per request. No store, projection or session read runs, so what it measures is
 * Node's HTTP, Koa, the router and the kit's middleware, with far less noise than a command.
 */
const unreadModels: Pick<ReadModels, 'collection'> = {
  collection: () => {
    throw new Error('the HTTP bench reads no read model');
  },
};

export async function measureHttpKit(options: { run: RunJob; requests: number; windows: number }): Promise<HttpBenchResult> {
  const clock = { now: () => new Date() };
  const tokens = createTokenService({ secret: randomUUID() + randomUUID(), ttlSeconds: 3_600, clock, ids: { uuid: randomUUID } });
  const answered: RouteImplementation[] = routeTable.map((def) => ({
    def,
    handle: async () => ({ status: 200, body: { Success: true, Data: { Id: 'answered' } }, position: 1 }),
  }));
  const { app } = createHttpApp({
    logger: createLogger({ name: 'bench', level: 'warn' }),
    readiness: {},
    // The timed request names no location, so the location guards' read models are never read.
    mount: (router) => mountRoutes(router, answered, { tokens, sessionValidator: async () => true, readModels: unreadModels }),
  });
  const server: Server = app.listen(0, '127.0.0.1');
  await new Promise<void>((resolve) => server.once('listening', () => resolve()));
  try {
    const companyId = randomUUID();
    const { token } = await tokens.issue({
      userId: randomUUID(),
      role: 'CompanyUser',
      companyId,
      companyName: 'Bench',
      fullName: 'Bench User',
      email: 'bench@bench.local',
      viewingAsAdmin: false,
    });
    const job = { kind: 'appends' as const, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, token, companyId, concurrency: 32 };
    await options.run({ ...job, count: 5_000, label: 'hw' });
    const windows: number[] = [];
    for (let i = 0; i < options.windows; i++) {
      const { cpuMs } = await withCpu(`http-${i + 1}`, () => options.run({ ...job, count: options.requests, label: `h${i}` }));
      windows.push(Math.round((cpuMs * 10_000) / options.requests) / 10);
    }
    return { serverCpuUsPerRequest: percentile(windows, 50), windows };
  } finally {
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  }
}
