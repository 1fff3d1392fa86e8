import type { CommandDeps } from '@locus/platform';
import type { GoogleAccess } from '../connections/public';
import { v4LocationName, type GoogleBusinessClient } from '../google/client';
import { loadCompanyLocation } from '../locations/public';

export interface GoogleLocationTarget {
  client: GoogleBusinessClient;
  /** `accounts/{a}/locations/{l}`: the v4 name posts and media live under. */
  v4: string;
  googleName: string;
}

/** The company's published location and a client for its account; null when it is gone or not on Google. */
export async function googleLocationOf(
  deps: Pick<CommandDeps, 'eventStore'>,
  google: GoogleAccess,
  companyId: string,
  locationId: string,
): Promise<GoogleLocationTarget | null> {
  let state;
  try {
    ({ state } = await loadCompanyLocation(deps, companyId, locationId));
  } catch {
    return null;
  }
  if (!state.googleName) return null;
  const { client, account } = await google.connection(state.connectionId);
  return { client, v4: v4LocationName(account.accountName, state.googleName), googleName: state.googleName };
}
