import {
  approvalViewRoute,
  approveByLinkRoute,
  approveFromListRoute,
  automationListRoute,
  cancelAutoReplyRoute,
  getAiReviewSettingsRoute,
  getBrandSettingsRoute,
  randomReviewRoute,
  rejectFromListRoute,
  saveAiReviewSampleRoute,
  saveAiReviewSettingsRoute,
  saveAutoReplyRulesRoute,
  saveBrandSettingsRoute,
  type AiReviewSettingsDto,
  type ApprovalView,
  type AutomationItem,
  type BrandSettingsDto,
  type RandomReview,
} from '@locus/contracts';
import { api } from '@web/app/api';
import { LIST } from '@web/app/tag-types';
import { dataQuery, requestFor, type AnswerOf, type BodyOf, type QueryOf } from '@web/shared/lib/api-path';

export type { AiReviewSettingsDto, ApprovalView, AutomationItem, BrandSettingsDto, RandomReview };

export const reviewsAiApi = api.injectEndpoints({
  endpoints: (build) => ({
    aiReviewSettings: build.query<AiReviewSettingsDto, void>({
      ...dataQuery(getAiReviewSettingsRoute)(),
      providesTags: ['AiSettings'],
    }),
    saveAiReviewSettings: build.mutation<AnswerOf<typeof saveAiReviewSettingsRoute>, BodyOf<typeof saveAiReviewSettingsRoute>>({
      query: (body) => requestFor(saveAiReviewSettingsRoute, { body }),
      invalidatesTags: ['AiSettings'],
    }),
    /** Fetched on demand (a new random review each time): no cache. */
    randomReview: build.query<RandomReview | null, number>({
      ...dataQuery(randomReviewRoute)(),
      keepUnusedDataFor: 0,
    }),
    sampleReply: build.mutation<AnswerOf<typeof saveAiReviewSampleRoute>, BodyOf<typeof saveAiReviewSampleRoute>>({
      query: (body) => requestFor(saveAiReviewSampleRoute, { body }),
      invalidatesTags: ['AiSettings'],
    }),
    saveAutoReplyRules: build.mutation<AnswerOf<typeof saveAutoReplyRulesRoute>, BodyOf<typeof saveAutoReplyRulesRoute>>({
      query: (body) => requestFor(saveAutoReplyRulesRoute, { body }),
      invalidatesTags: ['AiSettings'],
    }),
    brandSettings: build.query<BrandSettingsDto, void>({
      ...dataQuery(getBrandSettingsRoute)(),
      providesTags: ['BrandSettings'],
    }),
    saveBrandSettings: build.mutation<AnswerOf<typeof saveBrandSettingsRoute>, BodyOf<typeof saveBrandSettingsRoute>>({
      query: (body) => requestFor(saveBrandSettingsRoute, { body }),
      invalidatesTags: ['BrandSettings'],
    }),
    reviewAutomation: build.query<AutomationItem[], QueryOf<typeof automationListRoute>>({
      ...dataQuery(automationListRoute)((query) => ({ query })),
      providesTags: (res) => [...(res ?? []).map((i) => ({ type: 'ReviewAutomation' as const, id: i.ReviewId })), { type: 'ReviewAutomation', id: LIST }],
    }),
    cancelAutoReply: build.mutation<AnswerOf<typeof cancelAutoReplyRoute>, string>({
      query: (reviewId) => requestFor(cancelAutoReplyRoute, { params: { reviewId } }),
      invalidatesTags: [{ type: 'ReviewAutomation', id: LIST }],
    }),
    approveReply: build.mutation<AnswerOf<typeof approveFromListRoute>, { reviewId: string; Comment: string }>({
      query: ({ reviewId, Comment }) => requestFor(approveFromListRoute, { params: { reviewId }, body: { Comment } }),
      invalidatesTags: [{ type: 'ReviewAutomation', id: LIST }],
    }),
    rejectReply: build.mutation<AnswerOf<typeof rejectFromListRoute>, string>({
      query: (reviewId) => requestFor(rejectFromListRoute, { params: { reviewId } }),
      invalidatesTags: [{ type: 'ReviewAutomation', id: LIST }],
    }),
    approvalView: build.query<ApprovalView, string>({
      ...dataQuery(approvalViewRoute)((token) => ({ params: { token } })),
      keepUnusedDataFor: 0,
    }),
    approveByLink: build.mutation<AnswerOf<typeof approveByLinkRoute>, { token: string; Comment: string }>({
      query: ({ token, Comment }) => requestFor(approveByLinkRoute, { params: { token }, body: { Comment } }),
    }),
  }),
});

export const {
  useAiReviewSettingsQuery,
  useSaveAiReviewSettingsMutation,
  useLazyRandomReviewQuery,
  useSampleReplyMutation,
  useSaveAutoReplyRulesMutation,
  useBrandSettingsQuery,
  useSaveBrandSettingsMutation,
  useReviewAutomationQuery,
  useCancelAutoReplyMutation,
  useApproveReplyMutation,
  useRejectReplyMutation,
  useApprovalViewQuery,
  useApproveByLinkMutation,
} = reviewsAiApi;
