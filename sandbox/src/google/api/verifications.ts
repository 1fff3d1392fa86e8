import { invalidArgument } from '../errors';
import type { GLocation, JsonObject } from '../state';
import { requireBodyObject } from './common';
import { PATHS, type GoogleApi, type RegisterRoutes } from './context';

/** The simulated `gain_voice_of_merchant_action` of a location (absent: in good standing). */
export type VoiceOfMerchantAction = 'none' | 'waitForVoiceOfMerchant' | 'verify' | 'resolveOwnershipConflict' | 'complyWithGuidelines';
const ACTIONS: readonly VoiceOfMerchantAction[] = ['none', 'waitForVoiceOfMerchant', 'verify', 'resolveOwnershipConflict', 'complyWithGuidelines'];

/** Google's VoiceOfMerchantState for a location: good standing unless the sandbox was told otherwise. */
export function voiceOfMerchantJson(loc: GLocation): JsonObject {
  const vom = loc.voiceOfMerchant;
  const action = vom?.action ?? 'none';
  const out: JsonObject = { hasVoiceOfMerchant: action === 'none', hasBusinessAuthority: action === 'none' || action === 'waitForVoiceOfMerchant' };
  if (action === 'verify') out.verify = { hasPendingVerification: vom?.hasPendingVerification ?? false };
  else if (action === 'waitForVoiceOfMerchant') out.waitForVoiceOfMerchant = {};
  else if (action === 'resolveOwnershipConflict') out.resolveOwnershipConflict = {};
  else if (action === 'complyWithGuidelines') out.complyWithGuidelines = { recommendationReason: vom?.recommendationReason ?? 'BUSINESS_LOCATION_SUSPENDED' };
  return out;
}

/** Verifications API (`mybusinessverifications.googleapis.com/v1`): the voice-of-merchant state, and a test hook to change it. */
export const registerVerificationRoutes: RegisterRoutes = (routes, api: GoogleApi) => {
  const { store } = api;
  routes.add('GET', `${PATHS.verifications}/locations/{locationId}/VoiceOfMerchantState`, (ctx, p) => {
    const { sub } = api.caller(ctx);
    ctx.body = voiceOfMerchantJson(store.locationFor(sub, p.locationId!));
  });

  // Test and demo hook: what Google asks of a location from now on (`action: none` puts it back in good standing).
  routes.add('POST', '/google/__sandbox/locations/{locationId}/voice-of-merchant', (ctx, p) => {
    const loc = store.state.locations[p.locationId!];
    if (!loc) throw invalidArgument(`No location ${p.locationId}`, [{ field: 'locationId', description: 'unknown location' }]);
    const body = requireBodyObject(ctx.request.body);
    const action = body.action as VoiceOfMerchantAction;
    if (!ACTIONS.includes(action)) throw invalidArgument(`action must be one of ${ACTIONS.join(', ')}`, [{ field: 'action', description: 'unknown action' }]);
    if (action === 'none') delete loc.voiceOfMerchant;
    else
      loc.voiceOfMerchant = {
        action,
        ...(typeof body.hasPendingVerification === 'boolean' ? { hasPendingVerification: body.hasPendingVerification } : {}),
        ...(typeof body.recommendationReason === 'string' ? { recommendationReason: body.recommendationReason } : {}),
      };
    store.changed();
    ctx.body = voiceOfMerchantJson(loc);
  });
};
