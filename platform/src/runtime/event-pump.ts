import type { AllSubscription, RecordedEvent } from '../event-store/event-store';

export interface PumpBatch {
  /** Events in $all order; may be empty when only the position moved (filtered-out events). */
  events: RecordedEvent[];
  /**
   * Position the follower reaches with this batch: the last event's, or further when the
   * subscription reported that every event up to there was taken or filtered out.
   */
  position: number;
}

export interface EventPump {
  /**
   * Waits for at least one event or a position further than the last batch's, then returns
   * what is immediately available, up to `max` events. Returns null once the source has ended
   * (unsubscribed). Rethrows a source failure.
   */
  take(max: number): Promise<PumpBatch | null>;
  readonly subscription: AllSubscription;
}

const nextMacrotask = () => new Promise<void>((resolve) => setImmediate(resolve));

/**
 * Reads a subscription ahead into a bounded buffer so the runtime can cut batches of "what
 * has arrived": one event when the system is quiet (low latency), large batches under load.
 * `subscribe` receives the checkpoint callback to pass to `subscribeToAll` (with a type
 * filter, the positions of the events it skipped arrive that way).
 */
export function createEventPump(subscribe: (onCheckpoint: (position: number) => void) => AllSubscription, highWater: number): EventPump {
  let buffer: RecordedEvent[] = [];
  /** Highest checkpoint reported while the buffer held only events at or before it. */
  let checkpoint = -1;
  /** Position of the last batch returned. */
  let returned = -1;
  let ended = false;
  let failure: unknown = null;
  let onData: (() => void) | null = null;
  let onSpace: (() => void) | null = null;

  const wakeTaker = () => {
    const w = onData;
    onData = null;
    w?.();
  };

  // The subscription calls this from inside next(): every event before it is in the buffer.
  const subscription = subscribe((position) => {
    if (position > checkpoint) checkpoint = position;
    wakeTaker();
  });

  void (async () => {
    try {
      for await (const event of subscription) {
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
    subscription,
    async take(max) {
      while (buffer.length === 0 && checkpoint <= returned) {
        if (failure) throw failure;
        if (ended) return null;
        await new Promise<void>((resolve) => (onData = resolve));
        // Events of one page arrive over a few microtasks; let them gather into this batch.
        if (buffer.length > 0 && buffer.length < max) await nextMacrotask();
      }
      let events: RecordedEvent[];
      let position: number;
      if (buffer.length <= max) {
        events = buffer;
        buffer = [];
        // The whole buffer: the checkpoint (reported after all of it arrived) may lie beyond.
        position = Math.max(events.length > 0 ? events[events.length - 1]!.position : -1, checkpoint);
      } else {
        events = buffer.slice(0, max);
        buffer = buffer.slice(max);
        position = events[events.length - 1]!.position;
      }
      returned = Math.max(returned, position);
      const s = onSpace;
      onSpace = null;
      s?.();
      return { events, position };
    },
  };
}
