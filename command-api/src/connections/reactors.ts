import {
  CONNECT_ACCOUNTS_PROGRESS_NOTIFICATION,
  categoriesStream,
  connectionProcessStream,
  locationStream,
  subjects,
  type ConnectAccountsProgress,
  type ConnectedAccountEvent,
  type ConnectionProcessEvent,
  type CurrentImportLocation,
  type GoogleCategoriesFetchedSchema,
  type LocationEvent,
  type LocationsImportRequestedSchema,
  type NotificationMessage,
} from '@locus/contracts';
import type { CommandDeps, ReactorContext, ReactorDefinition, RecordedEvent } from '@locus/platform';
import type { z } from 'zod';
import type { GoogleBusinessClient } from '../google/client';
import { GoogleApiError } from '../google/errors';
import type { GoogleLocation } from '../google/types';
import {
  googleExtras,
  attributesFromGoogle,
  hoursFromGoogle,
  profileFromGoogle,
  snapshotFromGoogle,
  evolveLocation,
  initialLocationState,
  type LocationState,
  reserveStoreCode,
  recordGoogleChanges,
} from '../locations/public';
import { createGoogleAccess, type GoogleAccess } from './google-access';
import { importedLocationIdOf } from './ids';
import { loadStream } from '../kit';
import type { ConnectedAccountState } from './connection-state';

const MAX_ATTEMPTS = 5;
/** Categories are fetched again when the cached list is older than this. */
const CATEGORIES_MAX_AGE_MS = 24 * 60 * 60 * 1000;

type ImportRequested = z.infer<typeof LocationsImportRequestedSchema>;

export function connectionsReactors(deps: CommandDeps, options: { google?: GoogleAccess } = {}): ReactorDefinition[] {
  const google = options.google ?? createGoogleAccess(deps);
  const now = () => deps.clock.now();

  const notify = (companyId: string, payload: ConnectAccountsProgress) => {
    const message: NotificationMessage<ConnectAccountsProgress> = { kind: 'notification', name: CONNECT_ACCOUNTS_PROGRESS_NOTIFICATION, payload };
    try {
      deps.bus.publish(subjects.companyNotification(companyId, CONNECT_ACCOUNTS_PROGRESS_NOTIFICATION), message);
    } catch {
      // Live progress is best effort; the process document holds the same figures.
    }
  };

  async function importOne(
    ctx: ReactorContext,
    source: RecordedEvent,
    req: ImportRequested,
    account: Exclude<ConnectedAccountState, { status: 'none' }>,
    client: GoogleBusinessClient,
    loc: GoogleLocation,
  ): Promise<CurrentImportLocation> {
    const googleName = loc.name!;
    const locationId = importedLocationIdOf(req.companyId, googleName);
    const existing = await loadStream<LocationState, LocationEvent>(deps.eventStore, locationStream(locationId), {
      evolve: evolveLocation,
      initialState: initialLocationState,
    });
    const base = existing.state.status === 'none' ? undefined : existing.state.profile;
    const attributes = attributesFromGoogle(await client.getAttributes(googleName));
    const extras = await googleExtras(client, account.accountName, googleName);
    const profile = profileFromGoogle(loc, base);
    const imported: Extract<LocationEvent, { type: 'LocationImported' }>['data'] = {
      locationId,
      companyId: req.companyId,
      connectionId: account.connectionId,
      accountName: account.accountName,
      accountDisplayName: account.accountDisplayName,
      processId: req.processId,
      profile,
      hours: hoursFromGoogle(loc),
      attributes: attributes.attributes,
      urls: attributes.urls,
      google: snapshotFromGoogle(loc, extras),
      syncedAt: now().toISOString(),
    };
    await ctx.append(locationStream(locationId), [{ type: 'LocationImported', data: imported }], { key: `import:${googleName}`, companyId: req.companyId });
    const after = evolveLocation(existing.state, { type: 'LocationImported', data: imported });
    if (after.status === 'active') await recordGoogleChanges(ctx, client, after, loc, 'import', `google-changes:${googleName}`, req.companyId);
    if (profile.StoreCode) {
      // Best effort: Google may hold one code twice; the first location imported keeps it.
      await reserveStoreCode(deps, req.companyId, profile.StoreCode, locationId, {
        ...source.metadata,
        causationId: source.id,
        occurredAt: now().toISOString(),
      }).catch(() => undefined);
    }
    return {
      locationId,
      locationTitle: profile.Title,
      locationThumbnailUrl: extras.thumbnailUrl,
      locationAddressLine1: profile.StreetAddressLine1,
      locationAddressLine2: [profile.StreetAddressLine2, [profile.Town, profile.State].filter(Boolean).join(', '), profile.PostCode].filter(Boolean).join(' '),
    };
  }

  const importLocations: ReactorDefinition<Extract<ConnectionProcessEvent, { type: 'LocationsImportRequested' }>> = {
    name: 'connections.import-locations',
    handles: ['LocationsImportRequested'],
    maxAttempts: MAX_ATTEMPTS,
    async handle(event, ctx) {
      const req = event.data;
      const processStream = connectionProcessStream(req.processId);
      let processed = 0;
      const progress = async (total: number, connectionId: string | null, current: CurrentImportLocation | null) => {
        const progressPercentage = total === 0 ? 100 : Math.floor((processed * 100) / total);
        await ctx.append(
          processStream,
          [
            {
              type: 'LocationsImportProgressed',
              data: { processId: req.processId, companyId: req.companyId, connectionId, processed, total, progressPercentage, currentLocation: current },
            },
          ],
          { key: `progress:${processed}`, companyId: req.companyId },
        );
        notify(req.companyId, {
          processId: req.processId,
          progressPercentage,
          currentLocation: current
            ? {
                locationTitle: current.locationTitle,
                locationThumbnailUrl: current.locationThumbnailUrl,
                locationAddressLine1: current.locationAddressLine1,
                locationAddressLine2: current.locationAddressLine2,
              }
            : null,
        });
      };
      try {
        const work: { account: Exclude<ConnectedAccountState, { status: 'none' }>; client: GoogleBusinessClient; locations: GoogleLocation[] }[] = [];
        for (const connectionId of req.connectionIds) {
          let connection: Awaited<ReturnType<GoogleAccess['connection']>>;
          try {
            connection = await google.connection(connectionId);
          } catch {
            continue; // disconnected again meanwhile
          }
          const locations: GoogleLocation[] = [];
          for await (const loc of connection.client.allLocations(connection.account.accountName)) locations.push(loc);
          work.push({ account: connection.account, client: connection.client, locations });
        }
        const total = work.reduce((n, w) => n + w.locations.length, 0);
        await progress(total, null, null);
        for (const w of work) {
          for (const loc of w.locations) {
            const current = await importOne(ctx, event, req, w.account, w.client, loc);
            processed++;
            await progress(total, w.account.connectionId, current);
          }
        }
      } catch (err) {
        if (err instanceof GoogleApiError && err.retryable && ctx.attempt < MAX_ATTEMPTS) throw err;
        if (!(err instanceof GoogleApiError) && ctx.attempt < MAX_ATTEMPTS) throw err;
        const message = err instanceof Error ? err.message : String(err);
        await ctx.append(
          processStream,
          [{ type: 'LocationsImportFailed', data: { processId: req.processId, companyId: req.companyId, connectionId: null, message } }],
          {
            key: 'failed',
            companyId: req.companyId,
          },
        );
        notify(req.companyId, { processId: req.processId, progressPercentage: 0, currentLocation: null, errorMessage: message });
      }
    },
  };

  const fetchCategories: ReactorDefinition<Extract<ConnectedAccountEvent, { type: 'GoogleAccountConnected' }>> = {
    name: 'connections.fetch-categories',
    handles: ['GoogleAccountConnected'],
    maxAttempts: MAX_ATTEMPTS,
    async handle(event, ctx) {
      const { connectionId } = event.data;
      const stream = categoriesStream('US');
      const cached = await loadStream(deps.eventStore, stream, { evolve: (s: null) => s, initialState: () => null });
      const last = cached.events.at(-1);
      if (last && now().getTime() - last.created.getTime() < CATEGORIES_MAX_AGE_MS) return;
      let client: GoogleBusinessClient;
      try {
        client = (await google.connection(connectionId)).client;
      } catch {
        return;
      }
      const categories: { name: string; displayName: string }[] = [];
      try {
        for await (const c of client.allCategories({ regionCode: 'US', languageCode: 'en' }))
          categories.push({ name: c.name, displayName: c.displayName ?? c.name });
      } catch (err) {
        if (err instanceof GoogleApiError && !err.retryable) return; // a connected account that may not read categories: the next one will
        throw err;
      }
      const data: z.infer<typeof GoogleCategoriesFetchedSchema> = { regionCode: 'US', languageCode: 'en', categories };
      await ctx.append(stream, [{ type: 'GoogleCategoriesFetched', data }], { key: 'categories', companyId: null });
    },
  };

  return [importLocations, fetchCategories];
}
