import type { z } from 'zod';
import {
  citiesRoute,
  getAttributesRoute,
  getLocationRoute,
  locationCategoriesRoute,
  publishLocationRoute,
  regularHoursRoute,
  statesRoute,
  syncLocationRoute,
  updateAttributesRoute,
  updateLocationRoute,
} from '@locus/contracts/locations/routes';
import type {
  Category,
  LocationAttributesSchema,
  LocationDetails,
  RegularHoursBodySchema,
  UpdateAttributesBodySchema,
  UpdateLocationFieldsSchema,
} from '@locus/contracts/locations/dto';
import { api } from '@web/app/api';
import { LIST } from '@web/app/tag-types';
import { requestFor } from '@web/shared/lib/api-path';

export type { Category, LocationDetails };
export type LocationAttributes = z.infer<typeof LocationAttributesSchema>;
export type UpdateLocationRequest = z.input<typeof UpdateLocationFieldsSchema>;
export type RegularHoursRequest = z.input<typeof RegularHoursBodySchema>;
export type UpdateAttributesRequest = z.input<typeof UpdateAttributesBodySchema>;

interface MessageAnswer {
  Success: true;
  ResponseMessage: string;
}
interface CategoriesAnswer {
  Success: true;
  IsUnauthorized: boolean;
  Data: Category[];
}

const locationTags = (id: string) => [{ type: 'Location' as const, id }, { type: 'Location' as const, id: LIST }];

export const locationDetailsApi = api.injectEndpoints({
  endpoints: (build) => ({
    locationDetails: build.query<LocationDetails, string>({
      query: (id) => requestFor(getLocationRoute, { params: { id } }),
      transformResponse: (res: { Data: { Location: LocationDetails } }) => res.Data.Location,
      providesTags: (_r, _e, id) => [{ type: 'Location', id }],
    }),
    locationCategoryChoices: build.query<CategoriesAnswer, string>({
      query: (id) => requestFor(locationCategoriesRoute, { params: { id } }),
      providesTags: [{ type: 'Category', id: LIST }],
    }),
    editStates: build.query<Array<{ Name: string; StateCode: string }>, void>({
      query: () => requestFor(statesRoute),
      transformResponse: (res: { Data: Array<{ Name: string; StateCode: string }> }) => res.Data ?? [],
    }),
    editCities: build.query<Array<{ Name: string; Latitude: number; Longitude: number }>, string>({
      query: (state) => requestFor(citiesRoute, { params: { state } }),
      transformResponse: (res: { Data: Array<{ Name: string; Latitude: number; Longitude: number }> }) => res.Data ?? [],
    }),
    locationAttributes: build.query<LocationAttributes, string>({
      query: (id) => requestFor(getAttributesRoute, { params: { id } }),
      transformResponse: (res: { Data: LocationAttributes }) => res.Data,
      providesTags: (_r, _e, id) => [{ type: 'Location', id }],
    }),
    updateLocation: build.mutation<MessageAnswer, { id: string; body: UpdateLocationRequest }>({
      query: ({ id, body }) => requestFor(updateLocationRoute, { params: { id }, body }),
      invalidatesTags: (_r, _e, { id }) => locationTags(id),
    }),
    updateRegularHours: build.mutation<MessageAnswer & { IsUnauthorized: boolean }, { id: string; body: RegularHoursRequest }>({
      query: ({ id, body }) => requestFor(regularHoursRoute, { params: { id }, body }),
      invalidatesTags: (_r, _e, { id }) => locationTags(id),
    }),
    updateAttributes: build.mutation<MessageAnswer, { id: string; body: UpdateAttributesRequest }>({
      query: ({ id, body }) => requestFor(updateAttributesRoute, { params: { id }, body }),
      invalidatesTags: (_r, _e, { id }) => locationTags(id),
    }),
    syncLocation: build.mutation<MessageAnswer, string>({
      query: (id) => requestFor(syncLocationRoute, { params: { id } }),
      invalidatesTags: (_r, _e, id) => [...locationTags(id), 'Dashboard'],
    }),
    uploadLocation: build.mutation<MessageAnswer, string>({
      query: (id) => requestFor(publishLocationRoute, { params: { id } }),
      invalidatesTags: (_r, _e, id) => locationTags(id),
    }),
  }),
});

export const {
  useLocationDetailsQuery,
  useLocationCategoryChoicesQuery,
  useEditStatesQuery,
  useEditCitiesQuery,
  useLocationAttributesQuery,
  useUpdateLocationMutation,
  useUpdateRegularHoursMutation,
  useUpdateAttributesMutation,
  useSyncLocationMutation,
  useUploadLocationMutation,
} = locationDetailsApi;
