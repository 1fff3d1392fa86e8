import { z } from 'zod';
import { OpenStatusSchema, PrimaryOwnerSchema } from './directory-dto';
import { GoogleChangeViewSchema } from './google-changes';

// ---------- details ----------

export const CategorySchema = z.object({ Name: z.string(), DisplayName: z.string() });
export type Category = z.infer<typeof CategorySchema>;

export const BusinessHoursOutSchema = z.object({
  OpenDay: z.string(),
  CloseDay: z.string(),
  IsOpen: z.boolean(),
  OpenTimeHours: z.number().int(),
  OpenTimeMinutes: z.number().int(),
  CloseTimeHours: z.number().int(),
  CloseTimeMinutes: z.number().int(),
});

/** Spec part 1 §3 Location + part 2 §3 Location (edit) and (details). */
export const LocationDetailsSchema = z.object({
  Id: z.string(),
  AccountId: z.string(),
  AccountName: z.string(),
  Title: z.string(),
  StoreCode: z.string(),
  ThumbnailUrl: z.string().nullable(),
  TotalRating: z.number().nullable(),
  TotalRatingsCount: z.number().int(),
  PrimaryPhoneNumber: z.string(),
  AdditionalPhoneNumbers: z.array(z.string()),
  TollFreeNumber: z.string(),
  PrimaryEmail: z.string().nullable(),
  OwnerFirstName: z.string(),
  OwnerLastName: z.string(),
  LocaleTagline: z.string(),
  StreetAddressLine1: z.string(),
  StreetAddressLine2: z.string(),
  Town: z.string(),
  State: z.string(),
  Region: z.string(),
  PostCode: z.string(),
  Latitude: z.number().nullable(),
  Longitude: z.number().nullable(),
  Website: z.string(),
  ProfileDescription: z.string(),
  OpeningDate: z.string().nullable(),
  PrimaryCategoryId: z.string().nullable(),
  PrimaryCategory: CategorySchema.nullable(),
  /** Category names (as sent by the edit dialog). */
  SelectedAdditionalCategories: z.array(z.string()),
  AdditionalCategories: z.array(CategorySchema),
  SelectedLocaleZeCategories: z.array(z.object({ Id: z.string(), Name: z.string() })),
  LocaleZeKeyWords: z.array(z.string()),
  Twitter: z.string(),
  LinkedIn: z.string(),
  Facebook: z.string(),
  Yelp: z.string(),
  Instagram: z.string(),
  GooglePlus: z.string(),
  LocationProfileMedia: z.string().nullable(),
  LocationCoverMedia: z.string().nullable(),
  LocationBusinessHours: z.array(BusinessHoursOutSchema),
  Attributes: z.record(z.string(), z.boolean()),
  PlacePageUrls: z.record(z.string(), z.string()),
  IsPublishedOnGMB: z.boolean(),
  LocationName: z.string().nullable(),
  FullyQualifiedName: z.string().nullable(),
  MapsUri: z.string().nullable(),
  PlaceId: z.string().nullable(),
  LocalezeListingId: z.string().nullable(),
  OpenStatus: OpenStatusSchema,
  CanReopen: z.boolean(),
  CanDeleteUsingApi: z.boolean(),
  LastSyncDate: z.string().nullable(),
  CreatedDate: z.string(),
  PrimaryOwner: PrimaryOwnerSchema.nullable(),
  /** Google pushes: edits waiting for Google, and the last error (null after a success). */
  PendingGoogleEdits: z.number().int(),
  GoogleError: z.string().nullable(),
  GoogleErrorAt: z.string().nullable(),
  /** Fields Google changed on its own, Google's value beside Locus's (empty when none). */
  GoogleChanges: z.array(GoogleChangeViewSchema),
});
export type LocationDetails = z.infer<typeof LocationDetailsSchema>;

// ---------- pickers, states ----------

/** A location in a picker: the title, and the store code and one-line address that tell a brand's locations apart. */
export const LocationItemSchema = z.object({ Title: z.string(), LocationId: z.string(), StoreCode: z.string(), Address: z.string() });

/** A location's address on one line ("12 Main St, Suite 4, Atlanta, GA 30301"), blanks left out. */
export const oneLineAddress = (p: {
  StreetAddressLine1?: string | null;
  StreetAddressLine2?: string | null;
  Town?: string | null;
  State?: string | null;
  PostCode?: string | null;
}) =>
  [p.StreetAddressLine1, p.StreetAddressLine2, p.Town, [p.State, p.PostCode].filter((x) => x?.trim()).join(' ')]
    .map((x) => x?.trim() ?? '')
    .filter(Boolean)
    .join(', ');
export const StateSchema = z.object({ Name: z.string(), StateCode: z.string() });
export const CitySchema = z.object({ Name: z.string(), Latitude: z.number(), Longitude: z.number() });

// ---------- user-location assignment ----------
