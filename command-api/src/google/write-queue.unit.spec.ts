import { describe, expect, it } from 'vitest';
import { createLocationWriteQueue } from './write-queue';

/** A virtual clock: sleeping advances time instantly, so minutes pass in microseconds. */
function virtualTime() {
  let t = 1_000_000;
  return { now: () => t, sleep: async (ms: number) => void (t += Math.max(0, ms)) };
}

describe('location write queue', () => {
  it('never lets more than 10 writes to one location fall inside any 60 s window, and none fail', async () => {
    const clock = virtualTime();
    const queue = createLocationWriteQueue({ ...clock, marginMs: 0 });
    const times: number[] = [];
    const results = await Promise.all(Array.from({ length: 35 }, (_, i) => queue.run('locations/1', async () => (times.push(clock.now()), i))));
    expect(results).toEqual(Array.from({ length: 35 }, (_, i) => i));
    for (let i = 0; i < times.length; i++) {
      const inWindow = times.filter((t) => t >= times[i]! && t < times[i]! + 60_000).length;
      expect(inWindow).toBeLessThanOrEqual(10);
    }
    // the budget is used fully: 35 writes need 3 waits of a window
    expect(times.at(-1)! - times[0]!).toBe(180_000);
  });

  it('runs writes to one location in arrival order, one at a time', async () => {
    const clock = virtualTime();
    const queue = createLocationWriteQueue({ ...clock, editsPerWindow: 2, windowMs: 1000 });
    const log: string[] = [];
    let running = 0;
    await Promise.all(
      ['a', 'b', 'c', 'd'].map((x) =>
        queue.run('locations/1', async () => {
          running++;
          expect(running).toBe(1);
          log.push(x);
          await clock.sleep(10);
          running--;
        }),
      ),
    );
    expect(log).toEqual(['a', 'b', 'c', 'd']);
  });

  it('gives each location its own budget', async () => {
    const clock = virtualTime();
    const queue = createLocationWriteQueue({ ...clock, editsPerWindow: 2, windowMs: 60_000, marginMs: 0 });
    const start = clock.now();
    const times: Record<string, number[]> = { a: [], b: [] };
    await Promise.all(['a', 'a', 'b', 'b'].map((k) => queue.run(k, async () => void times[k]!.push(clock.now() - start))));
    expect(times).toEqual({ a: [0, 0], b: [0, 0] });
  });

  it('keeps going after a failed write and still counts it', async () => {
    const clock = virtualTime();
    const queue = createLocationWriteQueue({ ...clock, editsPerWindow: 1, windowMs: 1000, marginMs: 0 });
    const failing = queue.run('l', async () => {
      throw new Error('boom');
    });
    const next = queue.run('l', async () => clock.now());
    await expect(failing).rejects.toThrow('boom');
    const at = await next;
    expect(at).toBe(1_000_000 + 1000);
    expect(queue.pending()).toBe(0);
  });
});
