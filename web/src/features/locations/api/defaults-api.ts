import {
  deleteLocationDefaultImageRoute,
  fetchLocationDefaultsRoute,
  importEmailRoute,
  saveLocationDefaultsRoute,
  uploadImageRoute,
  uploadImagesRoute,
  type SaveLocationDefaultsBody,
} from '@locus/contracts';
import { api } from '@web/app/api';
import { LIST } from '@web/app/tag-types';
import { dataQuery, requestFor, type AnswerOf, type DataOf } from '@web/shared/lib/api-path';

export type LocationDefaultsData = DataOf<typeof fetchLocationDefaultsRoute>;

export const defaultsApi = api.injectEndpoints({
  endpoints: (build) => ({
    locationDefaults: build.query<LocationDefaultsData, void>({
      ...dataQuery(fetchLocationDefaultsRoute)(),
      providesTags: ['LocationDefault'],
    }),
    saveLocationDefaults: build.mutation<AnswerOf<typeof saveLocationDefaultsRoute>, SaveLocationDefaultsBody>({
      query: (body) => requestFor(saveLocationDefaultsRoute, { body }),
      invalidatesTags: ['LocationDefault'],
    }),
    deleteDefaultImage: build.mutation<AnswerOf<typeof deleteLocationDefaultImageRoute>, string>({
      query: (mediaId) => requestFor(deleteLocationDefaultImageRoute, { params: { mediaId } }),
      invalidatesTags: ['LocationDefault'],
    }),
    /** One image (spec `UploadImage`): logo and cover uploaders. */
    uploadImage: build.mutation<AnswerOf<typeof uploadImageRoute>, { companyId: string; file: File }>({
      query: ({ companyId, file }) => {
        const form = new FormData();
        form.append('CompanyId', companyId);
        form.append('File', file);
        return requestFor(uploadImageRoute, { body: form });
      },
    }),
    /** Several images at once (spec `multi`): answers their MediaItemUrl. */
    uploadImages: build.mutation<AnswerOf<typeof uploadImagesRoute>, { companyId: string; files: File[] }>({
      query: ({ companyId, files }) => {
        const form = new FormData();
        form.append('companyId', companyId);
        for (const f of files) form.append('files', f);
        return requestFor(uploadImagesRoute, { body: form });
      },
    }),
    /** CSV email import (spec `import-email`); progress comes over the live channel. */
    importEmails: build.mutation<AnswerOf<typeof importEmailRoute>, File>({
      query: (file) => {
        const form = new FormData();
        form.append('csvFile', file);
        return requestFor(importEmailRoute, { body: form });
      },
      invalidatesTags: [{ type: 'Location', id: LIST }, 'Dashboard'],
    }),
  }),
});

export const {
  useLocationDefaultsQuery,
  useSaveLocationDefaultsMutation,
  useDeleteDefaultImageMutation,
  useUploadImagesMutation,
  useUploadImageMutation,
  useImportEmailsMutation,
} = defaultsApi;
