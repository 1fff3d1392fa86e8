import { GOOGLE_LIMITS, limitMessage, utf8ByteCount } from '../google-limits';
import { z } from 'zod';
import { ReplyAuthorSchema, SentimentLabelSchema } from './events';

/** Page sizes (spec §9): Aggregate Reviews 10, location details 5. */
export const COMPANY_REVIEWS_PAGE_SIZE = 10;
export const LOCATION_REVIEWS_PAGE_SIZE = 5;
/** Google's limit for a reply's text, in bytes of UTF-8 (an accented letter is 2, an emoji 4). */
export const REVIEW_REPLY_MAX_BYTES = GOOGLE_LIMITS.reviewReply.max;

export const REVIEW_SORT_FIELDS = ['CreateTime', 'StarRating', 'ReviewReplyComment', 'ReviewerDisplayName', 'LocationTitle', 'Sentiment'] as const;
export type ReviewSortField = (typeof REVIEW_SORT_FIELDS)[number];

const stars = (field: string) =>
  z.coerce
    .number({ error: `${field} must be a number from 1 to 5` })
    .int(`${field} must be a whole number from 1 to 5`)
    .min(1, `${field} must be from 1 to 5`)
    .max(5, `${field} must be from 1 to 5`);

/** Params of the lazy reviews query (spec: OnlyUnrespondedReviews, MinRating; the rest are Locus's). */
export const ReviewFilterParamsSchema = z
  .object({
    OnlyUnrespondedReviews: z.boolean({ error: 'OnlyUnrespondedReviews must be true or false' }).nullable().optional(),
    /** Reviews with at least this many stars (clicking the same star again clears it: null). */
    MinRating: stars('MinRating').nullable().optional(),
    MaxRating: stars('MaxRating').nullable().optional(),
    /** 'include' (default: removed ones are listed and marked), 'exclude', or 'only'. */
    Removed: z.enum(['include', 'exclude', 'only'], { error: 'Removed must be include, exclude or only' }).nullable().optional(),
    Sentiment: SentimentLabelSchema.nullable().optional(),
    /** Restricts the company list to one location. */
    LocationId: z.string().trim().max(200).nullable().optional(),
    /** Restricts the company list to the locations of one of the company's location groups. */
    GroupId: z.string().trim().max(200).nullable().optional(),
  })
  .default({});
export type ReviewFilterParams = z.infer<typeof ReviewFilterParamsSchema>;

/** PrimeNG-style lazy-load state for the review tables. */
export const reviewsLazySchema = (pageSize: number) =>
  z.object({
    first: z.coerce.number({ error: 'first must be a number' }).int('first must be a whole number').min(0, 'first must be at least 0').default(0),
    rows: z.coerce
      .number({ error: 'rows must be a number' })
      .int('rows must be a whole number')
      .min(1, 'rows must be at least 1')
      .max(100, 'rows must be at most 100')
      .default(pageSize),
    sortField: z
      .enum(REVIEW_SORT_FIELDS, { error: `sortField must be one of ${REVIEW_SORT_FIELDS.join(', ')}` })
      .nullable()
      .optional()
      .transform((v): ReviewSortField => v ?? 'CreateTime'),
    sortOrder: z
      .union([z.literal(1), z.literal(-1), z.literal('1'), z.literal('-1')], { error: 'sortOrder must be 1 or -1' })
      .nullable()
      .optional()
      .transform((v) => (v === 1 || v === '1' ? 1 : -1) as 1 | -1),
    /** Text search over the reviewer's name and the comment. */
    globalFilter: z
      .string({ error: 'globalFilter must be text' })
      .max(200, 'globalFilter must be at most 200 characters')
      .nullable()
      .optional()
      .transform((v) => (v ?? '').trim()),
    Params: ReviewFilterParamsSchema,
  });
export const CompanyReviewsLazySchema = reviewsLazySchema(COMPANY_REVIEWS_PAGE_SIZE);
export const LocationReviewsLazySchema = reviewsLazySchema(LOCATION_REVIEWS_PAGE_SIZE).extend({
  LocationId: z.string().trim().max(200).nullable().optional(),
});
export type ReviewsLazyQuery = z.infer<typeof CompanyReviewsLazySchema>;

const flag = (field: string) =>
  z
    .enum(['true', 'false', '1', '0'], { error: `${field} must be true or false` })
    .optional()
    .transform((v) => v === 'true' || v === '1');
const emptyAsNull = (v: unknown) => (v === '' ? null : v);

/**
 * The reviews export's query string: the table's sort, search and filters (flat, as a link
 * carries them), without paging. The same filters as the lazy query, so the file holds what the
 * table shows.
 */
export const ReviewsExportQuerySchema = z
  .object({
    sortField: reviewsLazySchema(COMPANY_REVIEWS_PAGE_SIZE).shape.sortField,
    sortOrder: z
      .enum(['1', '-1'], { error: 'sortOrder must be 1 or -1' })
      .optional()
      .transform((v) => (v === '1' ? 1 : -1) as 1 | -1),
    globalFilter: reviewsLazySchema(COMPANY_REVIEWS_PAGE_SIZE).shape.globalFilter,
    OnlyUnrespondedReviews: flag('OnlyUnrespondedReviews'),
    MinRating: z.preprocess(emptyAsNull, stars('MinRating').nullable().optional()),
    MaxRating: z.preprocess(emptyAsNull, stars('MaxRating').nullable().optional()),
    Removed: z.preprocess(emptyAsNull, z.enum(['include', 'exclude', 'only'], { error: 'Removed must be include, exclude or only' }).nullable().optional()),
    Sentiment: z.preprocess(emptyAsNull, SentimentLabelSchema.nullable().optional()),
    LocationId: z.preprocess(emptyAsNull, z.string().trim().max(200, 'LocationId is too long').nullable().optional()),
    GroupId: z.preprocess(emptyAsNull, z.string().trim().max(200, 'GroupId is too long').nullable().optional()),
  })
  .transform(({ sortField, sortOrder, globalFilter, ...Params }) => ({ sortField, sortOrder, globalFilter, Params }));
export type ReviewsExportQuery = z.output<typeof ReviewsExportQuerySchema>;

/** A review row (spec §3 Review, plus reply state, removal and sentiment). */
export const ReviewRowSchema = z.object({
  Id: z.string(),
  ReviewId: z.string(),
  LocationId: z.string(),
  LocationTitle: z.string(),
  ReviewerDisplayName: z.string(),
  ReviewerProfilePhotoUrl: z.string().nullable(),
  StarRating: z.number().int(),
  Comment: z.string().nullable(),
  CreateTime: z.string(),
  UpdateTime: z.string(),
  ReviewReplyComment: z.string().nullable(),
  ReviewReplyUpdateTime: z.string().nullable(),
  ReplyBy: ReplyAuthorSchema.nullable(),
  /** none | posted | pending | deleting | failed */
  ReplyState: z.enum(['none', 'posted', 'pending', 'deleting', 'failed']),
  ReplyError: z.string().nullable(),
  BusinessUrl: z.string().nullable(),
  /** Google's review name. */
  LocationName: z.string(),
  IsRemoved: z.boolean(),
  RemovedAt: z.string().nullable(),
  /** Changed by the reviewer after it was first read (history keeps the old values). */
  IsEdited: z.boolean(),
  Sentiment: SentimentLabelSchema,
  SentimentScore: z.number(),
});
export type ReviewRow = z.infer<typeof ReviewRowSchema>;

export const ReviewsLazyResponseSchema = z.object({
  Success: z.literal(true),
  data: z.array(ReviewRowSchema),
  totalResultsCount: z.number().int(),
  filteredResultsCount: z.number().int(),
  /** Of the reviews the caller may see (total, before filters): how many still need a reply. */
  unrespondedCount: z.number().int(),
});
export type ReviewsLazyResponse = z.infer<typeof ReviewsLazyResponseSchema>;

export const ReviewHistoryEntrySchema = z.object({
  Kind: z.string(),
  At: z.string(),
  StarRating: z.number().int().nullable(),
  Comment: z.string().nullable(),
  By: ReplyAuthorSchema.nullable(),
  Message: z.string().nullable(),
});
export const ReviewDetailsSchema = ReviewRowSchema.extend({ History: z.array(ReviewHistoryEntrySchema) });
export type ReviewDetails = z.infer<typeof ReviewDetailsSchema>;

/** Summary cards and dashboard tiles over the reviews the caller may see. */
export const ReviewsSummarySchema = z.object({
  Total: z.number().int(),
  Unresponded: z.number().int(),
  Removed: z.number().int(),
  /** Two decimals; null without reviews. */
  AverageRating: z.number().nullable(),
  ByStars: z.array(z.number().int()),
});
export type ReviewsSummary = z.infer<typeof ReviewsSummarySchema>;

/** Review growth: per day, new reviews and the running total at the end of that day. */
export const ReviewGrowthPointSchema = z.object({ Date: z.string(), Count: z.number().int(), Total: z.number().int() });
export type ReviewGrowthPoint = z.infer<typeof ReviewGrowthPointSchema>;
export const REVIEW_GROWTH_DAYS = [30, 90, 180, 365] as const;

/** Update review reply (spec): LocationId, ReviewId, Comment. */
export const UpdateReviewReplyBodySchema = z.object({
  LocationId: z.string({ error: 'LocationId is required' }).trim().min(1, 'LocationId is required').max(200),
  ReviewId: z.string({ error: 'ReviewId is required' }).trim().min(1, 'ReviewId is required').max(200),
  Comment: z
    .string({ error: 'Comment is required' })
    .trim()
    .min(1, 'Comment is required')
    .refine((v) => utf8ByteCount(v) <= REVIEW_REPLY_MAX_BYTES, limitMessage('reviewReply', 'Comment')),
});
export type UpdateReviewReplyBody = z.input<typeof UpdateReviewReplyBodySchema>;

/** Answer of a reply write or delete (spec): the reply as Google holds it, or Google's error. */
export const ReviewReplyAnswerSchema = z.object({
  Success: z.boolean(),
  IsUnauthorized: z.boolean(),
  Data: z.object({ ReviewReply: z.object({ Comment: z.string().nullable(), UpdateTime: z.string().nullable() }) }).nullable(),
  ApiError: z.object({ ErrorMessage: z.string() }).nullable(),
  ResponseMessage: z.string().nullable(),
});
export type ReviewReplyAnswer = z.infer<typeof ReviewReplyAnswerSchema>;
