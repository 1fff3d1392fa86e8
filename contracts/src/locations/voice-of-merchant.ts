import { z } from 'zod';

/** Google's voice-of-merchant state as Locus records it; apart from health.ts so the events can use it without a cycle. */
/**
 * What Google asks of the location before its edits go live (`gain_voice_of_merchant_action`
 * of VoiceOfMerchantState): none, wait for review, verify, resolve an ownership conflict,
 * comply with the guidelines.
 */
export const VOICE_OF_MERCHANT_ACTIONS = ['none', 'waitForVoiceOfMerchant', 'verify', 'resolveOwnershipConflict', 'complyWithGuidelines'] as const;
export type VoiceOfMerchantAction = (typeof VOICE_OF_MERCHANT_ACTIONS)[number];

export const VoiceOfMerchantSchema = z.object({
  hasVoiceOfMerchant: z.boolean(),
  hasBusinessAuthority: z.boolean(),
  action: z.enum(VOICE_OF_MERCHANT_ACTIONS),
  /** `verify.hasPendingVerification`: a verification was started and can be completed. */
  hasPendingVerification: z.boolean(),
  /** `complyWithGuidelines.recommendationReason` (e.g. BUSINESS_LOCATION_SUSPENDED); empty otherwise. */
  recommendationReason: z.string(),
});
export type VoiceOfMerchant = z.infer<typeof VoiceOfMerchantSchema>;
