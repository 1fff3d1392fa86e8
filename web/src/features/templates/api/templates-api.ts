import {
  cancelTemplateScheduleRoute,
  deleteTemplateRoute,
  fetchTemplatesRoute,
  locationItemsRoute,
  publishTemplateRoute,
  retryTemplateRoute,
  saveTemplateRoute,
  templateLogRoute,
  templatePreviewRoute,
  templateVariablesRoute,
  uploadTemplateImageRoute,
  type PostTemplate,
  type TemplateLogEntry,
  type TemplatePreview,
} from '@locus/contracts';
import { api } from '@web/app/api';
import { LIST } from '@web/app/tag-types';
import { requestFor, type AnswerOf, type BodyOf, type DataOf } from '@web/shared/lib/api-path';

export type { PostTemplate, TemplateLogEntry, TemplatePreview };
export type TemplateLocationItem = DataOf<typeof locationItemsRoute>[number];

/** Post templates' calls (/api/locationPostTemplates); live changes of the templates refresh these tags. */
export const templatesApi = api.injectEndpoints({
  endpoints: (build) => ({
    postTemplates: build.query<PostTemplate[], void>({
      query: () => requestFor(fetchTemplatesRoute),
      transformResponse: (res: AnswerOf<typeof fetchTemplatesRoute>) => res.Data,
      providesTags: (res) => [...(res ?? []).map((t) => ({ type: 'PostTemplate' as const, id: t.Id })), { type: 'PostTemplate', id: LIST }],
    }),
    templateVariables: build.query<string[], void>({
      query: () => requestFor(templateVariablesRoute),
      transformResponse: (res: AnswerOf<typeof templateVariablesRoute>) => res.Data.map((v) => v.label),
    }),
    templateLocationItems: build.query<TemplateLocationItem[], { groupId?: string } | void>({
      query: (arg) => requestFor(locationItemsRoute, { query: arg?.groupId ? { groupId: arg.groupId } : {} }),
      transformResponse: (res: AnswerOf<typeof locationItemsRoute>) => res.Data,
      providesTags: [{ type: 'Location', id: LIST }],
    }),
    templateLog: build.query<TemplateLogEntry[], string>({
      query: (id) => requestFor(templateLogRoute, { params: { id } }),
      transformResponse: (res: AnswerOf<typeof templateLogRoute>) => res.Data,
      providesTags: (_r, _e, id) => [
        { type: 'PostTemplateLog', id: LIST },
        { type: 'PostTemplate', id },
      ],
    }),
    templatePreview: build.query<TemplatePreview | null, { id: string; locationId: string }>({
      query: ({ id, locationId }) => requestFor(templatePreviewRoute, { params: { id, locationId } }),
      transformResponse: (res: AnswerOf<typeof templatePreviewRoute>) => res.Data,
      providesTags: (_r, _e, { id }) => [{ type: 'PostTemplate', id }],
    }),
    saveTemplate: build.mutation<AnswerOf<typeof saveTemplateRoute>, BodyOf<typeof saveTemplateRoute>>({
      query: (body) => requestFor(saveTemplateRoute, { body }),
      invalidatesTags: [{ type: 'PostTemplate', id: LIST }],
    }),
    publishTemplate: build.mutation<AnswerOf<typeof publishTemplateRoute>, BodyOf<typeof publishTemplateRoute>>({
      query: (body) => requestFor(publishTemplateRoute, { body }),
      invalidatesTags: [{ type: 'PostTemplate', id: LIST }],
    }),
    retryTemplate: build.mutation<AnswerOf<typeof retryTemplateRoute>, string>({
      query: (id) => requestFor(retryTemplateRoute, { params: { id } }),
      invalidatesTags: [{ type: 'PostTemplate', id: LIST }],
    }),
    cancelTemplateSchedule: build.mutation<AnswerOf<typeof cancelTemplateScheduleRoute>, string>({
      query: (id) => requestFor(cancelTemplateScheduleRoute, { params: { id } }),
      invalidatesTags: [{ type: 'PostTemplate', id: LIST }],
    }),
    uploadTemplateImage: build.mutation<AnswerOf<typeof uploadTemplateImageRoute>, File>({
      query: (file) => {
        const form = new FormData();
        form.append('File', file);
        return requestFor(uploadTemplateImageRoute, { body: form });
      },
    }),
    deleteTemplate: build.mutation<AnswerOf<typeof deleteTemplateRoute>, string>({
      query: (id) => requestFor(deleteTemplateRoute, { params: { id } }),
      invalidatesTags: [{ type: 'PostTemplate', id: LIST }],
    }),
  }),
});

export const {
  usePostTemplatesQuery,
  useTemplateVariablesQuery,
  useTemplateLocationItemsQuery,
  useTemplateLogQuery,
  useTemplatePreviewQuery,
  useSaveTemplateMutation,
  usePublishTemplateMutation,
  useRetryTemplateMutation,
  useCancelTemplateScheduleMutation,
  useDeleteTemplateMutation,
  useUploadTemplateImageMutation,
} = templatesApi;
