import { requestErrors } from '@locus/contracts';
import { randomUUID } from 'node:crypto';
import type { EventMetadata } from '@locus/contracts';
import { WrongExpectedVersionError, type EventStore, type IdSource, fail } from '@locus/platform';
import { decideAll, foldEvents, type Decider, type DomainEvent } from './decider';
import { loadStream, toDomainEventDefault, type LoadedStream, type ToDomainEvent } from './load-stream';

/**
 * What to decide: a command, or a function from the stream's current state to the command.
 * The function runs again on every attempt, against the state that attempt read, so a
 * request merged into loaded state (a partial update) is never appended over a newer state.
 * It may do work the decider must not (reading other streams, sealing with a random IV).
 */
export type CommandSource<State, Command> = Command | ((state: State) => Command | Promise<Command>);

export interface HandleCommandInput<State, Command, Event extends DomainEvent> {
  eventStore: EventStore;
  streamName: string;
  decider: Decider<State, Command, Event>;
  command: CommandSource<State, Command>;
  metadata: EventMetadata;
  /** Event id source; default random uuids. */
  newId?: () => string;
  /** Maps a stored event to the decider's event (e.g. upcasting); default `{ type, data }`. */
  toDomainEvent?: ToDomainEvent<Event>;
  /**
   * The stream is named by an id this request just made (a random uuid), so it cannot exist
   * yet: the first attempt decides against the initial state without reading the stream and
   * appends with `no_stream`. Should it exist after all, that append conflicts and the retry
   * reads it, as after any conflict.
   */
  newStream?: boolean;
  /**
   * The stream as the caller has just read it, folded with this decider's `evolve`: the first
   * attempt decides against it and appends at its revision without reading the stream again; a
   * conflict reads it, as after any conflict.
   */
  loaded?: LoadedStream<State>;
}

export interface HandleCommandResult<State, Event extends DomainEvent> {
  events: Event[];
  /** Global position of the last event written, or of the stream's last event when nothing was decided. */
  position: number;
  /** The state the command was decided against. */
  before: State;
  /** The state after the decided events. */
  state: State;
  /** Stream revision after the command (-1n for a stream that still does not exist). */
  revision: bigint;
}

const isDecision = <State, Command>(source: CommandSource<State, Command>): source is (state: State) => Command | Promise<Command> =>
  typeof source === 'function';

async function attempt<State, Command, Event extends DomainEvent>(
  input: HandleCommandInput<State, Command, Event>,
  first: boolean,
): Promise<HandleCommandResult<State, Event>> {
  const { eventStore, streamName, decider, metadata } = input;
  const loaded =
    first && input.loaded
      ? input.loaded
      : first && input.newStream
        ? { state: decider.initialState(), revision: 'no_stream' as const, position: 0 }
        : await loadStream(eventStore, streamName, decider, input.toDomainEvent ?? toDomainEventDefault);
  const before = loaded.state;
  const command = isDecision(input.command) ? await input.command(before) : input.command;
  const events = decideAll(decider, command, before);
  const revision = loaded.revision === 'no_stream' ? -1n : loaded.revision;
  if (events.length === 0) return { events, position: loaded.position, before, state: before, revision };
  const newId = input.newId ?? randomUUID;
  const result = await eventStore.append(
    streamName,
    events.map((e) => ({ id: newId(), type: e.type, data: e.data, metadata })),
    { expectedRevision: loaded.revision },
  );
  return { events, position: result.position, before, state: foldEvents(decider, events, before), revision: result.nextExpectedRevision };
}

/**
 * The one command handler: read the stream, fold it with `evolve`, make the command (when a
 * function of the state is given), `decide`, append with the revision read (a `newStream`'s
 * first attempt reads nothing: it decides against the initial state). A concurrent
 * append is retried once, deciding afresh against the new stream; a second conflict is a
 * 409 (requestErrors.concurrencyConflict).
 */
export async function handleCommand<State, Command, Event extends DomainEvent>(
  input: HandleCommandInput<State, Command, Event>,
): Promise<HandleCommandResult<State, Event>> {
  for (let tries = 1; ; tries++) {
    try {
      return await attempt(input, tries === 1);
    } catch (err) {
      if (!(err instanceof WrongExpectedVersionError)) throw err;
      if (tries >= 2) throw fail(requestErrors.concurrencyConflict);
    }
  }
}

export interface StreamDeps {
  eventStore: EventStore;
  ids: IdSource;
}

/** `handleCommand` with the injected event store and id source. */
export function runCommand<State, Command, Event extends DomainEvent>(
  deps: StreamDeps,
  streamName: string,
  decider: Decider<State, Command, Event>,
  command: CommandSource<State, Command>,
  metadata: EventMetadata,
): Promise<HandleCommandResult<State, Event>> {
  return handleCommand({ eventStore: deps.eventStore, streamName, decider, command, metadata, newId: () => deps.ids.uuid() });
}
