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
import { dataQuery, requestFor, type AnswerOf, type BodyOf, type DataOf } from '@web/shared/lib/api-path';

export type { PostTemplate, TemplateLogEntry, TemplatePreview };
export type TemplateLocationItem = DataOf<typeof locationItemsRoute>[number];

/** Post templates' calls (/api/locationPostTemplates); live changes of the templates refresh these tags. */
export const templatesApi = api.injectEndpoints({
  endpoints: (build) => ({
    postTemplates: build.query<PostTemplate[], void>({
      ...dataQuery(fetchTemplatesRoute)(),
      providesTags: (res) => [...(res ?? []).map((t) => ({ type: 'PostTemplate' as const, id: t.Id })), { type: 'PostTemplate', id: LIST }],
    }),
    templateVariables: build.query<string[], void>({
      ...dataQuery(templateVariablesRoute)(undefined, (data) => data.map((v) => v.label)),
    }),
    templateLocationItems: build.query<TemplateLocationItem[], { groupId?: string } | void>({
      ...dataQuery(locationItemsRoute)((arg) => ({ query: arg?.groupId ? { groupId: arg.groupId } : {} })),
      providesTags: [{ type: 'Location', id: LIST }],
    }),
    templateLog: build.query<TemplateLogEntry[], string>({
      ...dataQuery(templateLogRoute)((id) => ({ params: { id } })),
      providesTags: (_r, _e, id) => [
        { type: 'PostTemplateLog', id: LIST },
        { type: 'PostTemplate', id },
      ],
    }),
    templatePreview: build.query<TemplatePreview | null, { id: string; locationId: string }>({
      ...dataQuery(templatePreviewRoute)(({ id, locationId }) => ({ params: { id, locationId } })),
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
