import { randomUUID } from 'node:crypto';
import type { Actor, EventMetadata } from '@locus/contracts';
import {
  conflict,
  StreamNotFoundError,
  WrongExpectedVersionError,
  type Clock,
  type EventStore,
  type ExpectedRevision,
  type RecordedEvent,
  type RequestContext,
} from '@locus/platform';

/** A domain event before it is stored. */
export interface DomainEvent<T extends string = string, D = unknown> {
  type: T;
  data: D;
}

export interface Decider<State, Command, Event extends DomainEvent> {
  initialState: () => State;
  evolve: (state: State, event: Event) => State;
  /** Pure; throws AppError (ruleViolation, notFound, ...) to refuse. */
  decide: (command: Command, state: State) => Event | Event[];
}

export interface HandleCommandInput<State, Command, Event extends DomainEvent> {
  eventStore: EventStore;
  streamName: string;
  decider: Decider<State, Command, Event>;
  command: Command;
  metadata: EventMetadata;
  /** Event id source; default random uuids. */
  newId?: () => string;
  /** Maps a stored event to the decider's event (e.g. upcasting); default `{ type, data }`. */
  toDomainEvent?: (event: RecordedEvent) => Event;
}

export interface HandleCommandResult<State, Event extends DomainEvent> {
  events: Event[];
  /** Global position of the last event written, or of the stream's last event when nothing was decided. */
  position: number;
  state: State;
  /** Stream revision after the command (-1n for a stream that still does not exist). */
  revision: bigint;
}

const defaultToDomainEvent = <Event extends DomainEvent>(event: RecordedEvent) => ({ type: event.type, data: event.data }) as Event;

async function readStream(eventStore: EventStore, streamName: string): Promise<RecordedEvent[] | null> {
  try {
    return await eventStore.readStream(streamName);
  } catch (err) {
    if (err instanceof StreamNotFoundError) return null;
    throw err;
  }
}

async function attempt<State, Command, Event extends DomainEvent>(input: HandleCommandInput<State, Command, Event>): Promise<HandleCommandResult<State, Event>> {
  const { eventStore, streamName, decider, command, metadata } = input;
  const toDomainEvent = input.toDomainEvent ?? defaultToDomainEvent<Event>;
  const newId = input.newId ?? randomUUID;
  const recorded = await readStream(eventStore, streamName);
  const state = (recorded ?? []).reduce((s, e) => decider.evolve(s, toDomainEvent(e)), decider.initialState());
  const last = recorded?.at(-1);
  const decided = decider.decide(command, state);
  const events = Array.isArray(decided) ? decided : [decided];
  if (events.length === 0) {
    return { events, position: last?.position ?? 0, state, revision: last?.revision ?? -1n };
  }
  const expectedRevision: ExpectedRevision = last ? last.revision : 'no_stream';
  const result = await eventStore.append(
    streamName,
    events.map((e) => ({ id: newId(), type: e.type, data: e.data, metadata })),
    { expectedRevision },
  );
  return { events, position: result.position, state: events.reduce(decider.evolve, state), revision: result.nextExpectedRevision };
}

/**
 * Read the stream, fold it with `evolve`, `decide`, append with the expected revision.
 * A concurrent append is retried once against the fresh stream; a second conflict is a
 * 409 `CONCURRENCY.CONFLICT`.
 */
export async function handleCommand<State, Command, Event extends DomainEvent>(
  input: HandleCommandInput<State, Command, Event>,
): Promise<HandleCommandResult<State, Event>> {
  for (let tries = 1; ; tries++) {
    try {
      return await attempt(input);
    } catch (err) {
      if (!(err instanceof WrongExpectedVersionError)) throw err;
      if (tries >= 2) throw conflict('CONCURRENCY.CONFLICT', 'The data was changed by someone else; reload and try again');
    }
  }
}

const systemClock: Clock = { now: () => new Date() };

/** The actor of a request: the caller, marked when an administrator acts inside a company. */
export function actorOf(req: Pick<RequestContext, 'auth'>): Actor {
  const auth = req.auth;
  if (!auth) return { userId: 'anonymous', role: 'Anonymous' };
  return {
    userId: auth.userId,
    role: auth.role,
    ...(auth.viewingAsAdmin ? { viewingAsAdmin: true, adminUserId: auth.adminUserId ?? auth.userId } : {}),
  };
}

/**
 * Metadata for the events of one request: company, actor, the request's correlation id,
 * the request id as causation, and the time from the injected clock.
 */
export function eventMetadata(req: Pick<RequestContext, 'auth' | 'correlationId' | 'requestId'>, companyId: string | null, clock: Clock = systemClock): EventMetadata {
  return {
    companyId,
    actor: actorOf(req),
    correlationId: req.correlationId,
    causationId: req.requestId,
    occurredAt: clock.now().toISOString(),
  };
}
