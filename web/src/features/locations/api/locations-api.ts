import {
  categoriesRoute,
  type Category,
  citiesRoute,
  type ConnectedAccount,
  createLocationRoute,
  defaultHoursRoute,
  deleteLocationRoute,
  exportLocationsRoute,
  getConnectedAccountRoute,
  listConnectedAccountsRoute,
  type LocationRow,
  locationsSummaryRoute,
  publishLocationRoute,
  statesRoute,
} from '@locus/contracts';
import { api } from '@web/app/api';
import { LIST } from '@web/app/tag-types';
import { dataQuery, requestFor, type AnswerOf, type BodyOf, type DataOf } from '@web/shared/lib/api-path';
import type { FilteringDataBody } from '../directory/directory-request';

export type { Category, ConnectedAccount, LocationRow };
export type BusinessHoursOut = DataOf<typeof defaultHoursRoute>['LocationBusinessHours'][number];
/** What the dialog sends (the schema's input side). */
export type CreateLocationRequest = BodyOf<typeof createLocationRoute>;
export type UsState = DataOf<typeof statesRoute>[number];
export type City = DataOf<typeof citiesRoute>[number];
export type CategoriesAnswer = AnswerOf<typeof categoriesRoute>;

const locationList = { type: 'Location' as const, id: LIST };

export const locationsApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** The lazy directory table (spec part 1 §2, §7 locations-summary). */
    locationsSummary: build.query<AnswerOf<typeof locationsSummaryRoute>, { companyId: string; body: FilteringDataBody }>({
      query: ({ companyId, body }) => requestFor(locationsSummaryRoute, { params: { companyId }, body }),
      providesTags: (res) => [...(res?.data ?? []).map((l) => ({ type: 'Location' as const, id: l.Id })), locationList],
    }),
    /** The filtered directory as CSV text (every page); the browser saves it as a file. */
    exportLocations: build.mutation<string, { companyId: string; query: Record<string, string> }>({
      query: ({ companyId, query }) => ({ ...requestFor(exportLocationsRoute, { params: { companyId }, query }), responseHandler: 'text' as const }),
    }),
    /** Header of /{accountId}/locations. */
    directoryAccount: build.query<ConnectedAccount, string>({
      ...dataQuery(getConnectedAccountRoute)((id) => ({ params: { id } })),
      providesTags: (res, _e, id) => [{ type: 'Connection', id: res?.Id ?? id }],
    }),
    /** Connected accounts a new location can be created under. */
    creatableAccounts: build.query<ConnectedAccount[], void>({
      ...dataQuery(listConnectedAccountsRoute)(() => ({ query: { page: 1, pageSize: 100 } })),
      providesTags: [{ type: 'Connection', id: LIST }],
    }),
    googleCategories: build.query<CategoriesAnswer, void>({
      query: () => requestFor(categoriesRoute),
      providesTags: [{ type: 'Category', id: LIST }],
    }),
    usStates: build.query<UsState[], void>({
      ...dataQuery(statesRoute)(),
    }),
    stateCities: build.query<City[], string>({
      ...dataQuery(citiesRoute)((state) => ({ params: { state } })),
    }),
    /** The week a new location starts with (the company's saved defaults, else Monday-Friday 9-5). */
    defaultLocationHours: build.query<BusinessHoursOut[], void>({
      ...dataQuery(defaultHoursRoute)(undefined, (data) => data.LocationBusinessHours),
      providesTags: ['LocationDefault'],
    }),
    createLocation: build.mutation<AnswerOf<typeof createLocationRoute>, CreateLocationRequest>({
      query: (body) => requestFor(createLocationRoute, { body }),
      invalidatesTags: [locationList, 'Dashboard'],
    }),
    publishLocation: build.mutation<AnswerOf<typeof publishLocationRoute>, string>({
      query: (id) => requestFor(publishLocationRoute, { params: { id } }),
      invalidatesTags: (_r, _e, id) => [{ type: 'Location', id }, locationList],
    }),
    /** The list reloads whether the delete worked or not (spec part 1 §8). */
    deleteLocation: build.mutation<AnswerOf<typeof deleteLocationRoute>, { id: string; deleteFromGoogle: boolean }>({
      query: ({ id, deleteFromGoogle }) =>
        requestFor(deleteLocationRoute, { params: { id }, query: { deleteFromGoogle: deleteFromGoogle ? 'true' : 'false' } }),
      invalidatesTags: (_r, _e, { id }) => [{ type: 'Location', id }, locationList, 'Dashboard'],
    }),
  }),
});

export const {
  useLocationsSummaryQuery,
  useExportLocationsMutation,
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
