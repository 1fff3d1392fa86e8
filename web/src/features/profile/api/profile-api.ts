import { getProfileRoute, profileResetPasswordRoute, removeAvatarRoute, updateProfileRoute, uploadAvatarRoute, type UserProfile } from '@locus/contracts';
import { api } from '@web/app/api';
import { dataQuery, requestFor, type AnswerOf, type BodyOf } from '@web/shared/lib/api-path';

export type { UserProfile };

export const profileApi = api.injectEndpoints({
  endpoints: (build) => ({
    profile: build.query<UserProfile, void>({
      ...dataQuery(getProfileRoute)(),
      providesTags: ['Profile'],
    }),
    updateProfile: build.mutation<AnswerOf<typeof updateProfileRoute>, BodyOf<typeof updateProfileRoute>>({
      query: (body) => requestFor(updateProfileRoute, { body }),
      invalidatesTags: ['Profile'],
    }),
    uploadAvatar: build.mutation<AnswerOf<typeof uploadAvatarRoute>, File>({
      query: (file) => {
        const form = new FormData();
        form.append('File', file);
        return requestFor(uploadAvatarRoute, { body: form });
      },
      invalidatesTags: ['Profile'],
    }),
    removeAvatar: build.mutation<AnswerOf<typeof removeAvatarRoute>, void>({
      query: () => requestFor(removeAvatarRoute),
      invalidatesTags: ['Profile'],
    }),
    resetPassword: build.mutation<AnswerOf<typeof profileResetPasswordRoute>, BodyOf<typeof profileResetPasswordRoute>>({
      query: (body) => requestFor(profileResetPasswordRoute, { body }),
    }),
  }),
});

export const { useProfileQuery, useUpdateProfileMutation, useUploadAvatarMutation, useRemoveAvatarMutation, useResetPasswordMutation } = profileApi;
