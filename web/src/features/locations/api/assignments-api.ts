import {
  assignLocationRoute,
  locationItemsRoute,
  locationUsersRoute,
  primaryOwnerRoute,
  saveLocationUsersRoute,
  unassignLocationRoute,
  type UserLocationLink,
  userLocationsRoute,
  userPickerRoute,
} from '@locus/contracts';
import { api } from '@web/app/api';
import { LIST } from '@web/app/tag-types';
import { dataQuery, requestFor, type AnswerOf, type BodyOf, type DataOf, type ParamsOf, type QueryOf } from '@web/shared/lib/api-path';

export type { UserLocationLink };
export type LocationUsers = DataOf<typeof locationUsersRoute>;
export type LocationUser = LocationUsers['Users'][number];
export type AssignLocationRequest = BodyOf<typeof assignLocationRoute>;
export type LocationAssociationRequest = BodyOf<typeof saveLocationUsersRoute>;
export type LocationItem = DataOf<typeof locationItemsRoute>[number];
export type PickerUser = DataOf<typeof userPickerRoute>[number];
export type PrimaryOwnerAnswer = AnswerOf<typeof primaryOwnerRoute>;

const linkList = { type: 'UserLocation' as const, id: LIST };

export const assignmentsApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** Associated Locations panel (15 per page, search over title and address). */
    userLocations: build.query<AnswerOf<typeof userLocationsRoute>, ParamsOf<typeof userLocationsRoute> & QueryOf<typeof userLocationsRoute>>({
      query: ({ userId, ...q }) => requestFor(userLocationsRoute, { params: { userId }, query: q }),
      providesTags: (res) => [...(res?.Data ?? []).map((l) => ({ type: 'UserLocation' as const, id: l.RowId })), linkList],
    }),
    /** The filterable location dropdown of Assign Locations. */
    assignableLocations: build.query<LocationItem[], void>({
      ...dataQuery(locationItemsRoute)(),
      providesTags: [{ type: 'Location', id: LIST }],
    }),
    /** Asked each time a location is chosen (never served from cache). */
    primaryOwner: build.query<PrimaryOwnerAnswer, string>({
      query: (locationId) => requestFor(primaryOwnerRoute, { params: { locationId } }),
      keepUnusedDataFor: 0,
    }),
    assignLocation: build.mutation<AnswerOf<typeof assignLocationRoute>, AssignLocationRequest>({
      query: (body) => requestFor(assignLocationRoute, { body }),
      invalidatesTags: [linkList, { type: 'Location', id: LIST }],
    }),
    unassignLocation: build.mutation<AnswerOf<typeof assignLocationRoute>, { userId: string; locationId: string }>({
      query: (params) => requestFor(unassignLocationRoute, { params }),
      invalidatesTags: [linkList, { type: 'Location', id: LIST }],
    }),
    locationUsers: build.query<LocationUsers, string>({
      ...dataQuery(locationUsersRoute)((id) => ({ params: { id } })),
      providesTags: (_r, _e, id) => [{ type: 'UserLocation', id: `location:${id}` }, linkList],
    }),
    saveLocationUsers: build.mutation<AnswerOf<typeof saveLocationUsersRoute>, { id: string; body: LocationAssociationRequest }>({
      query: ({ id, body }) => requestFor(saveLocationUsersRoute, { params: { id }, body }),
      invalidatesTags: (_r, _e, { id }) => [{ type: 'UserLocation', id: `location:${id}` }, linkList, { type: 'Location', id }, { type: 'Location', id: LIST }],
    }),
    assignmentUserPicker: build.query<PickerUser[], void>({
      ...dataQuery(userPickerRoute)(),
      providesTags: [{ type: 'User', id: LIST }],
    }),
  }),
});

export const {
  useUserLocationsQuery,
  useAssignableLocationsQuery,
  useLazyPrimaryOwnerQuery,
  useAssignLocationMutation,
  useUnassignLocationMutation,
  useLocationUsersQuery,
  useSaveLocationUsersMutation,
  useAssignmentUserPickerQuery,
} = assignmentsApi;
