import {
  createMediaRoute,
  createPostRoute,
  deleteMediaRoute,
  deletePostRoute,
  listDirectoriesRoute,
  localezeCategoriesRoute,
  listMediaRoute,
  listPostsRoute,
  listQuestionsRoute,
  refreshContentRoute,
  uploadFileRoute,
  uploadMediaRoute,
  type MediaView,
  type PostView,
  type Publisher,
  type QuestionView,
} from '@locus/contracts';
import { api } from '@web/app/api';
import { dataQuery, requestFor, type AnswerOf, type BodyOf, type DataOf } from '@web/shared/lib/api-path';

export type { MediaView, PostView, Publisher, QuestionView };
export type PostsData = DataOf<typeof listPostsRoute>;
export type MediaData = DataOf<typeof listMediaRoute>;
export type QuestionsData = DataOf<typeof listQuestionsRoute>;
export type CreatePostRequest = BodyOf<typeof createPostRoute>;

/** The details page's Posts, Media, Questions and Publishers (documents per location, refreshed live). */
export const locationContentApi = api.injectEndpoints({
  endpoints: (build) => ({
    locationPosts: build.query<PostsData, string>({
      ...dataQuery(listPostsRoute)((id) => ({ params: { id } })),
      providesTags: (_r, _e, id) => [{ type: 'Post', id }],
    }),
    locationMedia: build.query<MediaData, string>({
      ...dataQuery(listMediaRoute)((id) => ({ params: { id } })),
      providesTags: (_r, _e, id) => [{ type: 'Media', id }],
    }),
    locationQuestions: build.query<QuestionsData, string>({
      ...dataQuery(listQuestionsRoute)((id) => ({ params: { id } })),
      providesTags: (_r, _e, id) => [{ type: 'Question', id }],
    }),
    locationPublishers: build.query<Publisher[], string>({
      query: (id) => requestFor(listDirectoriesRoute, { params: { id } }),
      transformResponse: (res: AnswerOf<typeof listDirectoriesRoute>) => res.ResponseData,
      providesTags: (_r, _e, id) => [{ type: 'Publisher', id }],
    }),
    localezeCategories: build.query<{ Id: string; Name: string }[], void>({
      query: () => requestFor(localezeCategoriesRoute),
      transformResponse: (res: AnswerOf<typeof localezeCategoriesRoute>) => res.ResponseData,
      // Localeze's list changes rarely: kept for the session.
      keepUnusedDataFor: 3600,
    }),
    createPost: build.mutation<AnswerOf<typeof createPostRoute>, { id: string; body: CreatePostRequest }>({
      query: ({ id, body }) => requestFor(createPostRoute, { params: { id }, body }),
      invalidatesTags: (_r, _e, { id }) => [{ type: 'Post', id }],
    }),
    deletePost: build.mutation<AnswerOf<typeof deletePostRoute>, { id: string; postId: string }>({
      query: (params) => requestFor(deletePostRoute, { params }),
      invalidatesTags: (_r, _e, { id }) => [{ type: 'Post', id }],
    }),
    uploadMedia: build.mutation<AnswerOf<typeof uploadMediaRoute>, { id: string; file: File; category: string }>({
      query: ({ id, file, category }) => {
        const form = new FormData();
        form.append('File', file);
        form.append('Category', category);
        return requestFor(uploadMediaRoute, { params: { id }, body: form });
      },
      invalidatesTags: (_r, _e, { id }) => [{ type: 'Media', id }],
    }),
    createMedia: build.mutation<AnswerOf<typeof createMediaRoute>, { id: string; body: BodyOf<typeof createMediaRoute> }>({
      query: ({ id, body }) => requestFor(createMediaRoute, { params: { id }, body }),
      invalidatesTags: (_r, _e, { id }) => [{ type: 'Media', id }],
    }),
    deleteMedia: build.mutation<AnswerOf<typeof deleteMediaRoute>, { id: string; mediaId: string }>({
      query: (params) => requestFor(deleteMediaRoute, { params }),
      invalidatesTags: (_r, _e, { id }) => [{ type: 'Media', id }],
    }),
    uploadFile: build.mutation<AnswerOf<typeof uploadFileRoute>, { companyId: string; file: File }>({
      query: ({ companyId, file }) => {
        const form = new FormData();
        form.append('File', file);
        return requestFor(uploadFileRoute, { params: { companyId }, body: form });
      },
    }),
    refreshContent: build.mutation<AnswerOf<typeof refreshContentRoute>, string>({
      query: (id) => requestFor(refreshContentRoute, { params: { id } }),
    }),
  }),
});

export const {
  useLocationPostsQuery,
  useLocationMediaQuery,
  useLocationQuestionsQuery,
  useLocationPublishersQuery,
  useLocalezeCategoriesQuery,
  useCreatePostMutation,
  useDeletePostMutation,
  useUploadMediaMutation,
  useCreateMediaMutation,
  useDeleteMediaMutation,
  useUploadFileMutation,
  useRefreshContentMutation,
} = locationContentApi;
