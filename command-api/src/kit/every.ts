import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import { createLeases, type CommandDeps, type ReadStore, type RuntimeLogger } from '@locus/platform';

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

/** One schedule of a scheduler, and where it stands. */
interface Schedule {
  name: string;
  lease: string;
  intervalMs: number;
  atStart: boolean;
  tick: (signal: AbortSignal) => Promise<void>;
  /** Set while this scheduler holds the lease; aborted when it is lost or the scheduler stops. */
  holding: AbortController | null;
  /** Store time the next run is due. */
  nextAt: number;
  running: Promise<void> | null;
}

/**
 * The one scheduler. Each schedule holds a lease in the read store (platform/src/runtime/lease.ts),
 * so of the processes running it only the holder ticks; when it stops it gives the lease up
 * and another takes over at its next look, when it dies the lease expires. Due times are in
 * the store's clock, the one leases go by, so processes whose clocks drift agree on them. A
 * failing run is logged and tried again at the next interval. Every schedule is looked at in
 * one go: the store's clock read once, and the leases it still holds renewed in one write.
 */
export function createScheduler(options: SchedulerOptions): Scheduler {
  const { readStore, logger } = options;
  const holder = options.holder ?? `${hostname()}:${process.pid}:${randomUUID()}`;
  const ttlMs = options.ttlMs ?? DEFAULT_TTL_MS;
  const leases = createLeases({ readStore, holder, ttlMs });
  const schedules: Schedule[] = [];
  let stopped = false;
  let looking: Promise<void> | null = null;
  let timer: NodeJS.Timeout | null = null;

  const letGo = (schedule: Schedule, reason: string) => {
    if (!schedule.holding) return;
    schedule.holding.abort();
    schedule.holding = null;
    logger.warn({ schedule: schedule.name, holder, reason }, 'schedule lease lost; another instance may run it');
  };

  async function look(): Promise<void> {
    const current = [...schedules];
    let now: number;
    let held: Set<string>;
    try {
      now = await readStore.serverTime();
      held = await leases.tryAcquireAll(current.map((s) => s.lease));
    } catch (err) {
      // Not knowing whether the leases are still ours: stop the runs rather than risk two.
      for (const schedule of current) {
        logger.error({ err, schedule: schedule.name }, 'schedule could not renew its lease');
        letGo(schedule, 'lease renewal failed');
      }
      return;
    }
    if (stopped) return;
    for (const schedule of current) {
      if (!held.has(schedule.lease)) {
        letGo(schedule, 'lease taken over');
        continue;
      }
      if (!schedule.holding) {
        schedule.holding = new AbortController();
        schedule.nextAt = schedule.atStart ? now : now + schedule.intervalMs;
        logger.info({ schedule: schedule.name, holder }, 'schedule lease acquired');
      }
      if (schedule.running || now < schedule.nextAt) continue;
      schedule.nextAt = now + schedule.intervalMs;
      const signal = schedule.holding.signal;
      schedule.running = schedule
        .tick(signal)
        .catch((err: unknown) => {
          if (!signal.aborted) logger.error({ err, schedule: schedule.name }, 'scheduled run failed; trying again at the next interval');
        })
        .finally(() => {
          schedule.running = null;
        });
    }
  }

  /** Real time between two looks: the shortest interval, and often enough to renew the leases. */
  const checkEveryMs = () => Math.max(10, options.checkEveryMs ?? Math.min(Math.floor(ttlMs / 3), ...schedules.map((s) => s.intervalMs)));

  const loop = () => {
    timer = null;
    if (stopped) return;
    looking = look().finally(() => {
      looking = null;
      if (stopped) return;
      timer = setTimeout(loop, checkEveryMs());
      timer.unref();
    });
  };

  /** A new schedule is looked at soon: with the others added in the same turn. */
  const lookSoon = () => {
    if (looking) return void looking.then(lookSoon);
    if (timer) clearTimeout(timer);
    timer = setTimeout(loop, 0);
    timer.unref();
  };

  function every(name: string, intervalMs: number, tick: (signal: AbortSignal) => Promise<void>, scheduleOptions: { atStart?: boolean } = {}): void {
    if (stopped || intervalMs <= 0) return;
    schedules.push({ name, lease: `schedule:${name}`, intervalMs, atStart: !!scheduleOptions.atStart, tick, holding: null, nextAt: 0, running: null });
    lookSoon();
  }

  return {
    holder,
    every,
    start(definitions) {
      for (const d of definitions) every(d.name, d.everyMs, (signal) => d.run(signal), { atStart: d.atStart });
    },
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      await looking;
      await Promise.all(
        schedules.splice(0).map(async (schedule) => {
          schedule.holding?.abort();
          await schedule.running;
          if (schedule.holding)
            await leases
              .release(schedule.lease)
              .catch((err: unknown) => logger.warn({ err, schedule: schedule.name }, 'schedule lease not released; it expires'));
          schedule.holding = null;
        }),
      );
    },
  };
}
