import { createHash } from 'node:crypto';
import { locationErrors, type EventMetadata, type StoreCodeEvent } from '@locus/contracts';
import { fail, WrongExpectedVersionError, type EventStore, type IdSource } from '@locus/platform';
import { loadStream } from '../kit';

/**
 * Store codes are unique per company: `storecode-<sha256(companyId|lowercased code)>` streams
 * appended at the revision read (`no_stream` the first time), so two creations racing for one
 * code cannot both win.
 */
export const storeCodeStream = (companyId: string, storeCode: string) =>
  `storecode-${createHash('sha256').update(`${companyId}|${storeCode.trim().toLowerCase()}`).digest('hex')}`;

type Holder = { holder: string | null };
const evolveHolder = (_s: Holder, e: StoreCodeEvent): Holder => (e.type === 'StoreCodeReserved' ? { holder: e.data.locationId } : { holder: null });

export const storeCodeTaken = () => fail(locationErrors.storeCodeTaken);

export async function storeCodeHolder(eventStore: EventStore, companyId: string, storeCode: string): Promise<string | null> {
  return (await loadStream(eventStore, storeCodeStream(companyId, storeCode), { evolve: evolveHolder, initialState: () => ({ holder: null }) })).state.holder;
}

/** Reserves the code for the location (idempotent for its holder); 409 LOCATION.STORE_CODE_TAKEN otherwise. */
export async function reserveStoreCode(
  deps: { eventStore: EventStore; ids: IdSource },
  companyId: string,
  storeCode: string,
  locationId: string,
  metadata: EventMetadata,
  eventId?: string,
): Promise<void> {
  const stream = storeCodeStream(companyId, storeCode);
  const loaded = await loadStream(deps.eventStore, stream, { evolve: evolveHolder, initialState: () => ({ holder: null }) });
  if (loaded.state.holder === locationId) return;
  if (loaded.state.holder !== null) throw storeCodeTaken();
  try {
    await deps.eventStore.append(
      stream,
      [{ id: eventId ?? deps.ids.uuid(), type: 'StoreCodeReserved', data: { companyId, storeCode, locationId }, metadata }],
      { expectedRevision: loaded.revision },
    );
  } catch (err) {
    if (err instanceof WrongExpectedVersionError) throw storeCodeTaken();
    throw err;
  }
}

/** Frees the code if this location holds it. */
export async function releaseStoreCode(
  deps: { eventStore: EventStore; ids: IdSource },
  companyId: string,
  storeCode: string,
  locationId: string,
  metadata: EventMetadata,
  eventId?: string,
): Promise<void> {
  if (!storeCode.trim()) return;
  const stream = storeCodeStream(companyId, storeCode);
  const loaded = await loadStream(deps.eventStore, stream, { evolve: evolveHolder, initialState: () => ({ holder: null }) });
  if (loaded.state.holder !== locationId) return;
  try {
    await deps.eventStore.append(
      stream,
      [{ id: eventId ?? deps.ids.uuid(), type: 'StoreCodeReleased', data: { companyId, storeCode, locationId }, metadata }],
      { expectedRevision: loaded.revision },
    );
  } catch (err) {
    // Someone else changed the reservation meanwhile: it is no longer ours to release.
    if (!(err instanceof WrongExpectedVersionError)) throw err;
  }
}
