import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { everySharedTick, untilAligned } from './shared-tick';

describe('everySharedTick', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    vi.setSystemTime(1_000_000);
  });
  afterEach(() => vi.useRealTimers());

  it('runs the callbacks of one period in one timer, on the multiples of the period on the clock', () => {
    const calls: string[] = [];
    vi.advanceTimersByTime(300);
    const stopA = everySharedTick(1_000, () => calls.push(`a@${Date.now()}`));
    vi.advanceTimersByTime(400);
    const stopB = everySharedTick(1_000, () => calls.push(`b@${Date.now()}`));
    // Registered 400 ms apart, both at the next whole second, in one timer.
    expect(vi.getTimerCount()).toBe(1);
    vi.advanceTimersByTime(299);
    expect(calls).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(calls).toEqual(['a@1001000', 'b@1001000']);
    vi.advanceTimersByTime(1_000);
    expect(calls.slice(2)).toEqual(['a@1002000', 'b@1002000']);
    stopA();
    vi.advanceTimersByTime(1_000);
    expect(calls.slice(4)).toEqual(['b@1003000']);
    stopB();
    expect(vi.getTimerCount()).toBe(0);
  });

  it('puts periods that divide each other on the same instants', () => {
    const at: Record<string, number[]> = { second: [], five: [] };
    const stopSecond = everySharedTick(1_000, () => at.second!.push(Date.now()));
    vi.advanceTimersByTime(2_300);
    const stopFive = everySharedTick(5_000, () => at.five!.push(Date.now()));
    vi.advanceTimersByTime(10_000);
    expect(at.five).toEqual([1_005_000, 1_010_000]);
    for (const t of at.five!) expect(at.second).toContain(t);
    stopSecond();
    stopFive();
    expect(vi.getTimerCount()).toBe(0);
  });

  it('keeps ticking after a callback throws, and the others of that tick still run', () => {
    const calls: number[] = [];
    const stopBad = everySharedTick(100, () => {
      throw new Error('boom');
    });
    const stopGood = everySharedTick(100, () => calls.push(Date.now()));
    vi.advanceTimersByTime(300);
    expect(calls).toEqual([1_000_100, 1_000_200, 1_000_300]);
    stopBad();
    stopGood();
  });

  it('a callback stopped by another of the same tick is not called; the tick stops with the last', () => {
    const calls: string[] = [];
    // eslint-disable-next-line prefer-const
    let stopB: () => void;
    const stopA = everySharedTick(1_000, () => {
      calls.push('a');
      stopB();
    });
    stopB = everySharedTick(1_000, () => calls.push('b'));
    vi.advanceTimersByTime(2_000);
    expect(calls).toEqual(['a', 'a']);
    stopA();
    expect(vi.getTimerCount()).toBe(0);
  });

  it('untilAligned is never 0: at a boundary it is a whole period', () => {
    expect(untilAligned(1_000, 5_000)).toBe(1_000);
    expect(untilAligned(1_000, 5_001)).toBe(999);
    expect(untilAligned(250, 5_100)).toBe(150);
  });
});
