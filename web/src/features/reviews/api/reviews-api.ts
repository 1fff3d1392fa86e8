import {
  companyReviewsRoute,
  deleteReviewReplyRoute,
  exportReviewsRoute,
  getReviewRoute,
  locationReviewsRoute,
  locationReviewsSummaryRoute,
  reviewsGrowthRoute,
  reviewsSummaryRoute,
  updateReviewReplyRoute,
  type ReviewDetails,
  type ReviewGrowthPoint,
  type ReviewRow,
  type ReviewsSummary,
} from '@locus/contracts';
import { api } from '@web/app/api';
import { LIST } from '@web/app/tag-types';
import { dataQuery, requestFor, type AnswerOf, type BodyOf } from '@web/shared/lib/api-path';

export type { ReviewDetails, ReviewGrowthPoint, ReviewRow, ReviewsSummary };
export type ReviewsLazyBody = BodyOf<typeof companyReviewsRoute>;
export type ReviewsPage = AnswerOf<typeof companyReviewsRoute>;
export type ReplyAnswer = AnswerOf<typeof updateReviewReplyRoute>;

const reviewList = { type: 'Review' as const, id: LIST };
/** Live changes of a stats collection invalidate its documents and LIST (collection-tags). */
const summaryList = { type: 'ReviewSummary' as const, id: LIST };
const rowTags = (res: ReviewsPage | undefined) => [...(res?.data ?? []).map((r) => ({ type: 'Review' as const, id: r.Id })), reviewList];

export const reviewsApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** Aggregate Reviews table (10 a page). */
    companyReviews: build.query<ReviewsPage, { companyId: string; body: ReviewsLazyBody }>({
      query: ({ companyId, body }) => requestFor(companyReviewsRoute, { params: { companyId }, body }),
      providesTags: rowTags,
    }),
    /** Location details → Reviews (5 a page). */
    locationReviews: build.query<ReviewsPage, { locationId: string; body: ReviewsLazyBody }>({
      query: ({ locationId, body }) => requestFor(locationReviewsRoute, { params: { locationId }, body: { ...body, LocationId: locationId } }),
      providesTags: rowTags,
    }),
    reviewsSummary: build.query<ReviewsSummary, string>({
      ...dataQuery(reviewsSummaryRoute)((companyId) => ({ params: { companyId } })),
      providesTags: [summaryList],
    }),
    locationReviewsSummary: build.query<ReviewsSummary, string>({
      ...dataQuery(locationReviewsSummaryRoute)((locationId) => ({ params: { locationId } })),
      providesTags: [summaryList],
    }),
    reviewsGrowth: build.query<ReviewGrowthPoint[], { companyId: string; days: number }>({
      ...dataQuery(reviewsGrowthRoute)(({ companyId, days }) => ({ params: { companyId }, query: { days } })),
      providesTags: [{ type: 'ReviewGrowth', id: LIST }],
    }),
    review: build.query<ReviewDetails, string>({
      ...dataQuery(getReviewRoute)((reviewId) => ({ params: { reviewId } })),
      providesTags: (_r, _e, id) => [{ type: 'Review', id }],
    }),
    updateReply: build.mutation<ReplyAnswer, { reviewId: string; locationId: string; comment: string }>({
      query: ({ reviewId, locationId, comment }) =>
        requestFor(updateReviewReplyRoute, { params: { reviewId }, body: { LocationId: locationId, ReviewId: reviewId, Comment: comment } }),
      invalidatesTags: (_r, _e, { reviewId }) => [{ type: 'Review', id: reviewId }, reviewList, 'ReviewSummary'],
    }),
    /** The table's reviews (every page) as CSV text. */
    exportReviews: build.mutation<string, { companyId: string; query: Record<string, string> }>({
      query: ({ companyId, query }) => ({ ...requestFor(exportReviewsRoute, { params: { companyId }, query }), responseHandler: 'text' as const }),
    }),
    deleteReply: build.mutation<ReplyAnswer, string>({
      query: (reviewId) => requestFor(deleteReviewReplyRoute, { params: { reviewId } }),
      invalidatesTags: (_r, _e, reviewId) => [{ type: 'Review', id: reviewId }, reviewList, 'ReviewSummary'],
    }),
  }),
});

export const {
  useCompanyReviewsQuery,
  useLocationReviewsQuery,
  useReviewsSummaryQuery,
  useLocationReviewsSummaryQuery,
  useReviewsGrowthQuery,
  useReviewQuery,
  useUpdateReplyMutation,
  useExportReviewsMutation,
  useDeleteReplyMutation,
} = reviewsApi;
