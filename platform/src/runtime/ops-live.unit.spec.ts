import { afterEach, describe, expect, it, vi } from 'vitest';
import { OPS_STATUS_COLLECTION, subjects } from '@locus/contracts';
import type { Bus, BusMessage } from '../bus/bus';
import { subjectMatcher } from '../bus/subject';
import { startOpsLive } from './ops-live';

/** A bus that delivers at once and keeps what was published. */
function recordingBus() {
  const handlers: { matches: (subject: string) => boolean; handler: (m: BusMessage) => void }[] = [];
  const published: BusMessage[] = [];
  const bus: Bus = {
    publish(subject, data) {
      published.push({ subject, data });
      for (const h of handlers) if (h.matches(subject)) h.handler({ subject, data });
    },
    subscribe(pattern, handler) {
      const entry = { matches: subjectMatcher(pattern), handler };
      handlers.push(entry);
      return { unsubscribe: () => void handlers.splice(handlers.indexOf(entry), 1) };
    },
    flush: async () => undefined,
    close: async () => undefined,
  };
  return { bus, published };
}

afterEach(() => {
  vi.useRealTimers();
});

describe('ops live (the operations page told of status changes)', () => {
  it('keeps no timer while nothing changes, and tells once per interval of what changed in it', () => {
    vi.useFakeTimers();
    const { bus, published } = recordingBus();
    const live = startOpsLive({ bus, intervalMs: 1_000 });
    expect(vi.getTimerCount()).toBe(0);

    bus.publish(subjects.checkpoint('a'), { projection: 'a', generation: 1, position: 5 });
    bus.publish(subjects.checkpoint('b'), { projection: 'b', generation: 1, position: 9 });
    vi.advanceTimersByTime(999);
    const told = () => published.filter((m) => m.subject === subjects.changed(null, OPS_STATUS_COLLECTION)).map((m) => m.data);
    expect(told()).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(told()).toEqual([{ kind: 'changed', collection: OPS_STATUS_COLLECTION, ids: [], many: true, companyId: null, position: 9 }]);
    expect(vi.getTimerCount()).toBe(0);

    vi.advanceTimersByTime(10_000);
    expect(told()).toHaveLength(1);
    live.close();
  });
});
