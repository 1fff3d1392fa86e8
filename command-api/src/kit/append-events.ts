import type { EventMetadata } from '@locus/contracts';
import type { ExpectedRevision } from '@locus/platform';
import type { DomainEvent } from './decider';
import type { StreamDeps } from './handle-command';

/**
 * Appends events that need no decision (a request logged on a stream nothing is decided from)
 * without reading the stream: the kit's ids and the given metadata. `expectedRevision`
 * 'no_stream' makes the first writer win (a WrongExpectedVersionError for the others).
 */
export async function appendEvents<Event extends DomainEvent>(
  deps: StreamDeps,
  streamName: string,
  events: readonly Event[],
  metadata: EventMetadata,
  options: { expectedRevision?: ExpectedRevision } = {},
): Promise<number> {
  const result = await deps.eventStore.append(
    streamName,
    events.map((e) => ({ id: deps.ids.uuid(), type: e.type, data: e.data, metadata })),
    { expectedRevision: options.expectedRevision ?? 'any' },
  );
  return result.position;
}
