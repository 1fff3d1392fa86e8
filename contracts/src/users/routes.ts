import { z } from 'zod';
import { defineRoute } from '../routes/route-def';
import {
  CreateCompanyAdminBodySchema,
  CreateUserBodySchema,
  PagedQuerySchema,
  ProfilePasswordResetBodySchema,
  SuccessMessageResponse,
  UpdateProfileBodySchema,
  UpdateUserBodySchema,
  UploadResponseSchema,
  UserPickerItemSchema,
  UserProfileSchema,
  UserRowSchema,
  pagedResponse,
} from './dto';

const UserIdParams = z.object({ userId: z.string().min(1, 'userId is required') });
const CommandAnswer = z.object({ Success: z.literal(true), ResponseMessage: z.string(), Data: z.object({ Id: z.string() }).optional() });

/**
 * Users of the caller's own company (CompanyAdmin; an Administrator viewing a company holds a
 * CompanyAdmin token). The signed-in user is never listed. Search covers name, email, phone,
 * role name and created date (MM/dd/yyyy).
 */
export const listUsersRoute = defineRoute({
  name: 'users.list',
  method: 'GET',
  path: '/api/users',
  kind: 'query',
  roles: ['CompanyAdmin'],
  summary: "The users of the caller's company, 15 per page",
  description:
    "Users of the caller's own company (CompanyAdmin; an Administrator viewing a company holds a CompanyAdmin token). The signed-in user is never listed. Search covers name, email, phone, role name and created date (MM/dd/yyyy).",
  request: { query: PagedQuerySchema },
  response: pagedResponse(UserRowSchema),
});

/** Company members for pickers (location assignment). `?role=CompanyUser|CompanyAdmin` filters. */
export const userPickerRoute = defineRoute({
  name: 'users.picker',
  method: 'GET',
  path: '/api/users/picker',
  kind: 'query',
  roles: ['CompanyAdmin', 'CompanyUser'],
  summary: 'Company members for pickers',
  description: 'Company members for pickers (location assignment). `?role=CompanyUser',
  request: { query: z.object({ role: z.enum(['CompanyAdmin', 'CompanyUser'], { error: 'role must be CompanyAdmin or CompanyUser' }).optional() }) },
  response: z.object({ Success: z.literal(true), Data: z.array(UserPickerItemSchema) }),
});

export const createUserRoute = defineRoute({
  name: 'users.create',
  method: 'POST',
  path: '/api/users',
  kind: 'command',
  roles: ['CompanyAdmin'],
  summary: 'Create a company user; they are mailed a link to set a password',
  request: { body: CreateUserBodySchema },
  response: CommandAnswer,
  answers: { created: true },
});

export const createCompanyAdminUserRoute = defineRoute({
  name: 'users.createCompanyAdmin',
  method: 'POST',
  path: '/api/users/company-admin',
  kind: 'command',
  roles: ['CompanyAdmin'],
  summary: 'Create a company admin; they are mailed a link to set a password',
  request: { body: CreateCompanyAdminBodySchema },
  response: CommandAnswer,
  answers: { created: true },
});

export const updateUserRoute = defineRoute({
  name: 'users.update',
  method: 'POST',
  path: '/api/users/:userId/update',
  kind: 'command',
  roles: ['CompanyAdmin'],
  summary: 'Edit a user (name, email, phone, role; optionally a new password)',
  request: { params: UserIdParams, body: UpdateUserBodySchema },
  response: CommandAnswer,
  tenantParams: ['userId'],
});

export const deactivateUserRoute = defineRoute({
  name: 'users.deactivate',
  method: 'POST',
  path: '/api/users/:userId/deactivate',
  kind: 'command',
  roles: ['CompanyAdmin'],
  summary: 'Deactivate a user: their sessions end and they cannot sign in',
  request: { params: UserIdParams },
  response: CommandAnswer,
  tenantParams: ['userId'],
});

export const activateUserRoute = defineRoute({
  name: 'users.activate',
  method: 'POST',
  path: '/api/users/:userId/activate',
  kind: 'command',
  roles: ['CompanyAdmin'],
  summary: 'Activate a deactivated user again',
  request: { params: UserIdParams },
  response: CommandAnswer,
  tenantParams: ['userId'],
});

export const deleteUserRoute = defineRoute({
  name: 'users.delete',
  method: 'DELETE',
  path: '/api/users/:userId',
  kind: 'command',
  roles: ['CompanyAdmin'],
  summary: 'Delete a user; their sessions end at once',
  request: { params: UserIdParams },
  response: CommandAnswer,
  tenantParams: ['userId'],
});

/** Mails the user a new single-use link to set their password (the earlier link stops working). */
export const inviteUserRoute = defineRoute({
  name: 'users.invite',
  method: 'POST',
  path: '/api/users/:userId/invite',
  kind: 'command',
  roles: ['CompanyAdmin'],
  summary: 'Resend the invitation mail (a new set-password link, valid 7 days)',
  request: { params: UserIdParams },
  response: CommandAnswer,
  tenantParams: ['userId'],
  answers: { pending: true },
});

// ---- Profile (any signed-in user, always about the caller) ----

export const getProfileRoute = defineRoute({
  name: 'profile.get',
  method: 'GET',
  path: '/api/profile',
  kind: 'query',
  roles: ['Authenticated'],
  summary: "The signed-in user's profile",
  response: z.object({ Success: z.literal(true), Data: UserProfileSchema }),
});

export const updateProfileRoute = defineRoute({
  name: 'profile.update',
  method: 'POST',
  path: '/api/profile',
  kind: 'command',
  roles: ['Authenticated'],
  summary: "Edit the signed-in user's profile",
  request: { body: UpdateProfileBodySchema },
  response: SuccessMessageResponse,
});

/** multipart/form-data with one image in field `File` (PNG, JPEG, GIF or WebP, ≤ 5 MB). Answers the new URL (served under /media/). */
export const uploadAvatarRoute = defineRoute({
  name: 'profile.uploadAvatar',
  method: 'POST',
  path: '/api/profile/avatar',
  kind: 'command',
  roles: ['Authenticated'],
  summary: "Upload the signed-in user's picture",
  description: 'multipart/form-data with one image in field `File` (PNG, JPEG, GIF or WebP, ≤ 5 MB). Answers the new URL (served under /media/).',
  request: { multipart: true },
  response: UploadResponseSchema,
});

export const removeAvatarRoute = defineRoute({
  name: 'profile.removeAvatar',
  method: 'DELETE',
  path: '/api/profile/avatar',
  kind: 'command',
  roles: ['Authenticated'],
  summary: "Remove the signed-in user's picture",
  response: UploadResponseSchema,
});

export const profileResetPasswordRoute = defineRoute({
  name: 'profile.resetPassword',
  method: 'POST',
  path: '/api/profile/reset-password',
  kind: 'command',
  roles: ['Authenticated'],
  summary: "Change the signed-in user's password (needs the current one)",
  request: { body: ProfilePasswordResetBodySchema },
  response: SuccessMessageResponse,
});

/** Uploaded profile images (public: img tags send no token; names are random uuids). */
export const avatarImageRoute = defineRoute({
  name: 'media.avatar',
  method: 'GET',
  path: '/media/avatars/:fileName',
  kind: 'query',
  roles: ['Anonymous'],
  summary: 'An uploaded profile picture (public)',
  description: 'Uploaded profile images (public: img tags send no token; names are random uuids).',
  request: { params: z.object({ fileName: z.string().regex(/^[A-Za-z0-9-]{1,64}\.(png|jpg|gif|webp)$/, 'fileName is not a valid image name') }) },
  answers: { media: ['image/png', 'image/jpeg', 'image/gif', 'image/webp'] },
});

export const usersRoutes = [
  listUsersRoute,
  userPickerRoute,
  createUserRoute,
  createCompanyAdminUserRoute,
  updateUserRoute,
  deactivateUserRoute,
  activateUserRoute,
  deleteUserRoute,
  inviteUserRoute,
  getProfileRoute,
  updateProfileRoute,
  uploadAvatarRoute,
  removeAvatarRoute,
  profileResetPasswordRoute,
  avatarImageRoute,
] as const;
