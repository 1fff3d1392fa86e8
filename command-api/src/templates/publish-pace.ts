import { defaultSleep } from '../google/write-queue';

/**
 * Keeps a connection's template posts within Google's 300 queries per minute: at most
 * `perWindow` calls start in any window (counted as Google does), spread at least
 * `windowMs / perWindow * spread` apart so a publish never bursts into the limit. Calls for one
 * connection take turns.
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
  now?: () => number;
  sleep?: (ms: number) => Promise<void>;
}

export function createPublishPace(options: PublishPaceOptions = {}): PublishPace {
  const perWindow = options.perWindow ?? 300;
  const windowMs = options.windowMs ?? 60_000;
  const gap = (windowMs / perWindow) * (options.spread ?? 0.9);
  const margin = options.marginMs ?? 250;
  const now = options.now ?? Date.now;
  const sleep = options.sleep ?? defaultSleep;
  const lanes = new Map<string, { started: number[]; tail: Promise<void> }>();

  const take = async (lane: { started: number[] }) => {
    for (;;) {
      const t = now();
      lane.started = lane.started.filter((s) => s + windowMs + margin > t);
      const last = lane.started[lane.started.length - 1];
      const waitGap = last === undefined ? 0 : last + gap - t;
      const waitWindow = lane.started.length >= perWindow ? lane.started[0]! + windowMs + margin - t : 0;
      const wait = Math.max(waitGap, waitWindow);
      if (wait <= 0) {
        lane.started.push(t);
        return;
      }
      await sleep(wait);
    }
  };

  return {
    turn(connectionKey) {
      let lane = lanes.get(connectionKey);
      if (!lane) {
        lane = { started: [], tail: Promise.resolve() };
        lanes.set(connectionKey, lane);
      }
      const current = lane;
      const mine = current.tail.then(() => take(current));
      current.tail = mine.catch(() => undefined);
      return mine;
    },
  };
}
