import {
  addGroupLocationsRoute,
  addMatchingGroupLocationsRoute,
  assignGroupUserRoute,
  createLocationGroupRoute,
  deleteLocationGroupRoute,
  getLocationGroupRoute,
  listLocationGroupsRoute,
  locationItemsRoute,
  locationsSummaryRoute,
  removeGroupLocationsRoute,
  renameLocationGroupRoute,
  statesRoute,
  unassignGroupUserRoute,
  userPickerRoute,
  type LocationGroupDetails,
  type LocationGroupSummary,
} from '@locus/contracts';
import { api } from '@web/app/api';
import { LIST } from '@web/app/tag-types';
import { dataQuery, requestFor, type AnswerOf, type BodyOf, type DataOf } from '@web/shared/lib/api-path';

export type { LocationGroupDetails, LocationGroupSummary };
export type GroupLocationItem = DataOf<typeof locationItemsRoute>[number];
export type GroupUserChoice = DataOf<typeof userPickerRoute>[number];
export type MatchingFilter = BodyOf<typeof addMatchingGroupLocationsRoute>;

const groupTags = (groupId: string) => [
  { type: 'LocationGroup' as const, id: groupId },
  { type: 'LocationGroup' as const, id: LIST },
];

export const locationGroupsApi = api.injectEndpoints({
  endpoints: (build) => ({
    locationGroups: build.query<LocationGroupSummary[], void>({
      ...dataQuery(listLocationGroupsRoute)(),
      providesTags: (res) => [...(res ?? []).map((g) => ({ type: 'LocationGroup' as const, id: g.Id })), { type: 'LocationGroup', id: LIST }],
    }),
    locationGroup: build.query<LocationGroupDetails, string>({
      ...dataQuery(getLocationGroupRoute)((groupId) => ({ params: { groupId } })),
      // its locations' titles come from the directory
      providesTags: (_r, _e, groupId) => [
        { type: 'LocationGroup', id: groupId },
        { type: 'Location', id: LIST },
      ],
    }),
    groupLocationChoices: build.query<GroupLocationItem[], void>({
      ...dataQuery(locationItemsRoute)(),
      providesTags: [{ type: 'Location', id: LIST }],
    }),
    groupUserChoices: build.query<GroupUserChoice[], void>({
      ...dataQuery(userPickerRoute)(() => ({ query: { role: 'CompanyUser' } })),
      providesTags: [{ type: 'User', id: LIST }],
    }),
    groupStates: build.query<DataOf<typeof statesRoute>, void>({
      ...dataQuery(statesRoute)(),
    }),
    /** How many of the company's locations a directory filter matches (one row asked, the count read). */
    matchingCount: build.query<number, { companyId: string; filter: MatchingFilter }>({
      query: ({ companyId, filter }) => requestFor(locationsSummaryRoute, { params: { companyId }, body: { ...filter, first: 0, rows: 1 } }),
      transformResponse: (res: AnswerOf<typeof locationsSummaryRoute>) => res.filteredResultsCount,
      providesTags: [{ type: 'Location', id: LIST }],
    }),
    createLocationGroup: build.mutation<AnswerOf<typeof createLocationGroupRoute>, BodyOf<typeof createLocationGroupRoute>>({
      query: (body) => requestFor(createLocationGroupRoute, { body }),
      invalidatesTags: [{ type: 'LocationGroup', id: LIST }],
    }),
    renameLocationGroup: build.mutation<AnswerOf<typeof renameLocationGroupRoute>, { groupId: string; body: BodyOf<typeof renameLocationGroupRoute> }>({
      query: ({ groupId, body }) => requestFor(renameLocationGroupRoute, { params: { groupId }, body }),
      invalidatesTags: (_r, _e, { groupId }) => groupTags(groupId),
    }),
    deleteLocationGroup: build.mutation<AnswerOf<typeof deleteLocationGroupRoute>, string>({
      query: (groupId) => requestFor(deleteLocationGroupRoute, { params: { groupId } }),
      invalidatesTags: (_r, _e, groupId) => groupTags(groupId),
    }),
    addGroupLocations: build.mutation<AnswerOf<typeof addGroupLocationsRoute>, { groupId: string; body: BodyOf<typeof addGroupLocationsRoute> }>({
      query: ({ groupId, body }) => requestFor(addGroupLocationsRoute, { params: { groupId }, body }),
      invalidatesTags: (_r, _e, { groupId }) => groupTags(groupId),
    }),
    addMatchingGroupLocations: build.mutation<AnswerOf<typeof addMatchingGroupLocationsRoute>, { groupId: string; body: MatchingFilter }>({
      query: ({ groupId, body }) => requestFor(addMatchingGroupLocationsRoute, { params: { groupId }, body }),
      invalidatesTags: (_r, _e, { groupId }) => groupTags(groupId),
    }),
    removeGroupLocations: build.mutation<AnswerOf<typeof removeGroupLocationsRoute>, { groupId: string; body: BodyOf<typeof removeGroupLocationsRoute> }>({
      query: ({ groupId, body }) => requestFor(removeGroupLocationsRoute, { params: { groupId }, body }),
      invalidatesTags: (_r, _e, { groupId }) => groupTags(groupId),
    }),
    assignGroupUser: build.mutation<AnswerOf<typeof assignGroupUserRoute>, { groupId: string; body: BodyOf<typeof assignGroupUserRoute> }>({
      query: ({ groupId, body }) => requestFor(assignGroupUserRoute, { params: { groupId }, body }),
      invalidatesTags: (_r, _e, { groupId }) => groupTags(groupId),
    }),
    unassignGroupUser: build.mutation<AnswerOf<typeof unassignGroupUserRoute>, { groupId: string; userId: string }>({
      query: ({ groupId, userId }) => requestFor(unassignGroupUserRoute, { params: { groupId, userId } }),
      invalidatesTags: (_r, _e, { groupId }) => groupTags(groupId),
    }),
  }),
});

export const {
  useLocationGroupsQuery,
  useLocationGroupQuery,
  useGroupLocationChoicesQuery,
  useGroupUserChoicesQuery,
  useGroupStatesQuery,
  useMatchingCountQuery,
  useCreateLocationGroupMutation,
  useRenameLocationGroupMutation,
  useDeleteLocationGroupMutation,
  useAddGroupLocationsMutation,
  useAddMatchingGroupLocationsMutation,
  useRemoveGroupLocationsMutation,
  useAssignGroupUserMutation,
  useUnassignGroupUserMutation,
} = locationGroupsApi;
