import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import { createLeases, everySharedTick, type CommandDeps, type ReadStore, type RuntimeLogger } from '@locus/platform';

/** Work due by time, not by an event: a feature's schedule (a feature's manifest lists them). */
export interface ScheduleDefinition {
  /** Names the lease (`schedule:<name>`): one holder across every process runs it. */
  name: string;
  /** Store time between two runs' starts; 0 or less: the schedule is off. */
  everyMs: number;
  /** First run as soon as the lease is held, instead of one interval later. */
  atStart?: boolean;
  /** Aborted when the scheduler stops or the lease is lost; a run still going is not doubled. */
  run(signal: AbortSignal): Promise<void>;
}

/** One feature's schedules, built from the command-side deps. */
export type ScheduleFeature = (deps: CommandDeps) => ScheduleDefinition[];

export interface SchedulerOptions {
  readStore: ReadStore;
  logger: RuntimeLogger;
  /** Unique per scheduler; default host, pid and a random id. */
  holder?: string;
  /** How long a holding lasts without renewal (store time); default 15 s. */
  ttlMs?: number;
  /** Real time between two looks at the lease and the store's clock; default min(interval, ttl / 3). */
  checkEveryMs?: number;
}

export interface Scheduler {
  readonly holder: string;
  /** Runs `tick` every `intervalMs` of store time while this scheduler holds the named lease. */
  every(name: string, intervalMs: number, tick: (signal: AbortSignal) => Promise<void>, options?: { atStart?: boolean }): void;
  /** `every` for each definition. */
  start(definitions: readonly ScheduleDefinition[]): void;
  /** Stops looking, aborts and awaits the runs going, gives the leases up. */
  stop(): Promise<void>;
}

const DEFAULT_TTL_MS = 15_000;

/**
 * The one scheduler. Each schedule holds a lease in the read store (platform/src/runtime/lease.ts),
 * so of the processes running it only the holder ticks; when it stops it gives the lease up
 * and another takes over at its next look, when it dies the lease expires. Due times are in
 * the store's clock, the one leases go by, so processes whose clocks drift agree on them. A
 * failing run is logged and tried again at the next interval.
 */
export function createScheduler(options: SchedulerOptions): Scheduler {
  const { readStore, logger } = options;
  const holder = options.holder ?? `${hostname()}:${process.pid}:${randomUUID()}`;
  const ttlMs = options.ttlMs ?? DEFAULT_TTL_MS;
  const leases = createLeases({ readStore, holder, ttlMs });
  const stops: (() => Promise<void>)[] = [];
  let stopped = false;

  function every(name: string, intervalMs: number, tick: (signal: AbortSignal) => Promise<void>, scheduleOptions: { atStart?: boolean } = {}): void {
    if (stopped || intervalMs <= 0) return;
    const lease = `schedule:${name}`;
    const checkEveryMs = Math.max(10, options.checkEveryMs ?? Math.min(intervalMs, Math.floor(ttlMs / 3)));
    let holding: AbortController | null = null;
    let nextAt = 0;
    let running: Promise<void> | null = null;
    let looking: Promise<void> | null = null;
    let ended = false;

    const letGo = (reason: string) => {
      if (!holding) return;
      holding.abort();
      holding = null;
      logger.warn({ schedule: name, holder, reason }, 'schedule lease lost; another instance may run it');
    };

    async function look(): Promise<void> {
      let now: number;
      let held: boolean;
      try {
        now = await readStore.serverTime();
        held = await leases.tryAcquire(lease);
      } catch (err) {
        // Not knowing whether the lease is still ours: stop the run rather than risk two.
        logger.error({ err, schedule: name }, 'schedule could not renew its lease');
        letGo('lease renewal failed');
        return;
      }
      if (ended) return;
      if (!held) return letGo('lease taken over');
      if (!holding) {
        holding = new AbortController();
        nextAt = scheduleOptions.atStart ? now : now + intervalMs;
        logger.info({ schedule: name, holder }, 'schedule lease acquired');
      }
      if (running || now < nextAt) return;
      nextAt = now + intervalMs;
      const signal = holding.signal;
      running = tick(signal)
        .catch((err: unknown) => {
          if (!signal.aborted) logger.error({ err, schedule: name }, 'scheduled run failed; trying again at the next interval');
        })
        .finally(() => {
          running = null;
        });
    }

    const loop = () => {
      if (ended || looking) return;
      looking = look().finally(() => {
        looking = null;
      });
    };
    loop();
    // The schedules' looks share aligned ticks: one wake-up for all of them, not one each.
    const stopTicks = everySharedTick(checkEveryMs, loop);

    stops.push(async () => {
      ended = true;
      stopTicks();
      await looking;
      holding?.abort();
      await running;
      if (holding) await leases.release(lease).catch((err: unknown) => logger.warn({ err, schedule: name }, 'schedule lease not released; it expires'));
      holding = null;
    });
  }

  return {
    holder,
    every,
    start(definitions) {
      for (const d of definitions) every(d.name, d.everyMs, (signal) => d.run(signal), { atStart: d.atStart });
    },
    async stop() {
      stopped = true;
      await Promise.all(stops.splice(0).map((stop) => stop()));
    },
  };
}
