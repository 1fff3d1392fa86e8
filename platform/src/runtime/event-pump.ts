import type { RecordedEvent } from '../event-store/event-store';

export interface EventPump {
  /**
   * Waits for at least one event, then returns what is immediately available, up to `max`.
   * Returns null once the source has ended (unsubscribed). Rethrows a source failure.
   */
  take(max: number): Promise<RecordedEvent[] | null>;
}

const nextMacrotask = () => new Promise<void>((resolve) => setImmediate(resolve));

/**
 * Reads a subscription ahead into a bounded buffer so the runtime can cut batches of "what
 * has arrived": one event when the system is quiet (low latency), large batches under load.
 */
export function createEventPump(source: AsyncIterable<RecordedEvent>, highWater: number): EventPump {
  let buffer: RecordedEvent[] = [];
  let ended = false;
  let failure: unknown = null;
  let onData: (() => void) | null = null;
  let onSpace: (() => void) | null = null;

  const wakeTaker = () => {
    const w = onData;
    onData = null;
    w?.();
  };

  void (async () => {
    try {
      for await (const event of source) {
        buffer.push(event);
        wakeTaker();
        if (buffer.length >= highWater) await new Promise<void>((resolve) => (onSpace = resolve));
      }
    } catch (err) {
      failure = err ?? new Error('subscription failed');
    } finally {
      ended = true;
      wakeTaker();
    }
  })();

  return {
    async take(max) {
      while (buffer.length === 0) {
        if (failure) throw failure;
        if (ended) return null;
        await new Promise<void>((resolve) => (onData = resolve));
        // Events of one page arrive over a few microtasks; let them gather into this batch.
        if (buffer.length > 0 && buffer.length < max) await nextMacrotask();
      }
      let out: RecordedEvent[];
      if (buffer.length <= max) {
        out = buffer;
        buffer = [];
      } else {
        out = buffer.slice(0, max);
        buffer = buffer.slice(max);
      }
      const s = onSpace;
      onSpace = null;
      s?.();
      return out;
    },
  };
}
