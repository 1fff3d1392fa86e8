import { afterEach, describe, expect, it, vi } from 'vitest';
import { createEmbeddedReadStore } from '@locus/platform/adapters';
import type { ReadStore } from '@locus/platform/ports';
import { createLeases, type RuntimeLogger } from '@locus/platform/runtimes';
import { createScheduler, type Scheduler } from './every';

const INTERVAL_MS = 60_000;
const silentLogger: RuntimeLogger = { info: () => undefined, warn: () => undefined, error: () => undefined };
const closers: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const close of closers.splice(0).reverse()) await close();
});

/** One read store whose clock (the one leases and due times go by) only the test moves. */
function setup() {
  let now = Date.parse('2026-01-01T00:00:00Z');
  const readStore = createEmbeddedReadStore({ file: ':memory:', now: () => new Date(now) });
  closers.push(() => readStore.close());
  const ticks: { by: string; at: number }[] = [];
  const waiting: ((tick: { by: string; at: number }) => void)[] = [];
  const nextTick = () => new Promise<{ by: string; at: number }>((resolve) => waiting.push(resolve));
  const instance = (holder: string, tick?: () => Promise<void>): Scheduler => {
    // The lease outlives the intervals the test moves the clock by: only a stop hands it over.
    const scheduler = createScheduler({ readStore, logger: silentLogger, holder, ttlMs: 10 * INTERVAL_MS, checkEveryMs: 10 });
    scheduler.every('digest', INTERVAL_MS, async () => {
      await tick?.();
      const entry = { by: holder, at: now };
      ticks.push(entry);
      for (const resolve of waiting.splice(0)) resolve(entry);
    });
    closers.push(() => scheduler.stop());
    return scheduler;
  };
  return { readStore, ticks, nextTick, instance, advance: () => (now += INTERVAL_MS), now: () => now };
}

const holderOf = async (readStore: ReadStore) => (await createLeases({ readStore, holder: 'observer' }).current('schedule:digest'))?.holder;

describe('the scheduler (every, under a lease)', () => {
  it('of two instances on one store, only the holder ticks, once per interval; when it stops the other takes over', async () => {
    const { readStore, ticks, nextTick, instance, advance, now } = setup();
    const schedulers = { 'instance-a': instance('instance-a'), 'instance-b': instance('instance-b') };
    await vi.waitFor(async () => expect(await holderOf(readStore)).toMatch(/^instance-[ab]$/), { timeout: 10_000 });
    const first = (await holderOf(readStore)) === 'instance-a' ? 'instance-a' : 'instance-b';
    const other = first === 'instance-a' ? 'instance-b' : 'instance-a';
    const start = now();

    for (let i = 1; i <= 3; i++) {
      const tick = nextTick();
      advance();
      expect(await tick).toEqual({ by: first, at: start + i * INTERVAL_MS });
    }

    await schedulers[first].stop();
    await vi.waitFor(async () => expect(await holderOf(readStore)).toBe(other), { timeout: 10_000 });
    // The new holder counts its interval from when it took over: nothing is due yet.
    const handedOver = nextTick();
    advance();
    expect(await handedOver).toEqual({ by: other, at: start + 4 * INTERVAL_MS });

    // One tick per interval in all: neither instance ticked twice, nor both in one interval.
    expect(ticks).toEqual([
      { by: first, at: start + INTERVAL_MS },
      { by: first, at: start + 2 * INTERVAL_MS },
      { by: first, at: start + 3 * INTERVAL_MS },
      { by: other, at: start + 4 * INTERVAL_MS },
    ]);
  });

  it('a failing run is tried again at the next interval; a stopped scheduler gives its lease up', async () => {
    const { readStore, nextTick, instance, advance } = setup();
    let failures = 1;
    const runs: string[] = [];
    const scheduler = instance('solo', async () => {
      runs.push('run');
      if (failures-- > 0) throw new Error('the store is away');
    });
    await vi.waitFor(async () => expect(await holderOf(readStore)).toBe('solo'), { timeout: 10_000 });
    advance();
    await vi.waitFor(() => expect(runs).toHaveLength(1), { timeout: 10_000 });
    const retried = nextTick();
    advance();
    expect((await retried).by).toBe('solo');
    expect(runs).toHaveLength(2);
    await scheduler.stop();
    expect(await holderOf(readStore)).toBeUndefined();
  });
});
