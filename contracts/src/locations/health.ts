import type { HoursPeriod } from './hours';
import type { LocationProfile } from './events';
import type { VoiceOfMerchant } from './voice-of-merchant';

export { VOICE_OF_MERCHANT_ACTIONS, VoiceOfMerchantSchema, type VoiceOfMerchant, type VoiceOfMerchantAction } from './voice-of-merchant';

// ---------- completeness ----------

/** The profile parts Google weighs when ranking a listing, in the order the directory lists what is missing. */
export const COMPLETENESS_FIELDS = [
  { key: 'description', label: 'Description' },
  { key: 'hours', label: 'Hours' },
  { key: 'primaryCategory', label: 'Primary category' },
  { key: 'additionalCategories', label: 'Additional categories' },
  { key: 'phone', label: 'Phone' },
  { key: 'website', label: 'Website' },
  { key: 'cover', label: 'Cover image' },
  { key: 'logo', label: 'Logo' },
  { key: 'photos', label: 'Photos' },
  { key: 'attributes', label: 'Attributes' },
] as const;
export type CompletenessField = (typeof COMPLETENESS_FIELDS)[number]['key'];

/** The pictures Google shows for a location, as its media list says (import, sync, the media section). */
export interface GoogleMediaSummary {
  logo: boolean;
  cover: boolean;
  /** Photos other than the logo and the cover. */
  photos: number;
}

/** The summary of a media list (Google's categories: LOGO and PROFILE are the logo, COVER the cover). */
export function mediaSummaryOf(items: readonly { category: string | null | undefined; mediaFormat: string | null | undefined }[]): GoogleMediaSummary {
  let logo = false;
  let cover = false;
  let photos = 0;
  for (const item of items) {
    if (item.category === 'LOGO' || item.category === 'PROFILE') logo = true;
    else if (item.category === 'COVER') cover = true;
    else if ((item.mediaFormat ?? 'PHOTO') === 'PHOTO') photos++;
  }
  return { logo, cover, photos };
}

export interface CompletenessInput {
  profile: Pick<
    LocationProfile,
    'ProfileDescription' | 'PrimaryCategory' | 'AdditionalCategories' | 'PrimaryPhoneNumber' | 'Website' | 'LocationProfileMedia' | 'LocationCoverMedia'
  >;
  hours: readonly HoursPeriod[];
  attributes: Readonly<Record<string, boolean>>;
  urls: Readonly<Record<string, string>>;
  media: GoogleMediaSummary | null;
}

export interface Completeness {
  /** 0-100: the share of the weighed fields that are filled, rounded. */
  score: number;
  /** The keys of the fields still empty, in COMPLETENESS_FIELDS order. */
  missing: CompletenessField[];
}

const filled = (s: string | null | undefined) => typeof s === 'string' && s.trim() !== '';

/** How complete a listing is over the fields Google weighs, and what is missing. Pure. */
export function completenessOf(input: CompletenessInput): Completeness {
  const p = input.profile;
  const has: Record<CompletenessField, boolean> = {
    description: filled(p.ProfileDescription),
    hours: input.hours.length > 0,
    primaryCategory: p.PrimaryCategory !== null && filled(p.PrimaryCategory.Name),
    additionalCategories: p.AdditionalCategories.length > 0,
    phone: filled(p.PrimaryPhoneNumber),
    website: filled(p.Website),
    cover: filled(p.LocationCoverMedia) || input.media?.cover === true,
    logo: filled(p.LocationProfileMedia) || input.media?.logo === true,
    photos: (input.media?.photos ?? 0) > 0,
    // an attribute set either way (yes or no) or a place-page link counts: Google shows both
    attributes: Object.keys(input.attributes).length > 0 || Object.values(input.urls).some(filled),
  };
  const missing = COMPLETENESS_FIELDS.map((f) => f.key).filter((k) => !has[k]);
  return { score: Math.round(((COMPLETENESS_FIELDS.length - missing.length) * 100) / COMPLETENESS_FIELDS.length), missing };
}

export const completenessLabel = (key: CompletenessField): string => COMPLETENESS_FIELDS.find((f) => f.key === key)?.label ?? key;

// ---------- voice of merchant (Google's Verifications API) ----------

/**
 * The directory's verification state of a location: Google's answer in one word, or Unknown
 * before it was read (a location not on Google yet, or never read).
 */
export const VERIFICATION_STATES = ['Verified', 'PendingReview', 'NeedsVerification', 'OwnershipConflict', 'GuidelinesIssue', 'Unknown'] as const;
export type VerificationState = (typeof VERIFICATION_STATES)[number];

/** The states that need someone to act (the dashboard's "needing action", the directory's filter of that name). */
export const VERIFICATION_NEEDS_ACTION: readonly VerificationState[] = ['NeedsVerification', 'OwnershipConflict', 'GuidelinesIssue'];

export const VERIFICATION_LABELS: Record<VerificationState, string> = {
  Verified: 'Verified',
  PendingReview: 'Pending review',
  NeedsVerification: 'Needs verification',
  OwnershipConflict: 'Ownership conflict',
  GuidelinesIssue: 'Guidelines issue',
  Unknown: 'Not checked',
};

/** What the user is told to do for each state that needs action. */
export const VERIFICATION_ADVICE: Partial<Record<VerificationState, string>> = {
  NeedsVerification: 'Verify the location with Google (postcard, phone, email or video) so its edits go live.',
  OwnershipConflict: 'Another profile owns this business on Google: request access from its owner or use the profile in good standing.',
  GuidelinesIssue: 'Google suspended or disabled the profile for its guidelines: correct the profile and request reinstatement.',
  PendingReview: 'Google is reviewing the profile; its edits go live once the review passes.',
};

/** The directory's word for Google's answer. */
export function verificationStateOf(vom: VoiceOfMerchant | null): VerificationState {
  if (!vom) return 'Unknown';
  switch (vom.action) {
    case 'verify':
      return 'NeedsVerification';
    case 'resolveOwnershipConflict':
      return 'OwnershipConflict';
    case 'complyWithGuidelines':
      return 'GuidelinesIssue';
    case 'waitForVoiceOfMerchant':
      return 'PendingReview';
    case 'none':
      return vom.hasVoiceOfMerchant ? 'Verified' : 'NeedsVerification';
    default: {
      const never: never = vom.action;
      return never;
    }
  }
}

export const sameVoiceOfMerchant = (a: VoiceOfMerchant | null, b: VoiceOfMerchant): boolean =>
  a !== null &&
  a.hasVoiceOfMerchant === b.hasVoiceOfMerchant &&
  a.hasBusinessAuthority === b.hasBusinessAuthority &&
  a.action === b.action &&
  a.hasPendingVerification === b.hasPendingVerification &&
  a.recommendationReason === b.recommendationReason;
