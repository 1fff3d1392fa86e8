/**
 * Keeps writes to Google under its two limits: 10 edits per minute per location (profile) and
 * 300 requests per minute per project.
 *
 * Each limit is a token bucket whose tokens come back one window after each was spent: a
 * location may spend `editsPerWindow` tokens, the project `projectRequestsPerWindow`, and each
 * returns `windowMs` later. Unlike a bucket with a steady refill this never lets more than the
 * limit fall inside any window, which is how Google counts.
 *
 * Fairness: writes to one location run one at a time in arrival order; a location's head write
 * asks for a project token only once it holds a location token, and project tokens go out
 * first come, first served among those heads. So a location with many writes queued, or one
 * waiting out its own minute, never holds back the others: a busy location gets one turn per
 * round like every other. A write that finds no token waits for one instead of failing.
 */
import { operationMetrics } from '@locus/platform/metrics/operation-metrics';
import type { WindowBudget } from '@locus/platform/rate-limit/rate-limit-port';

export interface LocationWriteQueue {
  run<T>(locationKey: string, write: () => Promise<T>): Promise<T>;
  /** A read: it spends a project token (shared budgets only; a process's own budget paces writes alone). */
  read<T>(call: () => Promise<T>): Promise<T>;
  /** Writes waiting or running, for progress displays. */
  pending(locationKey?: string): number;
}

export interface WriteQueueOptions {
  editsPerWindow?: number;
  /** Requests of the whole project per window (Google: 300 a minute); 0 turns the project limit off. */
  projectRequestsPerWindow?: number;
  windowMs?: number;
  /** Extra wait after a token returns, to absorb clock and latency differences with Google. */
  marginMs?: number;
  now?: () => number;
  sleep?: (ms: number) => Promise<void>;
  /**
   * Tokens kept in a store every process shares (Redis): then the project's budget and each
   * location's are Google's, whichever replica writes, and reads spend project tokens too.
   */
  budget?: WindowBudget;
}

/** When a token was spent; moved to the request's end once it has one, so it returns a window after Google saw the request. */
interface Stamp {
  at: number;
  /** The shared budget's token: settled at the request's end as `at` is moved. */
  shared?: { key: string; token: string };
}

interface Lane {
  spent: Stamp[];
  tail: Promise<unknown>;
  waiting: number;
}

export const defaultSleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

export const GOOGLE_EDITS_PER_MINUTE = 10;
export const GOOGLE_REQUESTS_PER_MINUTE = 300;

export function createLocationWriteQueue(options: WriteQueueOptions = {}): LocationWriteQueue {
  const limit = options.editsPerWindow ?? GOOGLE_EDITS_PER_MINUTE;
  const projectLimit = options.projectRequestsPerWindow ?? GOOGLE_REQUESTS_PER_MINUTE;
  const windowMs = options.windowMs ?? 60_000;
  const margin = options.marginMs ?? 250;
  const now = options.now ?? Date.now;
  const sleep = options.sleep ?? defaultSleep;
  const lanes = new Map<string, Lane>();
  const budget = options.budget;
  const PROJECT_KEY = 'google:project';
  const locationKeyOf = (key: string) => `google:location:${key}`;

  const lane = (key: string): Lane => {
    let l = lanes.get(key);
    if (!l) {
      l = { spent: [], tail: Promise.resolve(), waiting: 0 };
      lanes.set(key, l);
    }
    return l;
  };
  const live = (spent: Stamp[], t: number) => spent.filter((s) => s.at + windowMs + margin > t);

  /** A shared budget's token, waiting as long as the store says the oldest needs to return. */
  async function takeShared(key: string, tokens: number): Promise<Stamp> {
    for (;;) {
      const r = await budget!.take(key, tokens, windowMs + margin);
      if ('token' in r) return { at: now(), shared: { key, token: r.token } };
      await sleep(r.waitMs);
    }
  }

  async function takeLocationToken(l: Lane, locationKey: string): Promise<Stamp> {
    if (budget) return takeShared(locationKeyOf(locationKey), limit);
    for (;;) {
      const t = now();
      l.spent = live(l.spent, t);
      if (l.spent.length < limit) {
        const stamp = { at: t };
        l.spent.push(stamp);
        return stamp;
      }
      await sleep(Math.min(...l.spent.map((s) => s.at)) + windowMs + margin - t);
    }
  }

  // The project's bucket: heads of lanes waiting for a token, served in arrival order by one pump.
  let projectSpent: Stamp[] = [];
  const projectWaiters: ((stamp: Stamp) => void)[] = [];
  let pumping = false;

  async function pump() {
    if (pumping) return;
    pumping = true;
    try {
      while (projectWaiters.length) {
        if (budget) {
          projectWaiters.shift()!(await takeShared(PROJECT_KEY, projectLimit));
          continue;
        }
        const t = now();
        projectSpent = live(projectSpent, t);
        if (projectSpent.length < projectLimit) {
          const stamp = { at: t };
          projectSpent.push(stamp);
          projectWaiters.shift()!(stamp);
          continue;
        }
        await sleep(Math.min(...projectSpent.map((s) => s.at)) + windowMs + margin - t);
      }
    } finally {
      pumping = false;
    }
  }

  function takeProjectToken(): Promise<Stamp> {
    if (projectLimit <= 0) return Promise.resolve({ at: 0 });
    const t = now();
    projectSpent = live(projectSpent, t);
    if (!budget && !projectWaiters.length && projectSpent.length < projectLimit) {
      const stamp = { at: t };
      projectSpent.push(stamp);
      return Promise.resolve(stamp);
    }
    return new Promise<Stamp>((resolve) => {
      projectWaiters.push(resolve);
      void pump();
    });
  }

  /** Shared tokens return a window after the answer too; a failed settle leaves them a window after they were taken. */
  const settle = async (...stamps: Stamp[]) => {
    for (const s of stamps) if (s.shared) await budget!.settle(s.shared.key, s.shared.token).catch(() => undefined);
  };

  return {
    run(locationKey, write) {
      const l = lane(locationKey);
      l.waiting++;
      const result = l.tail.then(async () => {
        try {
          const queued = now();
          const locationStamp = await takeLocationToken(l, locationKey);
          const projectStamp = await takeProjectToken();
          operationMetrics.googleQuotaWait({ reason: 'queue', ms: now() - queued });
          locationStamp.at = now();
          try {
            return await write();
          } finally {
            // Google counts a request when it arrives, which may be well after it left on a busy
            // link: the tokens return a window after the answer, so the next window never starts early.
            locationStamp.at = projectStamp.at = now();
            await settle(locationStamp, projectStamp);
          }
        } finally {
          l.waiting--;
          if (l.waiting === 0 && l.spent.every((s) => s.at + windowMs + margin <= now())) lanes.delete(locationKey);
        }
      });
      l.tail = result.then(
        () => undefined,
        () => undefined,
      );
      return result;
    },
    async read(call) {
      if (!budget) return call();
      const stamp = await takeProjectToken();
      try {
        return await call();
      } finally {
        await settle(stamp);
      }
    },
    pending(locationKey) {
      if (locationKey) return lanes.get(locationKey)?.waiting ?? 0;
      let n = 0;
      for (const l of lanes.values()) n += l.waiting;
      return n;
    },
  };
}
