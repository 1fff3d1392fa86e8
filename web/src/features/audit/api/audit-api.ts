import { entityAtRoute, historyExportRoute, historyFacetsRoute, historyRoute, restoreEntityRoute, type HistoryRow } from '@locus/contracts';
import { api } from '@web/app/api';
import { LIST } from '@web/app/tag-types';
import { dataQuery, requestFor, type AnswerOf, type BodyOf, type DataOf, type QueryOf } from '@web/shared/lib/api-path';

export type { HistoryRow };
export type HistoryQuery = QueryOf<typeof historyRoute>;
export type HistoryPage = AnswerOf<typeof historyRoute>;
export type HistoryFacets = DataOf<typeof historyFacetsRoute>;
export type EntityAt = DataOf<typeof entityAtRoute>;
export type ExportQuery = QueryOf<typeof historyExportRoute>;

export interface EntityRef {
  entityType: string;
  entityId: string;
}

export const auditApi = api.injectEndpoints({
  endpoints: (build) => ({
    history: build.query<HistoryPage, HistoryQuery>({
      query: (q) => requestFor(historyRoute, { query: q }),
      providesTags: [{ type: 'History', id: LIST }],
    }),
    historyFacets: build.query<HistoryFacets, void>({
      ...dataQuery(historyFacetsRoute)(),
      providesTags: [{ type: 'History', id: LIST }],
    }),
    entityAt: build.query<EntityAt, EntityRef & { at?: string; position?: number }>({
      ...dataQuery(entityAtRoute)(({ entityType, entityId, at, position }) => ({ params: { entityType, entityId }, query: { at, position } })),
      providesTags: [{ type: 'History', id: LIST }],
    }),
    restoreEntity: build.mutation<AnswerOf<typeof restoreEntityRoute>, EntityRef & { body: BodyOf<typeof restoreEntityRoute> }>({
      query: ({ entityType, entityId, body }) => requestFor(restoreEntityRoute, { params: { entityType, entityId }, body }),
      invalidatesTags: [
        { type: 'History', id: LIST },
        { type: 'Location', id: LIST },
      ],
    }),
    exportHistory: build.mutation<string, ExportQuery>({
      query: (q) => ({ ...requestFor(historyExportRoute, { query: q }), responseHandler: 'text' as const }),
    }),
  }),
});

export const { useHistoryQuery, useHistoryFacetsQuery, useEntityAtQuery, useRestoreEntityMutation, useExportHistoryMutation } = auditApi;
