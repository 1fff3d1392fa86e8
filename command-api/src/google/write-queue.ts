/**
 * Keeps writes to one Google profile under Google's limit (10 edits per minute per location).
 *
 * A token bucket whose tokens come back one window after each was spent: a location may
 * spend `editsPerWindow` tokens, and each returns `windowMs` later. Unlike a bucket with a
 * steady refill this never lets more than `editsPerWindow` writes fall inside any window,
 * which is how Google counts. Writes to one location run one at a time in arrival order;
 * a write that finds no token waits for one instead of failing.
 */
export interface LocationWriteQueue {
  run<T>(locationKey: string, write: () => Promise<T>): Promise<T>;
  /** Writes waiting or running, for progress displays. */
  pending(locationKey?: string): number;
}

export interface WriteQueueOptions {
  editsPerWindow?: number;
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

export function createLocationWriteQueue(options: WriteQueueOptions = {}): LocationWriteQueue {
  const limit = options.editsPerWindow ?? 10;
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

  async function takeToken(l: Lane) {
    for (;;) {
      const t = now();
      l.spent = l.spent.filter((s) => s + windowMs + margin > t);
      if (l.spent.length < limit) {
        l.spent.push(t);
        return;
      }
      await sleep(l.spent[0]! + windowMs + margin - t);
    }
  }

  return {
    run(locationKey, write) {
      const l = lane(locationKey);
      l.waiting++;
      const result = l.tail.then(async () => {
        try {
          await takeToken(l);
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
