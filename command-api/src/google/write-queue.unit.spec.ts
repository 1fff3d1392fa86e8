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

/**
 * A virtual clock with real timers semantics: each sleeper wakes at its own time, the earliest
 * first, and time jumps only when every pending promise has settled.
 */
function eventTime() {
  let t = 0;
  const timers: { at: number; wake: () => void }[] = [];
  const settle = () => new Promise<void>((resolve) => setImmediate(resolve));
  return {
    now: () => t,
    sleep: (ms: number) => new Promise<void>((wake) => void timers.push({ at: t + Math.max(0, ms), wake })),
    async drive<T>(work: Promise<T>): Promise<T> {
      let done = false;
      const out = work.finally(() => void (done = true));
      for (;;) {
        await settle();
        if (done) return out;
        timers.sort((a, b) => a.at - b.at);
        const next = timers.shift();
        if (!next) return out;
        t = Math.max(t, next.at);
        next.wake();
      }
    },
  };
}

describe('project-wide fair scheduling', () => {
  it('keeps the whole project under its per-window limit and uses it fully', async () => {
    const clock = eventTime();
    const queue = createLocationWriteQueue({ now: clock.now, sleep: clock.sleep, marginMs: 0, projectRequestsPerWindow: 300 });
    const times: number[] = [];
    const writes = Array.from({ length: 1000 }, (_, i) => queue.run(`locations/${i}`, async () => void times.push(clock.now())));
    await clock.drive(Promise.all(writes));
    expect(times).toHaveLength(1000);
    times.sort((a, b) => a - b);
    for (let i = 0; i + 300 < times.length; i++) expect(times[i + 300]! - times[i]!).toBeGreaterThanOrEqual(60_000);
    // 1,000 writes at 300 a minute: three full windows, then the last 100
    expect(times.at(-1)).toBe(180_000);
  });

  it('never lets a location with many writes hold back the others', async () => {
    const clock = eventTime();
    const queue = createLocationWriteQueue({ now: clock.now, sleep: clock.sleep, marginMs: 0, editsPerWindow: 10, projectRequestsPerWindow: 20 });
    const finished: Record<string, number[]> = {};
    const write = (key: string) => queue.run(key, async () => void (finished[key] ??= []).push(clock.now()));
    // a busy location queues 30 edits first, then 15 other locations one each
    const busy = Array.from({ length: 30 }, () => write('busy'));
    const others = Array.from({ length: 15 }, (_, i) => write(`other-${i}`));
    await clock.drive(Promise.all([...busy, ...others]));
    // the others all go out in the first window: the busy location takes at most one turn per round
    for (let i = 0; i < 15; i++) expect(finished[`other-${i}`]).toEqual([0]);
    expect(finished.busy!.filter((t) => t === 0).length).toBe(5);
    for (let i = 0; i < 30; i++) {
      const inWindow = finished.busy!.filter((t) => t >= finished.busy![i]! && t < finished.busy![i]! + 60_000).length;
      expect(inWindow).toBeLessThanOrEqual(10);
    }
  });

  it('does not spend project tokens on a location waiting out its own minute', async () => {
    const clock = eventTime();
    const queue = createLocationWriteQueue({ now: clock.now, sleep: clock.sleep, marginMs: 0, editsPerWindow: 1, projectRequestsPerWindow: 3 });
    const at: Record<string, number[]> = {};
    const write = (key: string) => queue.run(key, async () => void (at[key] ??= []).push(clock.now()));
    await clock.drive(Promise.all([write('a'), write('a'), write('a'), write('b'), write('c')]));
    expect(at).toEqual({ a: [0, 60_000, 120_000], b: [0], c: [0] });
  });

  it('returns a token a window after the answer, not the start, so a slow request never lets the next window start early', async () => {
    const clock = eventTime();
    const queue = createLocationWriteQueue({ now: clock.now, sleep: clock.sleep, marginMs: 0, projectRequestsPerWindow: 1 });
    const starts: number[] = [];
    const slow = (key: string) =>
      queue.run(key, async () => {
        starts.push(clock.now());
        await clock.sleep(2_000);
      });
    await clock.drive(Promise.all([slow('a'), slow('b')]));
    expect(starts).toEqual([0, 62_000]);
  });
});
