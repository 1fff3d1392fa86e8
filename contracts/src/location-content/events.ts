import { z } from 'zod';

/**
 * Events of `location-content-<locationId>` streams: a published location's media, local posts
 * and (historical) questions as Google holds them, and the requests Locus makes to change
 * them. Google I/O happens only in reactors (command-api/src/location-content): a request
 * event is followed by its outcome event.
 *
 * `LocationContentRefreshRequested` is the per-location refresh signal: Sync appends one (after
 * the profile is refreshed) and so does a details page opened on a location never loaded.
 * Every feature keeping per-location Google data (media, posts, questions, reviews, insights)
 * subscribes a reactor to it.
 */
import { POST_TOPIC_TYPES, CTA_ACTION_TYPES as CALL_TO_ACTION_TYPES } from '../templates/post';

export const locationContentStream = (locationId: string) => `location-content-${locationId}`;

/** One post vocabulary for a location's posts and post templates (contracts/src/templates/post.ts). */
export { POST_TOPIC_TYPES, CTA_ACTION_TYPES as CALL_TO_ACTION_TYPES } from '../templates/post';
export const MEDIA_CATEGORIES = [
  'COVER',
  'PROFILE',
  'LOGO',
  'EXTERIOR',
  'INTERIOR',
  'PRODUCT',
  'AT_WORK',
  'FOOD_AND_DRINK',
  'MENU',
  'COMMON_AREA',
  'ROOMS',
  'TEAMS',
  'ADDITIONAL',
] as const;
export type MediaCategory = (typeof MEDIA_CATEGORIES)[number];

const TimeOfDaySchema = z.object({ Hours: z.number(), Minutes: z.number() });

/** A local post in the spec's field names (§3 Local post). */
export const LocalPostContentSchema = z.object({
  TopicType: z.enum(POST_TOPIC_TYPES),
  Summary: z.string(),
  /** Public image URL (Google fetches it). */
  MediaUrl: z.string().nullable(),
  CallToAction: z.object({ ActionType: z.enum(CALL_TO_ACTION_TYPES), Url: z.string() }).nullable(),
  Event: z
    .object({
      EventTitle: z.string(),
      Schedule: z.object({
        StartDate: z.string(),
        EndDate: z.string(),
        EnableTime: z.boolean(),
        StartTime: TimeOfDaySchema.nullable(),
        EndTime: TimeOfDaySchema.nullable(),
      }),
    })
    .nullable(),
  Offer: z.object({ CouponCode: z.string(), RedeemOnlineUrl: z.string(), TermsConditions: z.string() }).nullable(),
});
export type LocalPostContent = z.infer<typeof LocalPostContentSchema>;

/** A post as Google answered it. */
export const GooglePostSchema = z.object({
  name: z.string(),
  state: z.string(),
  createTime: z.string().nullable(),
  searchUrl: z.string().nullable(),
  content: LocalPostContentSchema,
  googleMediaUrl: z.string().nullable(),
});
export type GooglePost = z.infer<typeof GooglePostSchema>;

export const GoogleMediaItemSchema = z.object({
  name: z.string(),
  category: z.string(),
  mediaFormat: z.string(),
  sourceUrl: z.string().nullable(),
  googleUrl: z.string().nullable(),
  thumbnailUrl: z.string().nullable(),
  viewCount: z.number(),
  createTime: z.string().nullable(),
  width: z.number().nullable(),
  height: z.number().nullable(),
});
export type GoogleMediaItem = z.infer<typeof GoogleMediaItemSchema>;

const AuthorSchema = { authorName: z.string(), authorPhotoUrl: z.string().nullable() };
export const GoogleQuestionSchema = z.object({
  name: z.string(),
  text: z.string(),
  ...AuthorSchema,
  upvoteCount: z.number(),
  createTime: z.string().nullable(),
  topAnswers: z.array(z.object({ text: z.string(), ...AuthorSchema, upvoteCount: z.number(), createTime: z.string().nullable() })),
});
export type GoogleQuestion = z.infer<typeof GoogleQuestionSchema>;

const base = { locationId: z.string(), companyId: z.string() };
const failure = { code: z.string(), message: z.string() };

export const LocationContentRefreshRequestedSchema = z.object({ ...base, reason: z.enum(['sync', 'first-view', 'post-gone']), requestedAt: z.string() });
export const LocationMediaRefreshedSchema = z.object({
  ...base,
  items: z.array(GoogleMediaItemSchema.extend({ mediaId: z.string() })),
  refreshedAt: z.string(),
});
export const LocationPostsRefreshedSchema = z.object({ ...base, posts: z.array(GooglePostSchema.extend({ postId: z.string() })), refreshedAt: z.string() });
export const LocationQuestionsRefreshedSchema = z.object({ ...base, questions: z.array(GoogleQuestionSchema), refreshedAt: z.string() });
export const LocationContentRefreshFailedSchema = z.object({ ...base, ...failure });

/** One local post for one location (details page Create Post, or a template published to it). `key` makes it idempotent. */
export const LocalPostRequestedSchema = z.object({
  ...base,
  postId: z.string(),
  key: z.string(),
  /** 'details' or `template:<templateId>`. */
  origin: z.string(),
  content: LocalPostContentSchema,
  requestedAt: z.string(),
});
export const LocalPostPublishedSchema = z.object({ ...base, postId: z.string(), post: GooglePostSchema });
export const LocalPostFailedSchema = z.object({ ...base, postId: z.string(), ...failure });
export const LocalPostDeleteRequestedSchema = z.object({ ...base, postId: z.string(), requestId: z.string() });
export const LocalPostDeletedSchema = z.object({ ...base, postId: z.string(), requestId: z.string() });
export const LocalPostDeleteFailedSchema = z.object({ ...base, postId: z.string(), requestId: z.string(), ...failure });
/** Google decided on a post it held for review (PROCESSING): it is shown now, or rejected. */
const reviewed = { ...base, postId: z.string(), googlePostName: z.string(), reviewedAt: z.string() };
export const LocalPostApprovedByGoogleSchema = z.object({ ...reviewed, searchUrl: z.string().nullable() });
export const LocalPostRejectedByGoogleSchema = z.object(reviewed);

/** A photo for the location: bytes kept in the blob store (`blobKey`) or a public URL Google fetches. */
export const LocationMediaRequestedSchema = z.object({
  ...base,
  mediaId: z.string(),
  category: z.enum(MEDIA_CATEGORIES),
  blobKey: z.string().nullable(),
  sourceUrl: z.string().nullable(),
  requestedAt: z.string(),
  /** Set when a bulk edit asked for it: that job's reactor sends it to Google, not the media reactor. */
  bulkJobId: z.string().optional(),
});
export const LocationMediaAddedSchema = z.object({ ...base, mediaId: z.string(), item: GoogleMediaItemSchema });
export const LocationMediaFailedSchema = z.object({ ...base, mediaId: z.string(), ...failure });
export const LocationMediaDeleteRequestedSchema = z.object({ ...base, mediaId: z.string(), requestId: z.string() });
export const LocationMediaDeletedSchema = z.object({ ...base, mediaId: z.string(), requestId: z.string() });
export const LocationMediaDeleteFailedSchema = z.object({ ...base, mediaId: z.string(), requestId: z.string(), ...failure });

export const locationContentEventSchemas = {
  LocationContentRefreshRequested: LocationContentRefreshRequestedSchema,
  LocationMediaRefreshed: LocationMediaRefreshedSchema,
  LocationPostsRefreshed: LocationPostsRefreshedSchema,
  LocationQuestionsRefreshed: LocationQuestionsRefreshedSchema,
  LocationContentRefreshFailed: LocationContentRefreshFailedSchema,
  LocalPostRequested: LocalPostRequestedSchema,
  LocalPostPublished: LocalPostPublishedSchema,
  LocalPostFailed: LocalPostFailedSchema,
  LocalPostDeleteRequested: LocalPostDeleteRequestedSchema,
  LocalPostDeleted: LocalPostDeletedSchema,
  LocalPostDeleteFailed: LocalPostDeleteFailedSchema,
  LocalPostApprovedByGoogle: LocalPostApprovedByGoogleSchema,
  LocalPostRejectedByGoogle: LocalPostRejectedByGoogleSchema,
  LocationMediaRequested: LocationMediaRequestedSchema,
  LocationMediaAdded: LocationMediaAddedSchema,
  LocationMediaFailed: LocationMediaFailedSchema,
  LocationMediaDeleteRequested: LocationMediaDeleteRequestedSchema,
  LocationMediaDeleted: LocationMediaDeletedSchema,
  LocationMediaDeleteFailed: LocationMediaDeleteFailedSchema,
} as const;

type Schemas = typeof locationContentEventSchemas;
export type LocationContentEventType = keyof Schemas;
export type LocationContentEvent = { [K in LocationContentEventType]: { type: K; data: z.infer<Schemas[K]> } }[LocationContentEventType];
export const locationContentEventTypes = Object.keys(locationContentEventSchemas) as LocationContentEventType[];
