import type { Bus } from '../bus/bus';
import type { EventStore } from '../event-store/event-store';
import type { ReadStore } from '../read-store/read-store';
import type { AnyRouter } from './mount-routes';

export interface ReadinessPorts {
  eventStore?: Pick<EventStore, 'headPosition'>;
  readStore?: Pick<ReadStore, 'listCollections'>;
  bus?: Pick<Bus, 'flush'>;
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

/** Runs the readiness probes of the given ports. */
export async function checkReadiness(ports: ReadinessPorts) {
  const timeoutMs = ports.timeoutMs ?? 2000;
  const checks: Record<string, CheckResult> = {};
  const probes: [string, (() => Promise<unknown>) | undefined][] = [
    ['eventStore', ports.eventStore && (() => ports.eventStore!.headPosition())],
    ['readStore', ports.readStore && (() => ports.readStore!.listCollections())],
    ['bus', ports.bus && (() => ports.bus!.flush())],
  ];
  await Promise.all(
    probes.map(async ([name, probe]) => {
      if (probe) checks[name] = await within(timeoutMs, probe);
    }),
  );
  return { ready: Object.values(checks).every((c) => c.ok), checks };
}

/** `GET /health` (process alive) and `GET /ready` (ports reachable; 503 otherwise). */
export function mountHealth(router: AnyRouter, ports: ReadinessPorts): void {
  router.get('/health', async function health(ctx) {
    ctx.body = { Success: true, status: 'ok' };
  });
  router.get('/ready', async function ready(ctx) {
    const { ready, checks } = await checkReadiness(ports);
    ctx.status = ready ? 200 : 503;
    ctx.body = { Success: ready, status: ready ? 'ready' : 'not_ready', checks };
  });
}
