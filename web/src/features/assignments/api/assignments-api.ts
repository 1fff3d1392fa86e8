import type { z } from 'zod';
import {
  assignLocationRoute,
  locationItemsRoute,
  locationUsersRoute,
  primaryOwnerRoute,
  saveLocationUsersRoute,
  unassignLocationRoute,
  userLocationsRoute,
} from '@locus/contracts/locations/routes';
import type { AssignLocationBodySchema, LocationAssociationBodySchema, LocationUserSchema, UserLocationLink } from '@locus/contracts/locations/dto';
import { userPickerRoute } from '@locus/contracts/users/routes';
import { api } from '@web/app/api';
import { LIST } from '@web/app/tag-types';
import { requestFor } from '@web/shared/lib/api-path';

export type { UserLocationLink };
export type LocationUser = z.infer<typeof LocationUserSchema>;
export type AssignLocationRequest = z.input<typeof AssignLocationBodySchema>;
export type LocationAssociationRequest = z.input<typeof LocationAssociationBodySchema>;
export interface LocationItem {
  Title: string;
  LocationId: string;
  StoreCode: string;
}
export interface PickerUser {
  Id: string;
  FirstName: string;
  LastName: string;
  UserRoleId: 'CompanyAdmin' | 'CompanyUser';
}
export interface LocationUsers {
  PrimaryOwnerId: string | null;
  LocationCoownerIds: string[];
  StaffUserIds: string[];
  Users: LocationUser[];
}
interface Paged<T> {
  Success: true;
  Data: T[];
  TotalRecords: number;
  Page: number;
  PageSize: number;
}
interface MessageAnswer {
  Success: true;
  ResponseMessage: string;
}
export interface PrimaryOwnerAnswer {
  Success: true;
  ResponseMessage: string;
  Data: { Id: string; Name: string } | null;
}

const linkList = { type: 'UserLocation' as const, id: LIST };

export const assignmentsApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** Associated Locations panel (15 per page, search over title and address). */
    userLocations: build.query<Paged<UserLocationLink>, { userId: string; search?: string; page: number; pageSize: number }>({
      query: ({ userId, ...q }) => requestFor(userLocationsRoute, { params: { userId }, query: q }),
      providesTags: (res) => [...(res?.Data ?? []).map((l) => ({ type: 'UserLocation' as const, id: l.RowId })), linkList],
    }),
    /** The filterable location dropdown of Assign Locations. */
    assignableLocations: build.query<LocationItem[], void>({
      query: () => requestFor(locationItemsRoute),
      transformResponse: (res: { Data: LocationItem[] }) => res.Data ?? [],
      providesTags: [{ type: 'Location', id: LIST }],
    }),
    /** Asked each time a location is chosen (never served from cache). */
    primaryOwner: build.query<PrimaryOwnerAnswer, string>({
      query: (locationId) => requestFor(primaryOwnerRoute, { params: { locationId } }),
      keepUnusedDataFor: 0,
    }),
    assignLocation: build.mutation<MessageAnswer, AssignLocationRequest>({
      query: (body) => requestFor(assignLocationRoute, { body }),
      invalidatesTags: [linkList, { type: 'Location', id: LIST }],
    }),
    unassignLocation: build.mutation<MessageAnswer, { userId: string; locationId: string }>({
      query: (params) => requestFor(unassignLocationRoute, { params }),
      invalidatesTags: [linkList, { type: 'Location', id: LIST }],
    }),
    locationUsers: build.query<LocationUsers, string>({
      query: (id) => requestFor(locationUsersRoute, { params: { id } }),
      transformResponse: (res: { Data: LocationUsers }) => res.Data,
      providesTags: (_r, _e, id) => [{ type: 'UserLocation', id: `location:${id}` }, linkList],
    }),
    saveLocationUsers: build.mutation<MessageAnswer, { id: string; body: LocationAssociationRequest }>({
      query: ({ id, body }) => requestFor(saveLocationUsersRoute, { params: { id }, body }),
      invalidatesTags: (_r, _e, { id }) => [{ type: 'UserLocation', id: `location:${id}` }, linkList, { type: 'Location', id }, { type: 'Location', id: LIST }],
    }),
    assignmentUserPicker: build.query<PickerUser[], void>({
      query: () => requestFor(userPickerRoute),
      transformResponse: (res: { Data: PickerUser[] }) => res.Data ?? [],
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
