import { StreamNotFoundError, type EventStore, type RecordedEvent } from '@locus/platform/ports';
import { realSleep, type Sleep } from '@locus/platform/runtime/backoff';

/**
 * Waits (bounded) for a reactor's outcome on a stream: the first event after `afterRevision`
 * that `matches`. Reads what the stream already has, then follows `$all` from the position
 * read (no polling); the bound is timed by the injected `sleep`. Null on timeout — the caller
 * then answers that the work is under way.
 */
export async function awaitOutcome(
  eventStore: EventStore,
  streamName: string,
  afterRevision: bigint,
  matches: (event: RecordedEvent) => boolean,
  timeoutMs: number,
  sleep: Sleep = realSleep,
): Promise<RecordedEvent | null> {
  // The head first: whatever is appended after it reaches the subscription, whatever before it the read.
  const head = await eventStore.headPosition();
  let events: RecordedEvent[] = [];
  try {
    events = await eventStore.readStream(streamName, { fromRevision: afterRevision + 1n });
  } catch (err) {
    if (!(err instanceof StreamNotFoundError)) throw err;
  }
  const found = events.find(matches);
  if (found) return found;

  const subscription = eventStore.subscribeToAll({ after: head });
  const timer = new AbortController();
  const follow = (async () => {
    for await (const e of subscription) if (e.streamName === streamName && e.revision > afterRevision && matches(e)) return e;
    return null;
  })();
  const timeout = sleep(timeoutMs, timer.signal).then(
    () => null,
    () => null,
  );
  try {
    return await Promise.race([follow, timeout]);
  } finally {
    timer.abort();
    await subscription.unsubscribe();
  }
}
