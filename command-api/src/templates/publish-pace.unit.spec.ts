import { describe, expect, it } from 'vitest';
import { createPublishPace } from './publish-pace';

/** A virtual clock: sleeping advances time at once (one connection's calls take turns, so one sleeper at a time). */
function virtualTime(start = 1_000_123) {
  let t = start;
  return { now: () => t, sleep: async (ms: number) => void (t += Math.max(0, ms)) };
}

async function starts(calls: number, options: Parameters<typeof createPublishPace>[0]) {
  const clock = virtualTime();
  const pace = createPublishPace({ ...clock, ...options });
  const times: number[] = [];
  await Promise.all(Array.from({ length: calls }, () => pace.turn('connection-1').then(() => times.push(clock.now()))));
  return { times, startedAt: 1_000_123 };
}

const inAnyWindow = (times: number[], windowMs: number) => Math.max(...times.map((s) => times.filter((t) => t >= s && t < s + windowMs).length));
const groups = (times: number[]) => {
  const at = new Map<number, number>();
  for (const t of times) at.set(t, (at.get(t) ?? 0) + 1);
  return at;
};

describe('publish pace', () => {
  it('lets waiting calls go in groups on the clock’s whole seconds, at the quota’s pace and never over it', async () => {
    const { times, startedAt } = await starts(700, { perWindow: 300 });
    expect(times).toHaveLength(700);
    // 300 a minute spread to 90 %: a gap of 180 ms, so a second earns 5.6 calls (with what the last carried, at most 7)
    for (const n of groups(times).values()) expect(n).toBeLessThanOrEqual(7);
    expect(groups(times).get(startedAt)).toBe(7);
    expect(groups(times).size).toBeLessThan(700 / 5);
    // until the window is full, on the whole seconds; then as the groups they replace leave it
    for (const t of times.slice(7, 300)) expect(t % 1_000).toBe(0);
    expect(inAnyWindow(times, 60_250)).toBeLessThanOrEqual(300);
    // within a window the calls go at the spread pace: the first 300 in about 54 s
    expect(times[299]! - times[0]!).toBeGreaterThan(52_000);
    expect(times[299]! - times[0]!).toBeLessThan(55_000);
    // no slower than calls let go one by one (the first group, going at once, puts it a little ahead)
    const oneByOne = (await starts(700, { perWindow: 300, tickMs: 0 })).times;
    expect(times.at(-1)! - times[0]!).toBeLessThanOrEqual(oneByOne.at(-1)! - oneByOne[0]! + 200);
  });

  it('spaces each call on its own without ticks', async () => {
    const { times } = await starts(20, { perWindow: 300, marginMs: 0, tickMs: 0 });
    for (let i = 1; i < times.length; i++) expect(times[i]! - times[i - 1]!).toBe(180);
  });

  it('keeps the window’s count with its margin when calls earn faster than the window allows', async () => {
    const { times } = await starts(45, { perWindow: 20, windowMs: 10_000, spread: 0.1, marginMs: 250 });
    expect(inAnyWindow(times, 10_250)).toBeLessThanOrEqual(20);
    // a full window frees its calls as they went: in the groups they replace
    expect(new Set(times.slice(20, 40)).size).toBe(new Set(times.slice(0, 20)).size);
  });
});
