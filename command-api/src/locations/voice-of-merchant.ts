import {
  LOCATIONS_COLLECTION,
  locationStream,
  sameVoiceOfMerchant,
  type InsightsEvent,
  type LocationDoc,
  type LocationEvent,
  type VoiceOfMerchant,
} from '@locus/contracts';
import type { CommandDeps, ReactorContext, ReactorDefinition } from '@locus/platform';
import type { GoogleAccess } from '../connections/public';
import { GoogleApiError } from '../google/errors';
import type { GoogleVoiceOfMerchantState } from '../google/types';
import type { LocationState } from './location-state';

const MAX_ATTEMPTS = 5;

type Handled =
  Extract<LocationEvent, { type: 'LocationImported' | 'LocationPublished' | 'LocationSynced' }> | Extract<InsightsEvent, { type: 'InsightsDailyRefreshDue' }>;
type Trigger = 'import' | 'publish' | 'sync' | 'daily';

/** Google's answer in the shape Locus records (the one action Google names, else none). */
export function voiceOfMerchantFromGoogle(g: GoogleVoiceOfMerchantState): VoiceOfMerchant {
  const action = g.verify
    ? 'verify'
    : g.resolveOwnershipConflict
      ? 'resolveOwnershipConflict'
      : g.complyWithGuidelines
        ? 'complyWithGuidelines'
        : g.waitForVoiceOfMerchant
          ? 'waitForVoiceOfMerchant'
          : 'none';
  return {
    hasVoiceOfMerchant: g.hasVoiceOfMerchant === true,
    hasBusinessAuthority: g.hasBusinessAuthority === true,
    action,
    hasPendingVerification: g.verify?.hasPendingVerification === true,
    recommendationReason: g.complyWithGuidelines?.recommendationReason ?? '',
  };
}

/**
 * Google's voice-of-merchant state (Verifications API) of each published location: read on
 * import, publish, Sync and the daily refresh, and recorded as LocationVerificationStateChanged
 * when it differs from the state last recorded on the location's stream (an unchanged day
 * appends nothing). Outcome keys come from the source event, so a re-handled event appends once.
 */
export function voiceOfMerchantReactors(deps: CommandDeps, google: GoogleAccess, stateOf: (locationId: string) => Promise<LocationState>): ReactorDefinition[] {
  const locations = () => deps.readModels.collection<LocationDoc>(LOCATIONS_COLLECTION);

  /** Reads and records one location's state; a failure Google will answer the same way again is left to the next read. */
  async function check(locationId: string, trigger: Trigger, ctx: ReactorContext, key: string): Promise<void> {
    const state = await stateOf(locationId);
    if (state.status !== 'active' || !state.googleName) return;
    let answer: GoogleVoiceOfMerchantState;
    try {
      const { client } = await google.connection(state.connectionId);
      answer = await client.getVoiceOfMerchantState(state.googleName);
    } catch (err) {
      if (err instanceof GoogleApiError) {
        if (err.retryable && ctx.attempt < MAX_ATTEMPTS) throw err;
        deps.logger.warn({ err, locationId }, 'voice-of-merchant state not read');
        return;
      }
      const code = (err as { code?: unknown }).code;
      // a disconnected account: nothing to read until it is connected again
      if (typeof code === 'string' && code.startsWith('CONNECTIONS.')) return;
      throw err;
    }
    const voiceOfMerchant = voiceOfMerchantFromGoogle(answer);
    if (sameVoiceOfMerchant(state.voiceOfMerchant, voiceOfMerchant)) return;
    await ctx.append(
      locationStream(locationId),
      [
        {
          type: 'LocationVerificationStateChanged',
          data: { locationId, companyId: state.companyId, voiceOfMerchant, trigger, checkedAt: deps.clock.now().toISOString() },
        },
      ],
      { key, companyId: state.companyId },
    );
  }

  const read: ReactorDefinition<Handled> = {
    name: 'locations.voice-of-merchant',
    handles: ['LocationImported', 'LocationPublished', 'LocationSynced', 'InsightsDailyRefreshDue'],
    maxAttempts: MAX_ATTEMPTS,
    async handle(event, ctx) {
      switch (event.type) {
        case 'LocationImported':
          return check(event.data.locationId, 'import', ctx, 'vom');
        case 'LocationPublished':
          return check(event.data.locationId, 'publish', ctx, 'vom');
        case 'LocationSynced':
          return check(event.data.locationId, 'sync', ctx, 'vom');
        case 'InsightsDailyRefreshDue': {
          // the day's one refresh (daily-refresh.ts) reads every published location
          const published = await locations().find({ isPublished: true }, { projection: { _id: 1 } });
          for (const doc of published) await check(doc._id, 'daily', ctx, `vom:${doc._id}`);
          return;
        }
        default: {
          const never: never = event;
          return never;
        }
      }
    },
  };
  return [read];
}
