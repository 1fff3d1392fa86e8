import { resolveGoogleChangesRoute, type GoogleChangeField } from '@locus/contracts';
import { api } from '@web/app/api';
import { LIST } from '@web/app/tag-types';
import { requestFor, type AnswerOf } from '@web/shared/lib/api-path';

export type { GoogleChangeField };

export const googleChangesApi = api.injectEndpoints({
  endpoints: (build) => ({
    resolveGoogleChanges: build.mutation<AnswerOf<typeof resolveGoogleChangesRoute>, { id: string; accept: GoogleChangeField[]; keep: GoogleChangeField[] }>({
      query: ({ id, accept, keep }) => requestFor(resolveGoogleChangesRoute, { params: { id }, body: { Accept: accept, Keep: keep } }),
      invalidatesTags: (_r, _e, { id }) => [
        { type: 'Location', id },
        { type: 'Location', id: LIST },
      ],
    }),
  }),
});

export const { useResolveGoogleChangesMutation } = googleChangesApi;
