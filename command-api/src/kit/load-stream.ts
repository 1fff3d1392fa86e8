import { StreamNotFoundError, type EventStore, type RecordedEvent } from '@locus/platform';
import type { DomainEvent, Fold } from './decider';

export interface LoadedStream<State> {
  state: State;
  /** Revision of the last event read, or 'no_stream'. */
  revision: bigint | 'no_stream';
  /** Global position of the last event read (0 for a missing stream). */
  position: number;
  events: RecordedEvent[];
}

/** Maps a stored event to the decider's event; the default keeps `{ type, data }`. */
export type ToDomainEvent<Event> = (event: RecordedEvent) => Event;

export const toDomainEventDefault = <Event>(event: RecordedEvent): Event => ({ type: event.type, data: event.data }) as Event;

/** Reads a whole stream and folds it; a missing stream folds to the initial state. */
export async function loadStream<State, Event extends DomainEvent>(
  eventStore: EventStore,
  streamName: string,
  fold: Fold<State, Event>,
  toDomainEvent: ToDomainEvent<Event> = toDomainEventDefault,
): Promise<LoadedStream<State>> {
  let events: RecordedEvent[];
  try {
    events = await eventStore.readStream(streamName);
  } catch (err) {
    if (err instanceof StreamNotFoundError) return { state: fold.initialState(), revision: 'no_stream', position: 0, events: [] };
    throw err;
  }
  let state = fold.initialState();
  for (const e of events) state = fold.evolve(state, toDomainEvent(e));
  const last = events.at(-1);
  return { state, revision: last?.revision ?? 'no_stream', position: last?.position ?? 0, events };
}
