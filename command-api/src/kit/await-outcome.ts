import type { z } from 'zod';
import { StreamNotFoundError, type EventStore, type RecordedEvent } from '@locus/platform/ports';
import { realSleep, type Sleep } from '@locus/platform/runtime/backoff';

/** A feature's event schemas as contracts declares them (`locationEventSchemas`, ...): type → zod schema. */
export type EventSchemas = Readonly<Record<string, z.ZodType>>;

/** A recorded event of one of the types `T`, its data typed by its contracts schema. */
export type OutcomeOf<S extends EventSchemas, T extends keyof S> = {
  [K in T]: Omit<RecordedEvent, 'type' | 'data'> & { type: K; data: z.infer<S[K]> };
}[T];

/**
 * Tells a recorded event of one of `types` (read from a stream, followed on `$all`), its data
 * typed by its contracts schema: the store keeps each type with the data its schema describes
 * (upcast on read), so the type is the proof.
 */
export function isRecordedOf<S extends EventSchemas, T extends keyof S & string>(schemas: S, types: readonly T[]) {
  const known: readonly string[] = types;
  return (event: RecordedEvent): event is OutcomeOf<S, T> => known.includes(event.type);
}

export interface OutcomeWait<S extends EventSchemas, T extends keyof S & string> {
  stream: string;
  /** Only events after this revision of the stream (the one the request was appended on). */
  after: bigint;
  schemas: S;
  /** The outcomes waited for (success and failure). */
  types: readonly T[];
  /** Which of them answers this request (its request id, the post's id); default the first. */
  matches?: (event: OutcomeOf<S, T>) => boolean;
  timeoutMs: number;
  /** Times the bound; injected by tests. */
  sleep?: Sleep;
}

/**
 * Waits (bounded) for a reactor's outcome on a stream: the first event after `after` of one of
 * `types` that `matches`, typed by the feature's contracts schemas. Reads what the stream
 * already has, then follows `$all` from the position read (no polling). Null on timeout — the
 * caller then answers that the work is under way.
 */
export async function awaitOutcome<S extends EventSchemas, T extends keyof S & string>(
  eventStore: EventStore,
  wait: OutcomeWait<S, T>,
): Promise<OutcomeOf<S, T> | null> {
  const { stream, after } = wait;
  const isOutcome = isRecordedOf(wait.schemas, wait.types);
  const answers = (e: RecordedEvent): e is OutcomeOf<S, T> => e.streamName === stream && e.revision > after && isOutcome(e) && (wait.matches?.(e) ?? true);

  // The head first: whatever is appended after it reaches the subscription, whatever before it the read.
  const head = await eventStore.headPosition();
  let events: RecordedEvent[] = [];
  try {
    events = await eventStore.readStream(stream, { fromRevision: after + 1n });
  } catch (err) {
    if (!(err instanceof StreamNotFoundError)) throw err;
  }
  const found = events.find(answers);
  if (found) return found;

  const subscription = eventStore.subscribeToAll({ after: head });
  const timer = new AbortController();
  const follow = (async () => {
    for await (const e of subscription) if (answers(e)) return e;
    return null;
  })();
  const timeout = (wait.sleep ?? realSleep)(wait.timeoutMs, timer.signal).then(
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
