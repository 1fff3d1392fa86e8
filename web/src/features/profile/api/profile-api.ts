import {
  getProfileRoute,
  profileResetPasswordRoute,
  removeAvatarRoute,
  updateProfileRoute,
  uploadAvatarRoute,
} from '@locus/contracts/users/routes';
import type { ProfilePasswordResetBody, UpdateProfileBody, UserProfile } from '@locus/contracts/users/dto';
import { api } from '@web/app/api';
import { requestFor } from '@web/shared/lib/api-path';

export type { UserProfile };

interface Answer {
  Success: true;
  ResponseMessage: string;
}
interface UploadAnswer extends Answer {
  Url: string | null;
}

export const profileApi = api.injectEndpoints({
  endpoints: (build) => ({
    profile: build.query<UserProfile, void>({
      query: () => requestFor(getProfileRoute),
      transformResponse: (res: { Data: UserProfile }) => res.Data,
      providesTags: ['Profile'],
    }),
    updateProfile: build.mutation<Answer, UpdateProfileBody>({
      query: (body) => requestFor(updateProfileRoute, { body }),
      invalidatesTags: ['Profile'],
    }),
    uploadAvatar: build.mutation<UploadAnswer, File>({
      query: (file) => {
        const form = new FormData();
        form.append('File', file);
        return requestFor(uploadAvatarRoute, { body: form });
      },
      invalidatesTags: ['Profile'],
    }),
    removeAvatar: build.mutation<UploadAnswer, void>({
      query: () => requestFor(removeAvatarRoute),
      invalidatesTags: ['Profile'],
    }),
    resetPassword: build.mutation<Answer, ProfilePasswordResetBody>({
      query: (body) => requestFor(profileResetPasswordRoute, { body }),
    }),
  }),
});

export const {
  useProfileQuery,
  useUpdateProfileMutation,
  useUploadAvatarMutation,
  useRemoveAvatarMutation,
  useResetPasswordMutation,
} = profileApi;
