import { randomUUID } from 'node:crypto';
import { locationStream, type Actor } from '@locus/contracts';
import type { CommandDeps } from '@locus/platform';
import { runCommand } from '../../kit';
import { locationDecider, type LocationCommand } from '../../locations/location-decider';

/**
 * A title change by a given user, through the location decider and the command kit. The Edit
 * Location dialog keeps Title read-only (spec part 2), so tests of the history make the change
 * on the command path itself, as bulk edits do; the reactor pushes it to Google as usual.
 */
export async function retitleLocation(
  deps: Pick<CommandDeps, 'eventStore' | 'ids'>,
  companyId: string,
  locationId: string,
  title: string,
  actor: Actor,
): Promise<number> {
  const result = await runCommand(
    deps,
    locationStream(locationId),
    locationDecider,
    (state): LocationCommand => {
      if (state.status !== 'active') throw new Error(`location ${locationId} is not active`);
      return { type: 'UpdateLocation', data: { profile: { ...state.profile, Title: title } } };
    },
    { companyId, actor, correlationId: randomUUID(), causationId: null, occurredAt: new Date().toISOString() },
  );
  return result.position;
}
