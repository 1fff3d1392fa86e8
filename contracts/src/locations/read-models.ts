import type { HoursPeriod } from './hours';
import type { z } from 'zod';
import type { GoogleChanges, GoogleOpenStatusSchema, LocationProfile } from './events';
import type { CompletenessField, GoogleMediaSummary, VerificationState, VoiceOfMerchant } from './health';

type GoogleOpenStatus = z.infer<typeof GoogleOpenStatusSchema>;

/**
 * Read-model collections of the locations slice (projectors/src/locations).
 * - `locations`: one document per location (directory rows and details).
 * - `location-users`: one document per user-location link (_id `<locationId>:<userId>`).
 * - `location-link-sources`: the location-users projection's own copy of each location's
 *   company, account and the snapshot its links carry (no query reads it).
 */
export const LOCATIONS_COLLECTION = 'locations';
export const LOCATION_USERS_COLLECTION = 'location-users';
export const LOCATION_LINK_SOURCES_COLLECTION = 'location-link-sources';

export interface LocationDoc {
  _id: string;
  companyId: string;
  connectionId: string;
  accountName: string;
  accountDisplayName: string;
  profile: LocationProfile;
  hours: HoursPeriod[];
  attributes: Record<string, boolean>;
  urls: Record<string, string>;
  isPublished: boolean;
  googleName: string | null;
  placeId: string | null;
  mapsUri: string | null;
  googleOpenStatus: GoogleOpenStatus | null;
  /** 'Published' | 'Unpublished' | 'ClosedTemporarily' | 'ClosedPermanently' */
  openStatus: string;
  canReopen: boolean;
  canDelete: boolean;
  thumbnailUrl: string | null;
  totalRating: number | null;
  totalRatingsCount: number;
  lastSyncDate: string | null;
  createdAt: string;
  primaryOwnerId: string | null;
  primaryOwnerName: string | null;
  pendingGoogleEdits: number;
  /** Ids of local edits of a published location not yet answered by Google. */
  pendingEditIds: string[];
  googleError: string | null;
  googleErrorAt: string | null;
  /** Google's own changes waiting for a decision, per field (absent on documents written before them). */
  googleChanges?: GoogleChanges;
  /** How many fields Google changed (the directory's badge and filter). */
  googleChangedCount?: number;
  /** Google's logo, cover and photo count as last read; null before (older events did not carry it). */
  googleMedia: GoogleMediaSummary | null;
  /** Google's voice-of-merchant state as last recorded; null before the first read. */
  voiceOfMerchant: VoiceOfMerchant | null;
  /** Listing health keys (derived): the completeness score 0-100, what is missing, the verification state. */
  completeness: number;
  missingFields: CompletenessField[];
  verification: VerificationState;
  // Sort and search keys (lowercased).
  storeCodeSort: string;
  titleSort: string;
  /** Directory filter keys: the state code, the city lowercased, the ZIP. */
  stateCode: string;
  townLower: string;
  postCode: string;
  /** Lowercased search fields joined by U+0001, so a term never matches across two fields. */
  searchText: string;
  [key: string]: unknown;
}

/** The part of a location its user links copy. */
export interface LocationSnapshot {
  title: string;
  thumbnailUrl: string | null;
  streetAddressLine1: string;
  streetAddressLine2: string;
}

/** `location-link-sources`: one per location, kept by the location-users projection. */
export interface LocationLinkSourceDoc {
  _id: string;
  companyId: string;
  connectionId: string;
  location: LocationSnapshot;
  [key: string]: unknown;
}

export interface LocationUserDoc {
  _id: string;
  companyId: string;
  locationId: string;
  userId: string;
  userName: string;
  userEmail: string;
  isPrimaryOwner: boolean;
  isStaffMember: boolean;
  createdAt: string;
  location: LocationSnapshot;
  /** Lowercased title and address lines (Associated Locations search). */
  searchText: string;
  [key: string]: unknown;
}
