import { inFormTerms, locationStream, type LocationEvent } from '@locus/contracts';
import type { CommandDeps, ReactorContext, ReactorDefinition } from '@locus/platform';
import { createGoogleAccess, type GoogleAccess } from '../connections/public';
import { foldEvents, loadStream, toDomainEventDefault } from '../kit';
import { GoogleApiError } from '../google/errors';
import { googleExtras } from './google-extras';
import {
  attributesFromGoogle,
  googleAttributeChanges,
  googleEditMask,
  hoursFromGoogle,
  profileFromGoogle,
  snapshotFromGoogle,
  toGoogleLocation,
} from './google-mapping';
import { evolveLocation, initialLocationState, type LocationData, type LocationState } from './location-state';
import { recordGoogleChanges } from './record-google-changes';
import { releaseStoreCode } from './store-codes';
import { voiceOfMerchantReactors } from './voice-of-merchant';

export const MAX_ATTEMPTS = 5;

type Only<T extends LocationEvent['type']> = Extract<LocationEvent, { type: T }>;
type Data<T extends LocationEvent['type']> = Only<T>['data'];

/** The location as of a revision (inclusive), or its latest state. */
async function locationAt(deps: Pick<CommandDeps, 'eventStore'>, locationId: string, revision?: bigint): Promise<LocationState> {
  const fold = { evolve: evolveLocation, initialState: initialLocationState };
  const loaded = await loadStream<LocationState, LocationEvent>(deps.eventStore, locationStream(locationId), fold);
  if (revision === undefined) return loaded.state;
  return foldEvents(
    fold,
    loaded.events.filter((e) => e.revision <= revision).map((e) => toDomainEventDefault<LocationEvent>(e)),
  );
}

/**
 * A Google failure becomes an outcome event, except a transient one (429, 5xx, network) while
 * attempts remain: that is rethrown so the runtime retries with backoff. Post templates record
 * their Google failures the same way (with their own code for an unknown failure).
 */
export async function recordFailure(
  err: unknown,
  ctx: ReactorContext,
  record: (code: string, message: string) => Promise<void>,
  unknownCode = 'LOCATION.GOOGLE_ERROR',
): Promise<void> {
  if (err instanceof GoogleApiError) {
    if (err.retryable && ctx.attempt < MAX_ATTEMPTS) throw err;
    // Google names its fields by its own paths; the user knows them by the form's names.
    await record(err.code, inFormTerms(err.message));
    return;
  }
  const code = (err as { code?: unknown }).code;
  if (typeof code === 'string' && code.startsWith('CONNECTIONS.')) {
    await record(code, (err as Error).message);
    return;
  }
  if (ctx.attempt < MAX_ATTEMPTS) throw err;
  await record(unknownCode, err instanceof Error ? err.message : String(err));
}

const active = (s: LocationState): s is LocationData => s.status === 'active';

export function locationsReactors(deps: CommandDeps, options: { google?: GoogleAccess } = {}): ReactorDefinition[] {
  const google = options.google ?? createGoogleAccess(deps);
  const now = () => deps.clock.now().toISOString();

  const publish: ReactorDefinition<Only<'LocationPublishRequested'>> = {
    name: 'locations.publish-to-google',
    handles: ['LocationPublishRequested'],
    maxAttempts: MAX_ATTEMPTS,
    async handle(event, ctx) {
      const { locationId, requestId } = event.data;
      const state = await locationAt(deps, locationId);
      if (!active(state) || state.googleName || state.pendingPublish !== requestId) return;
      const stream = locationStream(locationId);
      try {
        const { client, account } = await google.connection(state.connectionId);
        const created = await client.createLocation(account.accountName, toGoogleLocation(state.profile, state.hours), { requestId });
        const googleName = created.name!;
        const changes = googleAttributeChanges({ attributes: {}, urls: {} }, { attributes: state.attributes, urls: state.urls });
        const published: Data<'LocationPublished'> = {
          locationId,
          requestId,
          google: snapshotFromGoogle(created, { thumbnailUrl: null, totalRating: null, totalRatingsCount: 0 }),
          publishedAt: now(),
        };
        await ctx.append(stream, [{ type: 'LocationPublished', data: published }], { key: 'published' });
        if (changes.mask.length) {
          try {
            await client.updateAttributes(googleName, changes.attributes, changes.mask);
            await ctx.append(
              stream,
              [
                {
                  type: 'LocationGoogleUpdateSucceeded',
                  data: { locationId, sourceEventId: event.id, sourceType: event.type, updateMask: changes.mask.join(',') },
                },
              ],
              { key: 'attributes' },
            );
          } catch (err) {
            await recordFailure(err, ctx, (code, message) =>
              ctx.append(
                stream,
                [{ type: 'LocationGoogleUpdateFailed', data: { locationId, sourceEventId: event.id, sourceType: event.type, code, message } }],
                { key: 'attributes' },
              ),
            );
          }
        }
      } catch (err) {
        await recordFailure(err, ctx, (code, message) =>
          ctx.append(stream, [{ type: 'LocationPublishFailed', data: { locationId, requestId, code, message } }], { key: 'failed' }),
        );
      }
    },
  };

  const sync: ReactorDefinition<Only<'LocationSyncRequested'>> = {
    name: 'locations.sync-from-google',
    handles: ['LocationSyncRequested'],
    maxAttempts: MAX_ATTEMPTS,
    async handle(event, ctx) {
      const { locationId, requestId } = event.data;
      const state = await locationAt(deps, locationId);
      if (!active(state) || !state.googleName || state.pendingSync !== requestId) return;
      const stream = locationStream(locationId);
      try {
        const { client, account } = await google.connection(state.connectionId);
        const loc = await client.getLocation(state.googleName);
        const attrs = attributesFromGoogle(await client.getAttributes(state.googleName));
        const extras = await googleExtras(client, account.accountName, state.googleName);
        const synced: Data<'LocationSynced'> = {
          locationId,
          requestId,
          profile: profileFromGoogle(loc, state.profile),
          hours: hoursFromGoogle(loc),
          attributes: attrs.attributes,
          urls: attrs.urls,
          google: snapshotFromGoogle(loc, extras),
          syncedAt: now(),
        };
        await ctx.append(stream, [{ type: 'LocationSynced', data: synced }], { key: 'synced' });
        const after = evolveLocation(state, { type: 'LocationSynced', data: synced });
        if (active(after)) await recordGoogleChanges(ctx, client, after, loc, 'sync', 'google-changes');
      } catch (err) {
        await recordFailure(err, ctx, (code, message) =>
          ctx.append(stream, [{ type: 'LocationSyncFailed', data: { locationId, requestId, code, message } }], { key: 'failed' }),
        );
      }
    },
  };

  const deleteOnGoogle: ReactorDefinition<Only<'LocationDeleteRequested'>> = {
    name: 'locations.delete-on-google',
    handles: ['LocationDeleteRequested'],
    maxAttempts: MAX_ATTEMPTS,
    async handle(event, ctx) {
      const { locationId, requestId } = event.data;
      const state = await locationAt(deps, locationId);
      if (!active(state) || !state.googleName || state.pendingDelete !== requestId) return;
      const stream = locationStream(locationId);
      const deleted = () =>
        ctx.append(
          stream,
          [
            {
              type: 'LocationDeleted',
              data: { locationId, companyId: state.companyId, deletedFromGoogle: true, storeCode: state.profile.StoreCode, requestId },
            },
          ],
          { key: 'deleted' },
        );
      try {
        const { client } = await google.connection(state.connectionId);
        await client.deleteLocation(state.googleName);
        await deleted();
      } catch (err) {
        // Already gone on Google: the goal is reached.
        if (err instanceof GoogleApiError && err.code === 'GOOGLE.NOT_FOUND') return deleted();
        await recordFailure(err, ctx, (code, message) =>
          ctx.append(stream, [{ type: 'LocationDeleteFailed', data: { locationId, requestId, code, message } }], { key: 'failed' }),
        );
      }
    },
  };

  /** Edits of a published location go to Google (the client's per-location queue keeps them under 10 a minute). */
  const pushEdits: ReactorDefinition<Only<'LocationUpdated' | 'LocationHoursUpdated' | 'LocationAttributesUpdated'>> = {
    name: 'locations.push-edits-to-google',
    handles: ['LocationUpdated', 'LocationHoursUpdated', 'LocationAttributesUpdated'],
    maxAttempts: MAX_ATTEMPTS,
    async handle(event, ctx) {
      const { locationId } = event.data;
      // A bulk edit's changes are pushed by its own job reactor (command-api/src/bulk-edit), fairly across locations.
      if (event.type !== 'LocationAttributesUpdated' && event.data.bulkJobId) return;
      const after = await locationAt(deps, locationId, event.revision);
      const latest = await locationAt(deps, locationId);
      if (!active(after) || !after.googleName || !active(latest)) return;
      const stream = locationStream(locationId);
      const succeeded = (updateMask: string) =>
        ctx.append(stream, [{ type: 'LocationGoogleUpdateSucceeded', data: { locationId, sourceEventId: event.id, sourceType: event.type, updateMask } }], {
          key: 'outcome',
        });
      try {
        const { client } = await google.connection(after.connectionId);
        if (event.type === 'LocationUpdated' || event.type === 'LocationHoursUpdated') {
          const mask = googleEditMask([event.type === 'LocationUpdated' ? { type: event.type, changed: event.data.changed } : { type: event.type }]);
          // Only fields Google does not hold changed (keywords, Localeze): nothing waits for Google.
          if (!mask.length) return await succeeded('');
          await client.updateLocation(after.googleName, toGoogleLocation(after.profile, after.hours), mask);
          await succeeded(mask.join(','));
        } else {
          const before = await locationAt(deps, locationId, event.revision - 1n);
          const changes = googleAttributeChanges(active(before) ? { attributes: before.attributes, urls: before.urls } : { attributes: {}, urls: {} }, {
            attributes: after.attributes,
            urls: after.urls,
          });
          if (!changes.mask.length) return await succeeded('');
          await client.updateAttributes(after.googleName, changes.attributes, changes.mask);
          await succeeded(changes.mask.join(','));
        }
      } catch (err) {
        await recordFailure(err, ctx, (code, message) =>
          ctx.append(stream, [{ type: 'LocationGoogleUpdateFailed', data: { locationId, sourceEventId: event.id, sourceType: event.type, code, message } }], {
            key: 'outcome',
          }),
        );
      }
    },
  };

  /** A deleted location frees its store code (the delete command frees it at once; this covers deletes on Google). */
  const releaseCodes: ReactorDefinition<Only<'LocationDeleted'>> = {
    name: 'locations.release-store-codes',
    handles: ['LocationDeleted'],
    async handle(event) {
      const d = event.data;
      await releaseStoreCode(deps, d.companyId, d.storeCode, d.locationId, {
        companyId: d.companyId,
        actor: { userId: 'system', role: 'System' },
        correlationId: event.metadata.correlationId,
        causationId: event.id,
        occurredAt: now(),
      });
    },
  };

  return [publish, sync, deleteOnGoogle, pushEdits, releaseCodes, ...voiceOfMerchantReactors(deps, google, (id) => locationAt(deps, id))];
}
