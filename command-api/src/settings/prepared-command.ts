import { randomUUID } from 'node:crypto';
import type { EventMetadata } from '@locus/contracts';
import { conflict, StreamNotFoundError, WrongExpectedVersionError, type EventStore, type RecordedEvent } from '@locus/platform';
import type { Decider, DomainEvent } from '../kit/handle-command';

/**
 * load → prepare → decide → append. `prepare` turns the request into a command from the
 * current state and may do impure work the decider must not (sealing values with a random
 * IV); the append still expects the revision that was read, so a concurrent write is
 * detected, retried once against the fresh stream, then answered 409.
 */
export async function prepareAndDecide<S, C, E extends DomainEvent>(input: {
  eventStore: EventStore;
  streamName: string;
  decider: Decider<S, C, E>;
  prepare: (state: S) => C | Promise<C>;
  metadata: EventMetadata;
  newId?: () => string;
}): Promise<{ events: E[]; state: S; position: number | undefined }> {
  const newId = input.newId ?? randomUUID;
  for (let tries = 1; ; tries++) {
    let recorded: RecordedEvent[] = [];
    try {
      recorded = await input.eventStore.readStream(input.streamName);
    } catch (err) {
      if (!(err instanceof StreamNotFoundError)) throw err;
    }
    const state = recorded.reduce((s, e) => input.decider.evolve(s, { type: e.type, data: e.data } as E), input.decider.initialState());
    const command = await input.prepare(state);
    const decided = input.decider.decide(command, state);
    const events = Array.isArray(decided) ? decided : [decided];
    if (events.length === 0) return { events, state, position: undefined };
    const last = recorded.at(-1);
    try {
      const result = await input.eventStore.append(
        input.streamName,
        events.map((e) => ({ id: newId(), type: e.type, data: e.data, metadata: input.metadata })),
        { expectedRevision: last ? last.revision : 'no_stream' },
      );
      return { events, state: events.reduce(input.decider.evolve, state), position: result.position };
    } catch (err) {
      if (!(err instanceof WrongExpectedVersionError)) throw err;
      if (tries >= 2) throw conflict('CONCURRENCY.CONFLICT', 'The data was changed by someone else; reload and try again');
    }
  }
}

/** Folds a stream without deciding (a missing stream folds to the initial state). */
export async function loadState<S, E extends DomainEvent>(eventStore: EventStore, streamName: string, decider: Pick<Decider<S, unknown, E>, 'evolve' | 'initialState'>): Promise<{ state: S; exists: boolean }> {
  try {
    const events = await eventStore.readStream(streamName);
    return { state: events.reduce((s, e) => decider.evolve(s, { type: e.type, data: e.data } as E), decider.initialState()), exists: events.length > 0 };
  } catch (err) {
    if (err instanceof StreamNotFoundError) return { state: decider.initialState(), exists: false };
    throw err;
  }
}
