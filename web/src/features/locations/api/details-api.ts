import {
  type Category,
  getAttributesRoute,
  getLocationRoute,
  locationCategoriesRoute,
  type LocationDetails,
  type LocationRight,
  regularHoursRoute,
  syncLocationRoute,
  updateAttributesRoute,
  type UpdateLocationFieldsSchema,
  updateLocationRoute,
} from '@locus/contracts';
import type { z } from 'zod';
import { api } from '@web/app/api';
import { LIST } from '@web/app/tag-types';
import { dataQuery, requestFor, type AnswerOf, type BodyOf, type DataOf } from '@web/shared/lib/api-path';

export type { Category, LocationDetails };
/** The details with what the caller may do on the location (read, staff, owner, admin). */
export type LocationDetailsWithAccess = LocationDetails & { Access: LocationRight };
export type LocationAttributes = DataOf<typeof getAttributesRoute>;
/** The route's body schema preprocesses (its input is unknown): the client sends the fields it wraps. */
export type UpdateLocationRequest = z.input<typeof UpdateLocationFieldsSchema>;
export type RegularHoursRequest = BodyOf<typeof regularHoursRoute>;
export type UpdateAttributesRequest = BodyOf<typeof updateAttributesRoute>;

const locationTags = (id: string) => [
  { type: 'Location' as const, id },
  { type: 'Location' as const, id: LIST },
];

export const locationDetailsApi = api.injectEndpoints({
  endpoints: (build) => ({
    locationDetails: build.query<LocationDetailsWithAccess, string>({
      ...dataQuery(getLocationRoute)(
        (id) => ({ params: { id } }),
        (data) => ({ ...data.Location, Access: data.Access }),
      ),
      providesTags: (_r, _e, id) => [{ type: 'Location', id }],
    }),
    locationCategoryChoices: build.query<AnswerOf<typeof locationCategoriesRoute>, string>({
      query: (id) => requestFor(locationCategoriesRoute, { params: { id } }),
      providesTags: [{ type: 'Category', id: LIST }],
    }),
    locationAttributes: build.query<LocationAttributes, string>({
      ...dataQuery(getAttributesRoute)((id) => ({ params: { id } })),
      providesTags: (_r, _e, id) => [{ type: 'Location', id }],
    }),
    updateLocation: build.mutation<AnswerOf<typeof updateLocationRoute>, { id: string; body: UpdateLocationRequest }>({
      query: ({ id, body }) => requestFor(updateLocationRoute, { params: { id }, body }),
      invalidatesTags: (_r, _e, { id }) => locationTags(id),
    }),
    updateRegularHours: build.mutation<AnswerOf<typeof regularHoursRoute>, { id: string; body: RegularHoursRequest }>({
      query: ({ id, body }) => requestFor(regularHoursRoute, { params: { id }, body }),
      invalidatesTags: (_r, _e, { id }) => locationTags(id),
    }),
    updateAttributes: build.mutation<AnswerOf<typeof updateAttributesRoute>, { id: string; body: UpdateAttributesRequest }>({
      query: ({ id, body }) => requestFor(updateAttributesRoute, { params: { id }, body }),
      invalidatesTags: (_r, _e, { id }) => locationTags(id),
    }),
    syncLocation: build.mutation<AnswerOf<typeof syncLocationRoute>, string>({
      query: (id) => requestFor(syncLocationRoute, { params: { id } }),
      invalidatesTags: (_r, _e, id) => [...locationTags(id), 'Dashboard'],
    }),
  }),
});

export const {
  useLocationDetailsQuery,
  useLocationCategoryChoicesQuery,
  useLocationAttributesQuery,
  useUpdateLocationMutation,
  useUpdateRegularHoursMutation,
  useUpdateAttributesMutation,
  useSyncLocationMutation,
} = locationDetailsApi;
