import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { atFlushTick } from './flush-tick';

describe('atFlushTick', () => {
  beforeEach(() => vi.useFakeTimers());
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

  it('drops the timer when the last follower cancels', () => {
    const cancel = atFlushTick(50, () => undefined);
    expect(vi.getTimerCount()).toBe(1);
    cancel();
    expect(vi.getTimerCount()).toBe(0);
  });
});
