import type { z } from 'zod';
import {
  categoriesRoute,
  citiesRoute,
  createLocationRoute,
  defaultHoursRoute,
  deleteLocationRoute,
  locationsSummaryRoute,
  publishLocationRoute,
  statesRoute,
} from '@locus/contracts/locations/routes';
import { getConnectedAccountRoute, listConnectedAccountsRoute, type ConnectedAccount } from '@locus/contracts/connections/routes';
import type { BusinessHoursOutSchema, Category, CreateLocationBodySchema, LocationRow, LocationsSummaryResponse } from '@locus/contracts/locations/dto';
import { api } from '@web/app/api';
import { LIST } from '@web/app/tag-types';
import { requestFor } from '@web/shared/lib/api-path';
import type { FilteringDataBody } from '../directory-request';

export type { Category, ConnectedAccount, LocationRow };
export type BusinessHoursOut = z.infer<typeof BusinessHoursOutSchema>;
/** What the dialog sends (the schema's input side). */
export type CreateLocationRequest = z.input<typeof CreateLocationBodySchema>;
export interface UsState {
  Name: string;
  StateCode: string;
}
export interface City {
  Name: string;
  Latitude: number;
  Longitude: number;
}
interface MessageAnswer {
  Success: true;
  ResponseMessage: string;
}
export interface CategoriesAnswer {
  Success: true;
  IsUnauthorized: boolean;
  Data: Category[];
}

const locationList = { type: 'Location' as const, id: LIST };

export const locationsApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** The lazy directory table (spec part 1 §2, §7 locations-summary). */
    locationsSummary: build.query<LocationsSummaryResponse, { companyId: string; body: FilteringDataBody }>({
      query: ({ companyId, body }) => requestFor(locationsSummaryRoute, { params: { companyId }, body }),
      providesTags: (res) => [...(res?.data ?? []).map((l) => ({ type: 'Location' as const, id: l.Id })), locationList],
    }),
    /** Header of /{accountId}/locations. */
    directoryAccount: build.query<ConnectedAccount, string>({
      query: (id) => requestFor(getConnectedAccountRoute, { params: { id } }),
      transformResponse: (res: { Data: ConnectedAccount }) => res.Data,
      providesTags: (res, _e, id) => [{ type: 'Connection', id: res?.Id ?? id }],
    }),
    /** Connected accounts a new location can be created under. */
    creatableAccounts: build.query<ConnectedAccount[], void>({
      query: () => requestFor(listConnectedAccountsRoute, { query: { page: 1, pageSize: 100 } }),
      transformResponse: (res: { Data: ConnectedAccount[] }) => res.Data ?? [],
      providesTags: [{ type: 'Connection', id: LIST }],
    }),
    googleCategories: build.query<CategoriesAnswer, void>({
      query: () => requestFor(categoriesRoute),
      providesTags: [{ type: 'Category', id: LIST }],
    }),
    usStates: build.query<UsState[], void>({
      query: () => requestFor(statesRoute),
      transformResponse: (res: { Data: UsState[] }) => res.Data ?? [],
    }),
    stateCities: build.query<City[], string>({
      query: (state) => requestFor(citiesRoute, { params: { state } }),
      transformResponse: (res: { Data: City[] }) => res.Data ?? [],
    }),
    /** The week a new location starts with (the company's saved defaults, else Monday-Friday 9-5). */
    defaultLocationHours: build.query<BusinessHoursOut[], void>({
      query: () => requestFor(defaultHoursRoute),
      transformResponse: (res: { Data: { LocationBusinessHours: BusinessHoursOut[] } }) => res.Data?.LocationBusinessHours ?? [],
      providesTags: ['LocationDefault'],
    }),
    createLocation: build.mutation<MessageAnswer & { Data: { Id: string } }, CreateLocationRequest>({
      query: (body) => requestFor(createLocationRoute, { body }),
      invalidatesTags: [locationList, 'Dashboard'],
    }),
    publishLocation: build.mutation<MessageAnswer, string>({
      query: (id) => requestFor(publishLocationRoute, { params: { id } }),
      invalidatesTags: (_r, _e, id) => [{ type: 'Location', id }, locationList],
    }),
    /** The list reloads whether the delete worked or not (spec part 1 §8). */
    deleteLocation: build.mutation<MessageAnswer, { id: string; deleteFromGoogle: boolean }>({
      query: ({ id, deleteFromGoogle }) => requestFor(deleteLocationRoute, { params: { id }, query: { deleteFromGoogle: deleteFromGoogle ? 'true' : 'false' } }),
      invalidatesTags: (_r, _e, { id }) => [{ type: 'Location', id }, locationList, 'Dashboard'],
    }),
  }),
});

export const {
  useLocationsSummaryQuery,
  useDirectoryAccountQuery,
  useCreatableAccountsQuery,
  useGoogleCategoriesQuery,
  useUsStatesQuery,
  useStateCitiesQuery,
  useDefaultLocationHoursQuery,
  useCreateLocationMutation,
  usePublishLocationMutation,
  useDeleteLocationMutation,
} = locationsApi;
