import { StreamNotFoundError, type EventStore, type RecordedEvent } from '@locus/platform';

export interface LoadedStream<S> {
  state: S;
  revision: bigint | 'no_stream';
  events: RecordedEvent[];
}

/** Reads and folds a stream (a missing stream folds to the initial state). */
export async function loadStream<S, E extends { type: string; data: unknown }>(
  eventStore: EventStore,
  streamName: string,
  evolve: (state: S, event: E) => S,
  initialState: () => S,
): Promise<LoadedStream<S>> {
  let events: RecordedEvent[];
  try {
    events = await eventStore.readStream(streamName);
  } catch (err) {
    if (err instanceof StreamNotFoundError) return { state: initialState(), revision: 'no_stream', events: [] };
    throw err;
  }
  const state = events.reduce((s, e) => evolve(s, { type: e.type, data: e.data } as E), initialState());
  return { state, revision: events.at(-1)?.revision ?? 'no_stream', events };
}
