import { createApi } from '@reduxjs/toolkit/query/react';
import { endSessionAndGoToLogin } from '@web/shared/session/session-actions';
import { createLocusBaseQuery } from './base-query';
import { createPositionTracker } from './position-tracker';
import { TAG_TYPES } from './tag-types';

export const positions = createPositionTracker(typeof sessionStorage === 'undefined' ? null : sessionStorage);

/** The one RTK Query slice; features add their endpoints with `api.injectEndpoints`. */
export const api = createApi({
  reducerPath: 'api',
  baseQuery: createLocusBaseQuery({ positions, onSessionEnded: endSessionAndGoToLogin }),
  tagTypes: TAG_TYPES,
  // live messages invalidate tags; no polling, and a refetch when the tab regains focus or network
  refetchOnFocus: true,
  refetchOnReconnect: true,
  endpoints: () => ({}),
});
