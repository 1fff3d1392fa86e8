import { defaultSleep } from '../google/write-queue';

/**
 * Keeps a connection's template posts within Google's 300 queries per minute: at most
 * `perWindow` calls start in any window (counted as Google does), at most one per
 * `windowMs / perWindow * spread` on average so a publish never bursts into the limit. Calls
 * for one connection take turns.
 *
 * Calls that must wait are let go together at the clock's multiples of `tickMs` (the server's
 * housekeeping tick), as many as the spacing has earned since the last group: the same rate,
 * but one wake-up and one round of commits per group instead of per post (on a virtual machine
 * a wake-up costs a few hundred microseconds of CPU whatever it does; docs/performance.md).
 */
export interface PublishPace {
  turn(connectionKey: string): Promise<void>;
}

export interface PublishPaceOptions {
  perWindow?: number;
  windowMs?: number;
  /** Fraction of the even spacing kept between two calls (below 1 lets a late call catch up). */
  spread?: number;
  marginMs?: number;
  /** Waiting calls go at the multiples of this (ms since the epoch), in groups; 0 lets each go at its own time. */
  tickMs?: number;
  now?: () => number;
  sleep?: (ms: number) => Promise<void>;
}

interface Lane {
  /** When each call of the last window went. */
  started: number[];
  /** Calls the spacing allows now (up to a tick's worth), and when that was counted. */
  allowance: number;
  countedAt: number;
  tail: Promise<void>;
}

/** Tolerance for the allowance's floating-point sums (a call earned over several ticks). */
const EPSILON = 1e-6;

export function createPublishPace(options: PublishPaceOptions = {}): PublishPace {
  const perWindow = options.perWindow ?? 300;
  const windowMs = options.windowMs ?? 60_000;
  const gap = (windowMs / perWindow) * (options.spread ?? 0.9);
  const margin = options.marginMs ?? 250;
  const tickMs = options.tickMs ?? 1_000;
  const now = options.now ?? Date.now;
  const sleep = options.sleep ?? defaultSleep;
  // What one tick earns, plus the fraction carried from the last (so nothing earned is lost); a
  // quiet lane starts with that much, so a publish's first group goes at once.
  const groupSize = tickMs > 0 ? Math.ceil(tickMs / gap) + 1 : 1;
  const lanes = new Map<string, Lane>();

  const wakeAt = (t: number, due: number) => {
    const at = tickMs > 0 ? Math.ceil(due / tickMs - EPSILON) * tickMs : due;
    return Math.max(1, Math.ceil(at - t));
  };

  const take = async (lane: Lane) => {
    for (;;) {
      const t = now();
      lane.started = lane.started.filter((s) => s + windowMs + margin > t);
      lane.allowance = Math.min(groupSize, lane.allowance + (t - lane.countedAt) / gap);
      lane.countedAt = t;
      const waitGap = lane.allowance >= 1 - EPSILON ? 0 : (1 - lane.allowance) * gap;
      const waitWindow = lane.started.length >= perWindow ? lane.started[0]! + windowMs + margin - t : 0;
      const wait = Math.max(waitGap, waitWindow);
      if (wait <= 0) {
        lane.allowance -= 1;
        lane.started.push(t);
        return;
      }
      // The spacing's waits end at a tick; the window's when its oldest call leaves it, and that
      // call went in a group, so the calls it frees go as one too (rounding them to a tick would
      // lose up to a tick a window).
      await sleep(waitGap > waitWindow ? wakeAt(t, t + waitGap) : Math.max(1, Math.ceil(waitWindow)));
    }
  };

  return {
    turn(connectionKey) {
      let lane = lanes.get(connectionKey);
      if (!lane) {
        lane = { started: [], allowance: groupSize, countedAt: now(), tail: Promise.resolve() };
        lanes.set(connectionKey, lane);
      }
      const current = lane;
      const mine = current.tail.then(() => take(current));
      current.tail = mine.catch(() => undefined);
      return mine;
    },
  };
}
