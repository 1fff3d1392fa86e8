import { getHeapStatistics } from 'node:v8';
import type { Bus } from '../bus/bus';
import type { EventStore } from '../event-store/event-store';
import type { ReadStore } from '../read-store/read-store';
import type { AnyRouter } from './mount-routes';

export interface ReadinessPorts {
  eventStore?: Pick<EventStore, 'headPosition'>;
  /** `stats` (the embedded store's document cache) is reported by /ready when present. */
  readStore?: Pick<ReadStore, 'listCollections'> & { stats?: () => object };
  bus?: Pick<Bus, 'flush'>;
  /**
   * The read models: not ready while a projection's live generation was built by another
   * code version (a new version being built at start) or not built yet.
   */
  readModels?: { notCurrent(): Promise<{ projection: string; storedVersion: number | null; version: number }[]> };
  /** True while the process shuts down: `/ready` answers 503 so balancers stop sending. */
  draining?: () => boolean;
  /** Per check, default 2 s. */
  timeoutMs?: number;
}

type CheckResult = { ok: true; ms: number } | { ok: false; error: string };

const within = async (timeoutMs: number, probe: () => Promise<unknown>): Promise<CheckResult> => {
  const started = Date.now();
  let timer: NodeJS.Timeout | undefined;
  try {
    await Promise.race([
      probe(),
      new Promise((_, reject) => {
        timer = setTimeout(() => reject(new Error(`no answer within ${timeoutMs} ms`)), timeoutMs);
      }),
    ]);
    return { ok: true, ms: Date.now() - started };
  } catch (err) {
    return { ok: false, error: err instanceof Error ? err.message : 'unreachable' };
  } finally {
    clearTimeout(timer);
  }
};

/** Fails, naming them, while projections serve from a generation older than their code. */
async function currentReadModels(readModels: NonNullable<ReadinessPorts['readModels']>): Promise<void> {
  const building = await readModels.notCurrent();
  if (building.length === 0) return;
  const each = building.map((p) => `${p.projection} (${p.storedVersion === null ? 'first build' : `version ${p.storedVersion} → ${p.version}`})`);
  throw new Error(`read models being built: ${each.join(', ')}`);
}

/** Runs the readiness probes of the given ports. */
export async function checkReadiness(ports: ReadinessPorts) {
  const timeoutMs = ports.timeoutMs ?? 2000;
  const checks: Record<string, CheckResult> = {};
  const probes: [string, (() => Promise<unknown>) | undefined][] = [
    ['eventStore', ports.eventStore && (() => ports.eventStore!.headPosition())],
    ['readStore', ports.readStore && (() => ports.readStore!.listCollections())],
    ['bus', ports.bus && (() => ports.bus!.flush())],
    ['readModels', ports.readModels && (() => currentReadModels(ports.readModels!))],
  ];
  await Promise.all(
    probes.map(async ([name, probe]) => {
      if (probe) checks[name] = await within(timeoutMs, probe);
    }),
  );
  return { ready: Object.values(checks).every((c) => c.ok), checks };
}

const MB = 1024 * 1024;

/** The process's memory against its limit, and the read store's cache use. */
export function memoryReport(ports: ReadinessPorts) {
  const heap = getHeapStatistics();
  const { rss } = process.memoryUsage();
  return {
    heapUsedMb: Math.round(heap.used_heap_size / MB),
    heapLimitMb: Math.round(heap.heap_size_limit / MB),
    rssMb: Math.round(rss / MB),
    ...(ports.readStore?.stats ? { readStoreCache: ports.readStore.stats() } : {}),
  };
}

/** `GET /health` (process alive) and `GET /ready` (ports reachable, 503 otherwise; memory and cache use). */
export function mountHealth(router: AnyRouter, ports: ReadinessPorts): void {
  router.get('/health', async function health(ctx) {
    ctx.body = { Success: true, status: 'ok' };
  });
  router.get('/ready', async function ready(ctx) {
    if (ports.draining?.()) {
      ctx.status = 503;
      ctx.body = { Success: false, status: 'stopping', checks: {} };
      return;
    }
    const { ready, checks } = await checkReadiness(ports);
    ctx.status = ready ? 200 : 503;
    ctx.body = { Success: ready, status: ready ? 'ready' : 'not_ready', checks, memory: memoryReport(ports) };
  });
}
