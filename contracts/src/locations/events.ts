import { z } from 'zod';
import { HoursPeriodSchema } from './hours';
import { COUNTRY_CODE } from './messages';
import { VoiceOfMerchantSchema } from './voice-of-merchant';

/**
 * Events of `location-<id>` streams and of `storecode-<sha256(companyId|lowercased code)>`
 * reservation streams. The location's profile uses the spec's field names.
 *
 * Google I/O happens only in reactors (command-api/src/locations/reactors): a request event
 * (LocationPublishRequested, LocationSyncRequested, LocationDeleteRequested, or an edit of a
 * published location) is followed by its outcome event.
 */
export const CategoryRefSchema = z.object({ Name: z.string(), DisplayName: z.string() });
export type CategoryRef = z.infer<typeof CategoryRefSchema>;

export const LocationProfileSchema = z.object({
  Title: z.string(),
  StoreCode: z.string(),
  PrimaryPhoneNumber: z.string(),
  AdditionalPhoneNumbers: z.array(z.string()),
  TollFreeNumber: z.string(),
  PrimaryEmail: z.string().nullable(),
  OwnerFirstName: z.string(),
  OwnerLastName: z.string(),
  LocaleTagline: z.string(),
  PrimaryCategory: CategoryRefSchema.nullable(),
  AdditionalCategories: z.array(CategoryRefSchema),
  SelectedLocaleZeCategories: z.array(z.object({ Id: z.string(), Name: z.string() })),
  LocaleZeKeyWords: z.array(z.string()),
  StreetAddressLine1: z.string(),
  StreetAddressLine2: z.string(),
  Region: z.string(),
  State: z.string(),
  Town: z.string(),
  PostCode: z.string(),
  Latitude: z.number().nullable(),
  Longitude: z.number().nullable(),
  Website: z.string(),
  ProfileDescription: z.string(),
  OpeningDate: z.string().nullable(),
  Twitter: z.string(),
  LinkedIn: z.string(),
  Facebook: z.string(),
  Yelp: z.string(),
  Instagram: z.string(),
  GooglePlus: z.string(),
  LocationProfileMedia: z.string().nullable(),
  LocationCoverMedia: z.string().nullable(),
  /** Localeze listing id (Publishers dialog); absent on locations recorded before it existed. */
  LocalezeListingId: z.string().nullable().optional(),
});
export type LocationProfile = z.infer<typeof LocationProfileSchema>;

/** A profile with every field empty (the local-only fields of an imported location). */
export function emptyProfile(): LocationProfile {
  return {
    Title: '',
    StoreCode: '',
    PrimaryPhoneNumber: '',
    AdditionalPhoneNumbers: [],
    TollFreeNumber: '',
    PrimaryEmail: null,
    OwnerFirstName: '',
    OwnerLastName: '',
    LocaleTagline: '',
    PrimaryCategory: null,
    AdditionalCategories: [],
    SelectedLocaleZeCategories: [],
    LocaleZeKeyWords: [],
    StreetAddressLine1: '',
    StreetAddressLine2: '',
    Region: COUNTRY_CODE,
    State: '',
    Town: '',
    PostCode: '',
    Latitude: null,
    Longitude: null,
    Website: '',
    ProfileDescription: '',
    OpeningDate: null,
    Twitter: '',
    LinkedIn: '',
    Facebook: '',
    Yelp: '',
    Instagram: '',
    GooglePlus: '',
    LocationProfileMedia: null,
    LocationCoverMedia: null,
  };
}

export const GoogleOpenStatusSchema = z.enum(['OPEN', 'CLOSED_PERMANENTLY', 'CLOSED_TEMPORARILY']);

/** What Google holds for a published location (import, publish, sync). */
export const GoogleSnapshotSchema = z.object({
  googleName: z.string(),
  placeId: z.string().nullable(),
  mapsUri: z.string().nullable(),
  openStatus: GoogleOpenStatusSchema,
  canReopen: z.boolean(),
  canDelete: z.boolean(),
  thumbnailUrl: z.string().nullable(),
  totalRating: z.number().nullable(),
  totalRatingsCount: z.number().int(),
  /** Google's logo, cover and photo count (the listing's completeness); absent on events recorded before it was read. */
  media: z.object({ logo: z.boolean(), cover: z.boolean(), photos: z.number().int() }).optional(),
});
export type GoogleSnapshot = z.infer<typeof GoogleSnapshotSchema>;

const AttributesSchema = z.record(z.string(), z.boolean());
const UrlsSchema = z.record(z.string(), z.string());

export const LocationCreatedSchema = z.object({
  locationId: z.string(),
  companyId: z.string(),
  connectionId: z.string(),
  accountName: z.string(),
  accountDisplayName: z.string(),
  profile: LocationProfileSchema,
  hours: z.array(HoursPeriodSchema),
  attributes: AttributesSchema,
});
/** Brought in from Google by the import reactor (published). */
export const LocationImportedSchema = z.object({
  locationId: z.string(),
  companyId: z.string(),
  connectionId: z.string(),
  accountName: z.string(),
  accountDisplayName: z.string(),
  processId: z.string(),
  profile: LocationProfileSchema,
  hours: z.array(HoursPeriodSchema),
  attributes: AttributesSchema,
  urls: UrlsSchema,
  google: GoogleSnapshotSchema,
  syncedAt: z.string(),
});
/** Set when a company admin restored fields to their values at an earlier position. */
export const RestoredFromSchema = z.object({ position: z.number(), at: z.string() });
export const LocationUpdatedSchema = z.object({
  locationId: z.string(),
  profile: LocationProfileSchema,
  /** Profile fields that changed. */
  changed: z.array(z.string()),
  /** Set when a bulk edit made the change: its job reactor pushes it to Google, not the edit reactor. */
  bulkJobId: z.string().optional(),
  restoredFrom: RestoredFromSchema.optional(),
});
export const LocationHoursUpdatedSchema = z.object({
  locationId: z.string(),
  hours: z.array(HoursPeriodSchema),
  bulkJobId: z.string().optional(),
  restoredFrom: RestoredFromSchema.optional(),
});
export const LocationAttributesUpdatedSchema = z.object({ locationId: z.string(), attributes: AttributesSchema, urls: UrlsSchema });

export const LocationPublishRequestedSchema = z.object({ locationId: z.string(), requestId: z.string() });
export const LocationPublishedSchema = z.object({ locationId: z.string(), requestId: z.string(), google: GoogleSnapshotSchema, publishedAt: z.string() });
export const LocationPublishFailedSchema = z.object({ locationId: z.string(), requestId: z.string(), code: z.string(), message: z.string() });

export const LocationSyncRequestedSchema = z.object({ locationId: z.string(), requestId: z.string() });
export const LocationSyncedSchema = z.object({
  locationId: z.string(),
  requestId: z.string(),
  profile: LocationProfileSchema,
  hours: z.array(HoursPeriodSchema),
  attributes: AttributesSchema,
  urls: UrlsSchema,
  google: GoogleSnapshotSchema,
  syncedAt: z.string(),
});
export const LocationSyncFailedSchema = z.object({ locationId: z.string(), requestId: z.string(), code: z.string(), message: z.string() });

/** Outcome of pushing one local edit (the event with id sourceEventId) of a published location to Google. */
export const LocationGoogleUpdateSucceededSchema = z.object({
  locationId: z.string(),
  sourceEventId: z.string(),
  sourceType: z.string(),
  updateMask: z.string(),
});
export const LocationGoogleUpdateFailedSchema = z.object({
  locationId: z.string(),
  sourceEventId: z.string(),
  sourceType: z.string(),
  code: z.string(),
  message: z.string(),
});

/**
 * Google's own changes (`locations.getGoogleUpdated`), in Locus's terms: one entry per field Locus
 * holds that Google shows with another value, keyed by the field (google-changes.ts names them).
 */
export const GOOGLE_CHANGE_FIELDS = ['Title', 'Phone', 'Website', 'Address', 'Categories', 'Description', 'OpeningDate', 'MapPin', 'Hours'] as const;
export const GoogleChangeFieldSchema = z.enum(GOOGLE_CHANGE_FIELDS, { error: `A field must be one of ${GOOGLE_CHANGE_FIELDS.join(', ')}` });
export type GoogleChangeField = z.infer<typeof GoogleChangeFieldSchema>;
/** Google's value of one field: the profile fields it covers, or the hours; `text` as the screens show it. */
export const GoogleChangeValueSchema = z.object({ profile: LocationProfileSchema.partial(), hours: z.array(HoursPeriodSchema).optional(), text: z.string() });
export type GoogleChangeValue = z.infer<typeof GoogleChangeValueSchema>;
export const GoogleChangesSchema = z.partialRecord(GoogleChangeFieldSchema, GoogleChangeValueSchema);
export type GoogleChanges = z.infer<typeof GoogleChangesSchema>;
/** What Google shows now that differs from Locus (none: Google's changes are gone); read on import, Sync, the daily check or a notification. */
export const LocationGoogleChangesFoundSchema = z.object({
  locationId: z.string(),
  changes: GoogleChangesSchema,
  diffMask: z.string(),
  source: z.enum(['import', 'sync', 'refresh', 'notification']),
});
/** A person took Google's values as Locus's: the profile and hours after, and the fields taken (pushed to Google with their mask). */
export const LocationGoogleChangesAcceptedSchema = z.object({
  locationId: z.string(),
  fields: z.array(GoogleChangeFieldSchema),
  accepted: GoogleChangesSchema,
  profile: LocationProfileSchema,
  hours: z.array(HoursPeriodSchema),
  changed: z.array(z.string()),
});
/** A person kept Locus's values over Google's: pushed to Google with a mask of those fields. */
export const LocationLocusValuesKeptSchema = z.object({
  locationId: z.string(),
  fields: z.array(GoogleChangeFieldSchema),
  declined: GoogleChangesSchema,
});

/** Deleting a published location on Google too: the reactor deletes it there, then appends LocationDeleted or LocationDeleteFailed. */
export const LocationDeleteRequestedSchema = z.object({ locationId: z.string(), requestId: z.string() });
export const LocationDeletedSchema = z.object({
  locationId: z.string(),
  companyId: z.string(),
  deletedFromGoogle: z.boolean(),
  storeCode: z.string(),
  requestId: z.string().nullable(),
});
export const LocationDeleteFailedSchema = z.object({ locationId: z.string(), requestId: z.string(), code: z.string(), message: z.string() });

/**
 * Google's voice-of-merchant state of a published location (Verifications API), read on import,
 * publish, Sync and the daily refresh; recorded when it differs from the last one recorded.
 */
export const LocationVerificationStateChangedSchema = z.object({
  locationId: z.string(),
  companyId: z.string(),
  voiceOfMerchant: VoiceOfMerchantSchema,
  trigger: z.enum(['import', 'publish', 'sync', 'daily']),
  checkedAt: z.string(),
});

/** Assignment (Primary owner, Co-owner, Staff member). Demoting a primary owner re-assigns them as co-owner (reason 'demoted'). */
export const UserAssignedToLocationSchema = z.object({
  locationId: z.string(),
  userId: z.string(),
  userName: z.string(),
  userEmail: z.string(),
  isPrimaryOwner: z.boolean(),
  isStaffMember: z.boolean(),
  reason: z.enum(['assigned', 'demoted']),
});
export const UserUnassignedFromLocationSchema = z.object({ locationId: z.string(), userId: z.string() });

export const locationEventSchemas = {
  LocationCreated: LocationCreatedSchema,
  LocationImported: LocationImportedSchema,
  LocationUpdated: LocationUpdatedSchema,
  LocationHoursUpdated: LocationHoursUpdatedSchema,
  LocationAttributesUpdated: LocationAttributesUpdatedSchema,
  LocationPublishRequested: LocationPublishRequestedSchema,
  LocationPublished: LocationPublishedSchema,
  LocationPublishFailed: LocationPublishFailedSchema,
  LocationSyncRequested: LocationSyncRequestedSchema,
  LocationSynced: LocationSyncedSchema,
  LocationSyncFailed: LocationSyncFailedSchema,
  LocationGoogleUpdateSucceeded: LocationGoogleUpdateSucceededSchema,
  LocationGoogleUpdateFailed: LocationGoogleUpdateFailedSchema,
  LocationGoogleChangesFound: LocationGoogleChangesFoundSchema,
  LocationGoogleChangesAccepted: LocationGoogleChangesAcceptedSchema,
  LocationLocusValuesKept: LocationLocusValuesKeptSchema,
  LocationDeleteRequested: LocationDeleteRequestedSchema,
  LocationDeleted: LocationDeletedSchema,
  LocationDeleteFailed: LocationDeleteFailedSchema,
  LocationVerificationStateChanged: LocationVerificationStateChangedSchema,
  UserAssignedToLocation: UserAssignedToLocationSchema,
  UserUnassignedFromLocation: UserUnassignedFromLocationSchema,
} as const;

/** Store code reservation streams (uniqueness per company). */
export const StoreCodeReservedSchema = z.object({ companyId: z.string(), storeCode: z.string(), locationId: z.string() });
export const StoreCodeReleasedSchema = z.object({ companyId: z.string(), storeCode: z.string(), locationId: z.string() });
export const storeCodeEventSchemas = {
  StoreCodeReserved: StoreCodeReservedSchema,
  StoreCodeReleased: StoreCodeReleasedSchema,
} as const;

type EventsOf<S extends Record<string, z.ZodType>> = { [K in keyof S]: { type: K; data: z.infer<S[K]> } }[keyof S];
export type LocationEvent = EventsOf<typeof locationEventSchemas>;
export type StoreCodeEvent = EventsOf<typeof storeCodeEventSchemas>;

export const locationStream = (locationId: string) => `location-${locationId}`;

/**
 * Google pushed (Notifications API, GOOGLE_UPDATE) that it holds changes of the location for
 * review: a reactor then reads getGoogleUpdated for that one location. Kept off the location's
 * own stream, so a push never races a person's edit. `messageId` is Pub/Sub's (a redelivery repeats it).
 */
export const LocationGoogleUpdateNotifiedSchema = z.object({
  locationId: z.string(),
  companyId: z.string(),
  messageId: z.string(),
  notifiedAt: z.string(),
});
export const googleNoticeEventSchemas = {
  LocationGoogleUpdateNotified: LocationGoogleUpdateNotifiedSchema,
} as const;
export type GoogleNoticeEvent = EventsOf<typeof googleNoticeEventSchemas>;
export const googleNoticeStream = (locationId: string) => `googlenotice-${locationId}`;
