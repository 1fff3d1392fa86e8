import { getNotificationPreferencesRoute, saveNotificationPreferencesRoute, type NotificationPreferences } from '@locus/contracts';
import { api } from '@web/app/api';
import { dataQuery, requestFor, type AnswerOf, type BodyOf } from '@web/shared/lib/api-path';

export type { NotificationPreferences };

export const notificationsApi = api.injectEndpoints({
  endpoints: (build) => ({
    notificationPreferences: build.query<NotificationPreferences, void>({
      ...dataQuery(getNotificationPreferencesRoute)(),
      providesTags: ['NotificationPreferences'],
    }),
    saveNotificationPreferences: build.mutation<AnswerOf<typeof saveNotificationPreferencesRoute>, BodyOf<typeof saveNotificationPreferencesRoute>>({
      query: (body) => requestFor(saveNotificationPreferencesRoute, { body }),
      invalidatesTags: ['NotificationPreferences'],
    }),
  }),
});

export const { useNotificationPreferencesQuery, useSaveNotificationPreferencesMutation } = notificationsApi;
