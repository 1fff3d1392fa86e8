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
export interface LocationWriteQueue {
  run<T>(locationKey: string, write: () => Promise<T>): Promise<T>;
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
}

interface Lane {
  spent: number[];
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

  const lane = (key: string): Lane => {
    let l = lanes.get(key);
    if (!l) {
      l = { spent: [], tail: Promise.resolve(), waiting: 0 };
      lanes.set(key, l);
    }
    return l;
  };
  const live = (spent: number[], t: number) => spent.filter((s) => s + windowMs + margin > t);

  /** Takes a location token; answers the index of the stamp, so it can be moved to the request's real start. */
  async function takeLocationToken(l: Lane): Promise<number> {
    for (;;) {
      const t = now();
      l.spent = live(l.spent, t);
      if (l.spent.length < limit) return l.spent.push(t) - 1;
      await sleep(l.spent[0]! + windowMs + margin - t);
    }
  }

  // The project's bucket: heads of lanes waiting for a token, served in arrival order by one pump.
  let projectSpent: number[] = [];
  const projectWaiters: (() => void)[] = [];
  let pumping = false;

  async function pump() {
    if (pumping) return;
    pumping = true;
    try {
      while (projectWaiters.length) {
        const t = now();
        projectSpent = live(projectSpent, t);
        if (projectSpent.length < projectLimit) {
          projectSpent.push(t);
          projectWaiters.shift()!();
          continue;
        }
        await sleep(projectSpent[0]! + windowMs + margin - t);
      }
    } finally {
      pumping = false;
    }
  }

  function takeProjectToken(): Promise<void> {
    if (projectLimit <= 0) return Promise.resolve();
    const t = now();
    projectSpent = live(projectSpent, t);
    if (!projectWaiters.length && projectSpent.length < projectLimit) {
      projectSpent.push(t);
      return Promise.resolve();
    }
    return new Promise<void>((resolve) => {
      projectWaiters.push(resolve);
      void pump();
    });
  }

  return {
    run(locationKey, write) {
      const l = lane(locationKey);
      l.waiting++;
      const result = l.tail.then(async () => {
        try {
          const stamp = await takeLocationToken(l);
          await takeProjectToken();
          // The location's window counts from when the request really leaves (only this write touches the lane now).
          l.spent[stamp] = now();
          return await write();
        } finally {
          l.waiting--;
          if (l.waiting === 0 && l.spent.every((s) => s + windowMs + margin <= now())) lanes.delete(locationKey);
        }
      });
      l.tail = result.then(
        () => undefined,
        () => undefined,
      );
      return result;
    },
    pending(locationKey) {
      if (locationKey) return lanes.get(locationKey)?.waiting ?? 0;
      let n = 0;
      for (const l of lanes.values()) n += l.waiting;
      return n;
    },
  };
}
