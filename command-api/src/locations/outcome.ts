import { StreamNotFoundError, type EventStore, type RecordedEvent } from '@locus/platform';

/**
 * Waits (bounded) for a reactor's outcome on a stream: the first event after `afterRevision`
 * that `matches`. Null on timeout — the caller then answers that the work is under way.
 */
export async function awaitOutcome(
  eventStore: EventStore,
  streamName: string,
  afterRevision: bigint,
  matches: (event: RecordedEvent) => boolean,
  timeoutMs: number,
  pollMs = 50,
): Promise<RecordedEvent | null> {
  const deadline = Date.now() + timeoutMs;
  let from = afterRevision + 1n;
  for (;;) {
    let events: RecordedEvent[] = [];
    try {
      events = await eventStore.readStream(streamName, { fromRevision: from });
    } catch (err) {
      if (!(err instanceof StreamNotFoundError)) throw err;
    }
    for (const e of events) {
      if (matches(e)) return e;
      from = e.revision + 1n;
    }
    if (Date.now() >= deadline) return null;
    await new Promise((resolve) => setTimeout(resolve, pollMs));
  }
}
