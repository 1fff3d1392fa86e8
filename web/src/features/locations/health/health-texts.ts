import { COMPLETENESS_FIELDS, VERIFICATION_ADVICE, VERIFICATION_LABELS, type CompletenessField, type VerificationState } from '@locus/contracts';

export const healthTexts = {
  column: 'Health',
  completeness: (score: number) => `${score}% complete`,
  missing: (labels: string[]) => `Missing: ${labels.join(', ')}`,
  complete: 'Nothing missing',
  completenessFilter: 'Filter by completeness',
  anyCompleteness: 'Any completeness',
  below: (n: number) => `Below ${n}% complete`,
  verificationFilter: 'Filter by verification',
  anyVerification: 'Any verification',
  needsAction: 'Needs action',
  tileTitle: 'Listing health',
  averageCompleteness: 'average completeness',
  needingAction: (n: number) => (n === 1 ? '1 location needs action on Google' : `${n} locations need action on Google`),
  incomplete: (n: number) => (n === 1 ? '1 location is incomplete' : `${n} locations are incomplete`),
  allGood: 'Every listing is complete and verified.',
  noLocations: 'No locations yet: import them from a connected Google account to see their health.',
  fixNeedsAction: 'Needs action',
  fixIncomplete: 'Least complete',
  viewAllNeedsAction: 'See all needing action',
  viewAllIncomplete: 'See all incomplete',
  loadFailed: 'Listing health could not be loaded.',
  verification: VERIFICATION_LABELS,
  advice: VERIFICATION_ADVICE,
};

export const fieldLabel = (key: CompletenessField): string => COMPLETENESS_FIELDS.find((f) => f.key === key)?.label ?? key;

/** Completeness thresholds offered by the directory's filter. */
export const COMPLETENESS_THRESHOLDS = [100, 80, 60, 40] as const;

export const VERIFICATION_INTENT: Record<VerificationState, 'success' | 'warning' | 'danger' | 'none' | 'primary'> = {
  Verified: 'success',
  PendingReview: 'primary',
  NeedsVerification: 'warning',
  OwnershipConflict: 'danger',
  GuidelinesIssue: 'danger',
  Unknown: 'none',
};
