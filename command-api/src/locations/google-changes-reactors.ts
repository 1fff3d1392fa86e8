import { LOCATIONS_COLLECTION, locationStream, type GoogleNoticeEvent, type InsightsEvent, type LocationDoc, type LocationEvent } from '@locus/contracts';
import type { CommandDeps, ReactorDefinition } from '@locus/platform';
import { createGoogleAccess, type GoogleAccess } from '../connections/public';
import { loadStream } from '../kit';
import { googleChangesMask } from './google-changes';
import { toGoogleLocation } from './google-mapping';
import { evolveLocation, initialLocationState, type LocationState } from './location-state';
import { MAX_ATTEMPTS, recordFailure } from './reactors';
import { recordGoogleChanges } from './record-google-changes';

type Only<T extends LocationEvent['type']> = Extract<LocationEvent, { type: T }>;
const loadLocation = async (deps: Pick<CommandDeps, 'eventStore'>, locationId: string): Promise<LocationState> =>
  (await loadStream<LocationState, LocationEvent>(deps.eventStore, locationStream(locationId), { evolve: evolveLocation, initialState: initialLocationState }))
    .state;

export function googleChangesReactors(deps: CommandDeps, options: { google?: GoogleAccess } = {}): ReactorDefinition[] {
  const google = options.google ?? createGoogleAccess(deps);
  /** The account's connection, or null when it is disconnected (a CONNECTIONS.* refusal); anything else is thrown for a retry. */
  const connectedOrNull = async (connectionId: string): Promise<Awaited<ReturnType<GoogleAccess['connection']>> | null> => {
    try {
      return await google.connection(connectionId);
    } catch (err) {
      const code = (err as { code?: unknown }).code;
      if (typeof code === 'string' && code.startsWith('CONNECTIONS.')) return null;
      throw err;
    }
  };

  /** A person's decision goes to Google with a mask of exactly the fields decided (Google's docs: accept or reject by patching). */
  const pushDecisions: ReactorDefinition<Only<'LocationGoogleChangesAccepted' | 'LocationLocusValuesKept'>> = {
    name: 'locations.push-google-change-decisions',
    handles: ['LocationGoogleChangesAccepted', 'LocationLocusValuesKept'],
    maxAttempts: MAX_ATTEMPTS,
    async handle(event, ctx) {
      const { locationId, fields } = event.data;
      const state = await loadLocation(deps, locationId);
      if (state.status !== 'active' || !state.googleName) return;
      const stream = locationStream(locationId);
      const mask = googleChangesMask(fields);
      const outcome = { locationId, sourceEventId: event.id, sourceType: event.type };
      try {
        const { client } = await google.connection(state.connectionId);
        // Locus's values now: for accepted fields they are Google's, for kept ones Locus's own.
        await client.updateLocation(state.googleName, toGoogleLocation(state.profile, state.hours), mask);
        await ctx.append(stream, [{ type: 'LocationGoogleUpdateSucceeded', data: { ...outcome, updateMask: mask.join(',') } }], { key: 'outcome' });
      } catch (err) {
        await recordFailure(err, ctx, (code, message) =>
          ctx.append(stream, [{ type: 'LocationGoogleUpdateFailed', data: { ...outcome, code, message } }], { key: 'outcome' }),
        );
      }
    },
  };

  /**
   * Once a day (the insights' daily tick): every connected account's locations are listed with
   * their metadata only (100 a call), and those Google flags, or that Locus still shows with
   * changes, are read with getGoogleUpdated.
   */
  const dailyCheck: ReactorDefinition<Extract<InsightsEvent, { type: 'InsightsDailyRefreshDue' }>> = {
    name: 'locations.google-changes-daily',
    handles: ['InsightsDailyRefreshDue'],
    maxAttempts: MAX_ATTEMPTS,
    async handle(event, ctx) {
      const published = await deps.readModels
        .collection<LocationDoc>(LOCATIONS_COLLECTION)
        .find({ isPublished: true }, { projection: { _id: 1, connectionId: 1, googleName: 1, googleChangedCount: 1 } });
      const byConnection = new Map<string, Pick<LocationDoc, '_id' | 'googleName' | 'googleChangedCount'>[]>();
      for (const doc of published) {
        if (!doc.googleName) continue;
        byConnection.set(doc.connectionId, [...(byConnection.get(doc.connectionId) ?? []), doc]);
      }
      for (const [connectionId, docs] of byConnection) {
        const connection = await connectedOrNull(connectionId);
        if (!connection) continue; // disconnected: nothing to check
        const flagged = new Set<string>();
        for await (const loc of connection.client.allLocations(connection.account.accountName, { readMask: 'name,metadata' }))
          if (loc.metadata?.hasGoogleUpdated && loc.name) flagged.add(loc.name);
        for (const doc of docs) {
          const isFlagged = flagged.has(doc.googleName!);
          if (!isFlagged && !doc.googleChangedCount) continue;
          const state = await loadLocation(deps, doc._id);
          if (state.status !== 'active') continue;
          await recordGoogleChanges(ctx, connection.client, state, { metadata: { hasGoogleUpdated: isFlagged } }, 'refresh', `${doc._id}:${event.data.day}`);
        }
      }
    },
  };

  /** Google pushed GOOGLE_UPDATE: that one location's flag is read and its changes recorded (a redelivered push records nothing new). */
  const notified: ReactorDefinition<GoogleNoticeEvent> = {
    name: 'locations.google-changes-notified',
    handles: ['LocationGoogleUpdateNotified'],
    maxAttempts: MAX_ATTEMPTS,
    async handle(event, ctx) {
      const state = await loadLocation(deps, event.data.locationId);
      if (state.status !== 'active' || !state.googleName) return;
      const connection = await connectedOrNull(state.connectionId);
      if (!connection) return; // disconnected since the push
      const shown = await connection.client.getLocation(state.googleName, 'name,metadata');
      await recordGoogleChanges(ctx, connection.client, state, shown, 'notification', `notified:${event.data.messageId}`);
    },
  };

  return [pushDecisions, dailyCheck, notified];
}
