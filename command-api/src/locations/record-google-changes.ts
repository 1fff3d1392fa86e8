import { locationStream } from '@locus/contracts';
import type { ReactorContext } from '@locus/platform';
import type { GoogleBusinessClient } from '../google/client';
import type { GoogleLocation } from '../google/types';
import { googleChangesFrom } from './google-changes';
import { locationDecider } from './location-decider';
import type { LocationData } from './location-state';

type Source = 'import' | 'sync' | 'refresh' | 'notification';

/**
 * Reads Google's own changes of a location whose `metadata.hasGoogleUpdated` is set
 * (`getGoogleUpdated`) and records what differs from Locus; a location Google no longer flags
 * has its recorded changes cleared. Nothing is appended when Locus knows it already.
 */
export async function recordGoogleChanges(
  ctx: Pick<ReactorContext, 'append'>,
  client: GoogleBusinessClient,
  state: LocationData,
  shown: Pick<GoogleLocation, 'metadata'>,
  source: Source,
  key: string,
  companyId?: string,
): Promise<void> {
  if (!state.googleName) return;
  let changes = {};
  let diffMask = '';
  if (shown.metadata?.hasGoogleUpdated) {
    const updated = await client.getGoogleUpdated(state.googleName);
    diffMask = updated.diffMask ?? '';
    changes = googleChangesFrom(updated.location, diffMask, state.profile, state.hours);
  }
  const decided = locationDecider.decide({ type: 'RecordGoogleChanges', data: { changes, diffMask, source } }, state);
  const events = Array.isArray(decided) ? decided : [decided];
  if (events.length) await ctx.append(locationStream(state.locationId), events, { key, ...(companyId ? { companyId } : {}) });
}
