import { locationStream, type EventMetadata, type HoursPeriod, type LocationEvent, type LocationProfile } from '@locus/contracts';
import type { CommandDeps } from '@locus/platform';
import { handleCommand, type HandleCommandResult } from '../kit';
import { locationDecider } from './location-decider';
import type { LocationData, LocationState } from './location-state';
import { loadCompanyLocation } from './routes';
import { releaseStoreCode, reserveStoreCode } from './store-codes';

export interface LocationRestore {
  profile: Partial<LocationProfile>;
  hours?: HoursPeriod[];
  restoredFrom: { position: number; at: string };
}

/**
 * Restores chosen fields of a location through the normal command path: the
 * location decider appends LocationUpdated / LocationHoursUpdated carrying `restoredFrom`, and
 * the usual reactor pushes a published location's change to Google. A restored store code is
 * reserved (and the replaced one released) as an edit's is.
 */
export async function restoreLocation(
  deps: CommandDeps,
  companyId: string,
  locationId: string,
  restore: LocationRestore,
  metadata: EventMetadata,
): Promise<HandleCommandResult<LocationState, LocationEvent>> {
  const { state: current } = await loadCompanyLocation(deps, companyId, locationId);
  const newCode = restore.profile.StoreCode;
  const codeChanges = newCode !== undefined && newCode.trim().toLowerCase() !== current.profile.StoreCode.trim().toLowerCase();
  if (codeChanges && newCode) await reserveStoreCode(deps, companyId, newCode, locationId, metadata);
  const result = await handleCommand({
    eventStore: deps.eventStore,
    streamName: locationStream(locationId),
    decider: locationDecider,
    command: { type: 'RestoreLocation', data: restore },
    metadata,
    newId: () => deps.ids.uuid(),
  });
  const oldCode = (result.before as LocationData).profile.StoreCode;
  if (codeChanges && oldCode) await releaseStoreCode(deps, companyId, oldCode, locationId, metadata);
  return result;
}
