import { z } from 'zod';
import { defineRoute } from '../routes/route-def';
import {
  CompanyReviewsLazySchema,
  LocationReviewsLazySchema,
  REVIEW_GROWTH_DAYS,
  ReviewDetailsSchema,
  ReviewGrowthPointSchema,
  ReviewReplyAnswerSchema,
  ReviewsLazyResponseSchema,
  ReviewsExportQuerySchema,
  ReviewsSummarySchema,
  UpdateReviewReplyBodySchema,
} from './dto';

/**
 * Reviews: Aggregate Reviews (/company-reviews), Location details → Reviews, replies.
 * Company admins see every review of their company, company users those of the locations
 * assigned to them (another location's review answers 404). An Administrator works through a
 * company (viewing as its admin).
 */
const READERS = ['CompanyAdmin', 'CompanyUser'] as const;

const idParam = (name: string) =>
  z
    .string({ error: `${name} is required` })
    .trim()
    .min(1, `${name} is required`)
    .max(100, `${name} is too long`);
const CompanyParams = z.object({ companyId: idParam('companyId') });
const LocationParams = z.object({ locationId: idParam('locationId') });
const ReviewParams = z.object({ reviewId: idParam('reviewId') });

export const companyReviewsRoute = defineRoute({
  name: 'reviews.companyLazy',
  method: 'POST',
  path: '/api/gmb/:companyId/reviews-lazy',
  kind: 'query',
  roles: READERS,
  summary: 'Aggregate Reviews table: paging (10), sort, text search over reviewer and comment, Params {OnlyUnrespondedReviews, MinRating, ...}',
  request: { params: CompanyParams, body: CompanyReviewsLazySchema },
  response: ReviewsLazyResponseSchema,
  tenantParams: ['companyId'],
});

export const locationReviewsRoute = defineRoute({
  name: 'reviews.locationLazy',
  method: 'POST',
  path: '/api/gmb/:locationId/location-reviews-lazy',
  kind: 'query',
  roles: READERS,
  summary: 'Location details → Reviews: paging (5), sort (StarRating, ReviewReplyComment, CreateTime), filters',
  request: { params: LocationParams, body: LocationReviewsLazySchema },
  response: ReviewsLazyResponseSchema,
  tenantParams: ['locationId'],
  location: { param: 'locationId', needs: 'read' },
});

export const reviewsSummaryRoute = defineRoute({
  name: 'reviews.summary',
  method: 'GET',
  path: '/api/gmb/:companyId/reviews-summary',
  kind: 'query',
  roles: READERS,
  summary: 'Summary cards: total, unresponded, removed, average rating, count per star (over the locations the caller sees)',
  request: { params: CompanyParams },
  response: z.object({ Success: z.literal(true), Data: ReviewsSummarySchema }),
  tenantParams: ['companyId'],
});

export const locationReviewsSummaryRoute = defineRoute({
  name: 'reviews.locationSummary',
  method: 'GET',
  path: '/api/gmb/:locationId/location-reviews-summary',
  kind: 'query',
  roles: READERS,
  summary: "A location's review summary: totals, unanswered, average rating and count per star",
  request: { params: LocationParams },
  response: z.object({ Success: z.literal(true), Data: ReviewsSummarySchema }),
  tenantParams: ['locationId'],
  location: { param: 'locationId', needs: 'read' },
});

export const ReviewGrowthQuerySchema = z.object({
  days: z.coerce
    .number({ error: `days must be one of ${REVIEW_GROWTH_DAYS.join(', ')}` })
    .int()
    .refine((d) => (REVIEW_GROWTH_DAYS as readonly number[]).includes(d), `days must be one of ${REVIEW_GROWTH_DAYS.join(', ')}`)
    .default(90),
});

export const reviewsGrowthRoute = defineRoute({
  name: 'reviews.growth',
  method: 'GET',
  path: '/api/gmb/:companyId/reviews-growth',
  kind: 'query',
  roles: READERS,
  summary: 'Reviews growth by day (new reviews and running total) over the last `days` days',
  request: { params: CompanyParams, query: ReviewGrowthQuerySchema },
  response: z.object({ Success: z.literal(true), Data: z.array(ReviewGrowthPointSchema) }),
  tenantParams: ['companyId'],
});

export const getReviewRoute = defineRoute({
  name: 'reviews.get',
  method: 'GET',
  path: '/api/gmb/review/:reviewId',
  kind: 'query',
  roles: READERS,
  summary: 'One review with its history (old stars and text, replies, removal)',
  request: { params: ReviewParams },
  response: z.object({ Success: z.literal(true), Data: ReviewDetailsSchema }),
  tenantParams: ['reviewId'],
  location: { needs: 'read' },
});

export const updateReviewReplyRoute = defineRoute({
  name: 'reviews.updateReply',
  method: 'POST',
  path: '/api/gmb/review-reply/:reviewId',
  kind: 'command',
  roles: READERS,
  summary: 'Write or edit the reply on Google (through the write queue); waits for Google’s answer',
  request: { params: ReviewParams, body: UpdateReviewReplyBodySchema },
  response: ReviewReplyAnswerSchema,
  tenantParams: ['reviewId'],
  location: { needs: 'staff' },
  answers: { pending: true },
});

export const deleteReviewReplyRoute = defineRoute({
  name: 'reviews.deleteReply',
  method: 'DELETE',
  path: '/api/gmb/review-reply/:reviewId',
  kind: 'command',
  roles: READERS,
  summary: 'Delete the reply on Google; waits for Google’s answer',
  request: { params: ReviewParams },
  response: ReviewReplyAnswerSchema,
  tenantParams: ['reviewId'],
  location: { needs: 'staff' },
  answers: { pending: true },
});

/**
 * The reviews of the aggregate page (or of one location, `LocationId`) with the table's filters,
 * search and sort, as CSV, streamed: every matching review, not one page.
 */
export const exportReviewsRoute = defineRoute({
  name: 'reviews.export',
  method: 'GET',
  path: '/api/gmb/:companyId/reviews-export',
  kind: 'query',
  roles: READERS,
  summary: 'The filtered reviews as text/csv (query: the table’s filters, globalFilter, sortField, sortOrder; LocationId for one location)',
  description:
    'Every review matching the filters of Aggregate Reviews or of a location’s Reviews section, streamed as CSV (UTF-8 with BOM). Cells a spreadsheet would run as formulas are escaped. A company user gets the reviews of the locations assigned to them; another location answers 404.',
  request: { params: CompanyParams, query: ReviewsExportQuerySchema },
  tenantParams: ['companyId'],
  answers: { media: ['text/csv'] },
});

/** A Cloud Pub/Sub push: the message (data is base64 of the notification's JSON) and the subscription. */
export const PubSubPushSchema = z.object({
  message: z.object(
    {
      data: z.string({ error: 'message.data is required' }).max(65_536, 'message.data is too long'),
      attributes: z.record(z.string(), z.string()).nullish(),
      messageId: z.string({ error: 'message.messageId is required' }).min(1, 'message.messageId is required').max(200),
      publishTime: z.string().nullish(),
    },
    { error: 'message is required' },
  ),
  subscription: z.string().max(500).nullish(),
});

/**
 * Google's Business Profile notifications (NEW_REVIEW, UPDATED_REVIEW, GOOGLE_UPDATE) pushed by Cloud Pub/Sub.
 * Only Google may call it: the push's OIDC token must be signed by Google's keys, for Locus's
 * audience; anything else is 401 and changes nothing.
 */
export const googleNotificationsRoute = defineRoute({
  name: 'reviews.googleNotifications',
  method: 'POST',
  path: '/api/google/notifications',
  kind: 'command',
  roles: ['Anonymous'],
  summary: 'Pub/Sub push endpoint for Google Business Profile notifications (OIDC token verified)',
  description:
    'Cloud Pub/Sub pushes each notification of the Business Profile Notifications API here (message.data is the base64 JSON {type, review, location}). The Authorization bearer token is the push subscription’s OIDC token: its issuer, audience and RS256 signature against Google’s keys are checked, else 401. A NEW_REVIEW or UPDATED_REVIEW notification has that one review read from Google and recorded; a GOOGLE_UPDATE notification has the changes Google holds for that location read (getGoogleUpdated) and shown for review; other types are acknowledged and ignored.',
  request: { body: PubSubPushSchema },
  response: z.object({ Success: z.literal(true), Locations: z.number().int() }),
  answers: { errors: [401] },
});

export const reviewsRoutes = [
  companyReviewsRoute,
  locationReviewsRoute,
  reviewsSummaryRoute,
  locationReviewsSummaryRoute,
  reviewsGrowthRoute,
  getReviewRoute,
  updateReviewReplyRoute,
  deleteReviewReplyRoute,
  exportReviewsRoute,
  googleNotificationsRoute,
] as const;
