/** The Google simulator's whole state: plain JSON, kept in memory and snapshotted to disk. */

export type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
export type JsonObject = { [key: string]: Json };

export interface GUser {
  sub: string;
  name: string;
  givenName: string;
  familyName: string;
  email: string;
  /** Background colour of the generated avatar. */
  color: string;
}

export type AccountType = 'PERSONAL' | 'LOCATION_GROUP' | 'USER_GROUP' | 'ORGANIZATION';
export type AccountRole = 'PRIMARY_OWNER' | 'OWNER' | 'MANAGER' | 'SITE_MANAGER';

export interface GAccount {
  id: string;
  accountName: string;
  type: AccountType;
  verificationState: 'VERIFIED' | 'UNVERIFIED';
  vettedState: 'NOT_VETTED' | 'VETTED';
  accountNumber?: string;
  members: { sub: string; role: AccountRole }[];
  /** Location ids in creation order. */
  locationIds: string[];
  /** Generator profile of the seeded brand, reused for lazily generated reviews/posts/media. */
  brandKey?: string;
}

export interface GLocation {
  id: string;
  accountId: string;
  /** The Location resource as Google returns it, without `name` and `metadata` (derived on output). */
  resource: JsonObject;
  attributes: JsonObject[];
  placeId: string;
  createTime: string;
  updateTime: string;
  brandKey?: string;
  /** Google's own values of some top-level fields, shown instead of the merchant's until a PATCH settles them. */
  googleUpdated?: JsonObject;
  /** What Google asks before the location's edits go live (Verifications API); absent: good standing. */
  voiceOfMerchant?: {
    action: 'waitForVoiceOfMerchant' | 'verify' | 'resolveOwnershipConflict' | 'complyWithGuidelines';
    hasPendingVerification?: boolean;
    recommendationReason?: string;
  };
}

export interface GReview {
  reviewId: string;
  reviewer: { displayName: string; profilePhotoPath?: string; isAnonymous: boolean };
  starRating: 'ONE' | 'TWO' | 'THREE' | 'FOUR' | 'FIVE';
  comment?: string;
  createTime: string;
  updateTime: string;
  reviewReply?: { comment: string; updateTime: string; state?: string; policyViolation?: string };
  /** When Google will remove the review (sandbox-internal, never sent). */
  removeAt?: string;
  /** When the reviewer will edit the review (stars and text; sandbox-internal, never sent). */
  editAt?: string;
}

export interface GPost {
  id: string;
  resource: JsonObject;
  /** A post held for review (PROCESSING) goes LIVE at this store time unless decided before (sandbox-internal, never sent). */
  reviewDueAt?: number;
}

export interface GMedia {
  id: string;
  resource: JsonObject;
  /** Where the bytes come from: a generated picture or an uploaded blob file. */
  source: { kind: 'generated'; key: string; width: number; height: number } | { kind: 'blob'; file: string; contentType: string };
}

export interface GAuthCode {
  sub: string;
  clientId: string;
  redirectUri: string;
  scope: string;
  offline: boolean;
  forceConsent: boolean;
  nonce?: string;
  codeChallenge?: string;
  codeChallengeMethod?: string;
  expiresAt: number;
}

export interface GAccessToken {
  sub: string;
  clientId: string;
  scope: string;
  expiresAt: number;
}

export interface GRefreshToken {
  sub: string;
  clientId: string;
  scope: string;
  createdAt: number;
}

export interface GState {
  version: 1;
  seed: number;
  /** When the data was generated; review and post dates are relative to it. */
  anchor: string;
  users: GUser[];
  accounts: Record<string, GAccount>;
  locations: Record<string, GLocation>;
  /** Materialised lazily from the seed on first read, then edited in place. */
  reviews: Record<string, GReview[]>;
  /** Per location: the data-clock time (ms) up to which review arrivals and removals were replayed. */
  reviewsAdvancedTo?: Record<string, number>;
  /** Per location: reviews Google removed (by schedule or through the admin API), newest last. */
  removedReviews?: Record<string, { removeTime: string; review: GReview }[]>;
  /** How far the data clock (review arrivals, metrics' today) runs ahead of the wall clock. */
  clockOffsetMs?: number;
  posts: Record<string, GPost[]>;
  media: Record<string, GMedia[]>;
  createRequests: Record<string, string>;
  /** Edits Google accepted per location (create, patch, delete, attributes): tests count them. */
  editCounts?: Record<string, number>;
  oauth: {
    codes: Record<string, GAuthCode>;
    accessTokens: Record<string, GAccessToken>;
    refreshTokens: Record<string, GRefreshToken>;
    /** `sub|clientId` pairs that have consented once (Google sends a refresh token only then, unless prompt=consent). */
    consents: Record<string, true>;
  };
}
