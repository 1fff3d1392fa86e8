import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { atFlushTick } from './flush-tick';

describe('atFlushTick', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    vi.setSystemTime(1_000_000);
  });
  afterEach(() => vi.useRealTimers());

  it('calls every follower that asked in one timer callback, at most the interval after the first asked', () => {
    const calls: string[] = [];
    atFlushTick(1_000, () => calls.push('a'));
    vi.advanceTimersByTime(600);
    atFlushTick(1_000, () => calls.push('b'));
    const cancelC = atFlushTick(1_000, () => calls.push('c'));
    cancelC();
    vi.advanceTimersByTime(399);
    expect(calls).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(calls).toEqual(['a', 'b']);
    expect(vi.getTimerCount()).toBe(0);
    // The next ask starts the next tick.
    atFlushTick(1_000, () => calls.push('d'));
    vi.advanceTimersByTime(1_000);
    expect(calls).toEqual(['a', 'b', 'd']);
  });

  it('ticks on the multiples of the interval on the clock, with the other housekeeping', () => {
    const at: number[] = [];
    vi.advanceTimersByTime(300);
    atFlushTick(1_000, () => at.push(Date.now()));
    vi.advanceTimersByTime(1_000);
    expect(at).toEqual([1_001_000]);
  });

  it('drops the timer when the last follower cancels', () => {
    const cancel = atFlushTick(50, () => undefined);
    expect(vi.getTimerCount()).toBe(1);
    cancel();
    expect(vi.getTimerCount()).toBe(0);
  });
});
