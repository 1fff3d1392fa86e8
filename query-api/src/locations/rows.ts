import {
  GOOGLE_CHANGE_FIELDS,
  GOOGLE_CHANGE_FIELD_INFO,
  googleChangeText,
  type GoogleChangeField,
  LOCATION_ATTRIBUTE_FLAGS,
  PLACE_PAGE_URL_FIELDS,
  associationBadge,
  toBusinessHoursEntries,
  type LocationDetails,
  type LocationDoc,
  type LocationRow,
  type LocationUserDoc,
  type OpenStatus,
  type UserLocationLink,
} from '@locus/contracts';

const googleChangedFields = (doc: LocationDoc): GoogleChangeField[] => GOOGLE_CHANGE_FIELDS.filter((f) => doc.googleChanges?.[f]);

/** Each field Google changed: Google's value beside Locus's, as the screens show them. */
const googleChangeViews = (doc: LocationDoc) =>
  googleChangedFields(doc).map((field) => ({
    Field: field,
    Label: GOOGLE_CHANGE_FIELD_INFO[field].label,
    Google: doc.googleChanges![field]!.text,
    Locus: googleChangeText(field, doc.profile, doc.hours),
  }));

const owner = (doc: LocationDoc) => (doc.primaryOwnerId ? { Id: doc.primaryOwnerId, Name: doc.primaryOwnerName ?? '' } : null);

export function toLocationRow(doc: LocationDoc, userLocationId: string | null): LocationRow {
  const p = doc.profile;
  return {
    Id: doc._id,
    Title: p.Title,
    StoreCode: p.StoreCode,
    ThumbnailUrl: doc.thumbnailUrl,
    StreetAddressLine1: p.StreetAddressLine1,
    StreetAddressLine2: p.StreetAddressLine2,
    Town: p.Town,
    State: p.State,
    PostCode: p.PostCode,
    PrimaryPhoneNumber: p.PrimaryPhoneNumber,
    TotalRating: doc.totalRating,
    TotalRatingsCount: doc.totalRatingsCount,
    OpenStatus: doc.openStatus as OpenStatus,
    CanReopen: doc.canReopen,
    CanDeleteUsingApi: doc.canDelete,
    IsPublishedOnGMB: doc.isPublished,
    LastSyncDate: doc.lastSyncDate,
    LocationName: doc.googleName,
    PrimaryOwner: owner(doc),
    UserLocationId: userLocationId,
    AccountId: doc.connectionId,
    AccountName: doc.accountDisplayName,
    GoogleError: doc.googleError,
    GoogleChangedFields: googleChangedFields(doc),
    ...healthOf(doc),
  };
}

/** Listing health of a document (documents projected before it existed read as unchecked). */
export const healthOf = (doc: LocationDoc) => ({
  Completeness: doc.completeness ?? 0,
  MissingFields: doc.missingFields ?? [],
  Verification: doc.verification ?? ('Unknown' as const),
});

export function toLocationDetails(doc: LocationDoc): LocationDetails {
  const p = doc.profile;
  return {
    Id: doc._id,
    AccountId: doc.connectionId,
    AccountName: doc.accountDisplayName,
    Title: p.Title,
    StoreCode: p.StoreCode,
    ThumbnailUrl: doc.thumbnailUrl ?? p.LocationProfileMedia,
    TotalRating: doc.totalRating,
    TotalRatingsCount: doc.totalRatingsCount,
    PrimaryPhoneNumber: p.PrimaryPhoneNumber,
    AdditionalPhoneNumbers: p.AdditionalPhoneNumbers,
    TollFreeNumber: p.TollFreeNumber,
    PrimaryEmail: p.PrimaryEmail,
    OwnerFirstName: p.OwnerFirstName,
    OwnerLastName: p.OwnerLastName,
    LocaleTagline: p.LocaleTagline,
    StreetAddressLine1: p.StreetAddressLine1,
    StreetAddressLine2: p.StreetAddressLine2,
    Town: p.Town,
    State: p.State,
    Region: p.Region,
    PostCode: p.PostCode,
    Latitude: p.Latitude,
    Longitude: p.Longitude,
    Website: p.Website,
    ProfileDescription: p.ProfileDescription,
    OpeningDate: p.OpeningDate,
    PrimaryCategoryId: p.PrimaryCategory?.Name ?? null,
    PrimaryCategory: p.PrimaryCategory,
    SelectedAdditionalCategories: p.AdditionalCategories.map((c) => c.Name),
    AdditionalCategories: p.AdditionalCategories,
    SelectedLocaleZeCategories: p.SelectedLocaleZeCategories,
    LocaleZeKeyWords: p.LocaleZeKeyWords,
    Twitter: p.Twitter,
    LinkedIn: p.LinkedIn,
    Facebook: p.Facebook,
    Yelp: p.Yelp,
    Instagram: p.Instagram,
    GooglePlus: p.GooglePlus,
    LocationProfileMedia: p.LocationProfileMedia,
    LocationCoverMedia: p.LocationCoverMedia,
    LocationBusinessHours: toBusinessHoursEntries(doc.hours),
    Attributes: doc.attributes,
    PlacePageUrls: doc.urls,
    IsPublishedOnGMB: doc.isPublished,
    LocationName: doc.googleName,
    FullyQualifiedName: doc.googleName ? `${doc.accountName}/${doc.googleName}` : null,
    MapsUri: doc.mapsUri,
    PlaceId: doc.placeId,
    LocalezeListingId: p.LocalezeListingId || null,
    OpenStatus: doc.openStatus as OpenStatus,
    CanReopen: doc.canReopen,
    CanDeleteUsingApi: doc.canDelete,
    LastSyncDate: doc.lastSyncDate,
    CreatedDate: doc.createdAt,
    PrimaryOwner: owner(doc),
    PendingGoogleEdits: doc.pendingGoogleEdits,
    GoogleError: doc.googleError,
    GoogleErrorAt: doc.googleErrorAt,
    GoogleChanges: googleChangeViews(doc),
  };
}

export function toUserLocationLink(link: LocationUserDoc): UserLocationLink {
  const flags = { IsPrimaryOwner: link.isPrimaryOwner, IsStaffMember: link.isStaffMember };
  return {
    RowId: link._id,
    UserId: link.userId,
    Location: {
      Id: link.locationId,
      Title: link.location.title,
      ThumbnailUrl: link.location.thumbnailUrl,
      StreetAddressLine1: link.location.streetAddressLine1,
      StreetAddressLine2: link.location.streetAddressLine2,
    },
    ...flags,
    Badge: associationBadge(flags),
    CreatedDate: link.createdAt,
  };
}

export const attributeCatalog = {
  Flags: LOCATION_ATTRIBUTE_FLAGS.map((f) => ({ Key: f.key, Label: f.label, Group: f.group })),
  UrlFields: PLACE_PAGE_URL_FIELDS.map((f) => ({ Key: f.key, Label: f.label })),
};
