import type { EventMetadata } from '@locus/contracts';
import { StreamNotFoundError, type EventStore, type IdSource, type RecordedEvent } from '@locus/platform';
import { handleCommand, type Decider, type DomainEvent, type HandleCommandResult } from '../kit/handle-command';

export { actorOf, eventMetadata } from '../kit/handle-command';
export type { Decider, DomainEvent };

export interface Loaded<S> {
  state: S;
  /** Revision of the last event read, or 'no_stream'. */
  revision: bigint | 'no_stream';
  events: RecordedEvent[];
}

/** Reads a whole stream and folds it (for reads that decide nothing); a missing stream folds to the initial state. */
export async function loadAggregate<S, E extends DomainEvent>(
  eventStore: EventStore,
  streamName: string,
  evolve: (state: S, event: E) => S,
  initialState: () => S,
): Promise<Loaded<S>> {
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

export interface StreamDeps {
  eventStore: EventStore;
  ids: IdSource;
}

/** The kit's load → decide → append (one retry, then 409) with the injected id source. */
export function runCommand<S, C, E extends DomainEvent>(
  deps: StreamDeps,
  streamName: string,
  decider: Decider<S, C, E>,
  command: C,
  metadata: EventMetadata,
): Promise<HandleCommandResult<S, E>> {
  return handleCommand({ eventStore: deps.eventStore, streamName, decider, command, metadata, newId: () => deps.ids.uuid() });
}

export const maxPosition = (...positions: (number | undefined)[]): number | undefined => {
  const defined = positions.filter((p): p is number => p !== undefined);
  return defined.length ? Math.max(...defined) : undefined;
};
