import { z } from 'zod';
import { RestoredFromSchema } from '../locations/events';

/**
 * Events of `user-<id>` streams and of `useremail-<sha256(lowercased email)>` reservation streams.
 * Secrets appear only as hashes (argon2id for passwords). Company admins are users with role
 * CompanyAdmin: their creation, edit and deletion are the same events (role in UserCreated).
 */
const UserRoleSchema = z.enum(['Administrator', 'CompanyAdmin', 'CompanyUser', 'CompanyAuditor']);

const userCreatedFields = {
  userId: z.string(),
  /** null only for the Administrator. */
  companyId: z.string().nullable(),
  role: UserRoleSchema,
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  phoneNumber: z.string(),
  /** argon2id PHC string; null when the user must set one via Forgot password. */
  passwordHash: z.string().nullable(),
  /** The company's default contact (its first admin): cannot be deleted. */
  isDefaultCompanyContact: z.boolean(),
};

/** Self-registration: the first admin of a new company. */
export const UserRegisteredSchema = z.object(userCreatedFields);
/** Created by an Administrator, a company admin, the Azure import, the demo seed or the bootstrap. */
export const UserCreatedSchema = z.object({
  ...userCreatedFields,
  source: z.enum(['administrator', 'company-admin', 'azure-import', 'workspace-import', 'seed', 'bootstrap']),
});
/** Edited by an Administrator or a company admin (Users / Company Admin(s) dialogs). */
export const UserUpdatedSchema = z.object({
  userId: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  phoneNumber: z.string(),
  /** Set when a company admin restored the fields to their values at an earlier position. */
  restoredFrom: RestoredFromSchema.optional(),
});
/** The user's own profile form (and a restore that brings back address fields). */
export const ProfileUpdatedSchema = z.object({
  userId: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  phoneNumber: z.string(),
  addressLine1: z.string(),
  addressLine2: z.string(),
  city: z.string(),
  postalCode: z.string(),
  restoredFrom: RestoredFromSchema.optional(),
});
export const PasswordChangedSchema = z.object({
  userId: z.string(),
  passwordHash: z.string(),
  reason: z.enum(['profile', 'reset-link', 'administrator']),
  /** The consumed reset request when reason = reset-link. */
  resetRequestId: z.string().optional(),
  /** The session that changed its own password (reason = profile) stays signed in; every other one ends. */
  keepTokenId: z.string().optional(),
});
export const AvatarChangedSchema = z.object({ userId: z.string(), imageUrl: z.string() });
export const AvatarRemovedSchema = z.object({ userId: z.string() });
export const UserDeactivatedSchema = z.object({ userId: z.string(), companyId: z.string().nullable() });
export const UserActivatedSchema = z.object({ userId: z.string(), companyId: z.string().nullable() });
export const UserDeletedSchema = z.object({
  userId: z.string(),
  companyId: z.string().nullable(),
  reason: z.enum(['deleted', 'company-deleted']),
});

/** Email reservation streams (uniqueness): appended with `no_stream`, or at the released revision. */
export const EmailReservedSchema = z.object({ userId: z.string() });
export const EmailReleasedSchema = z.object({ userId: z.string() });

export const userEventSchemas = {
  UserRegistered: UserRegisteredSchema,
  UserCreated: UserCreatedSchema,
  UserUpdated: UserUpdatedSchema,
  ProfileUpdated: ProfileUpdatedSchema,
  PasswordChanged: PasswordChangedSchema,
  AvatarChanged: AvatarChangedSchema,
  AvatarRemoved: AvatarRemovedSchema,
  UserDeactivated: UserDeactivatedSchema,
  UserActivated: UserActivatedSchema,
  UserDeleted: UserDeletedSchema,
} as const;

export const emailReservationEventSchemas = {
  EmailReserved: EmailReservedSchema,
  EmailReleased: EmailReleasedSchema,
} as const;

type EventsOf<S extends Record<string, z.ZodType>> = { [K in keyof S]: { type: K; data: z.infer<S[K]> } }[keyof S];
export type UserEvent = EventsOf<typeof userEventSchemas>;
export type EmailReservationEvent = EventsOf<typeof emailReservationEventSchemas>;
export type UserEventType = UserEvent['type'];

/** Stream names (ARCHITECTURE.md: `category-id`, no dash in the category). */
export const userStream = (userId: string) => `user-${userId}`;
export const emailReservationStream = (emailSha256Hex: string) => `useremail-${emailSha256Hex}`;

/** Live notification sent to a deleted user's sessions (spec part 1 §7, real-time hub). */
export const LOGOUT_DELETED_COMPANY_USERS_NOTIFICATION = 'LogoutDeletedCompanyUsersNotification';
export interface LogoutDeletedCompanyUsersPayload {
  UserId: string;
  CompanyId: string | null;
  /** After a password change, the session that made it (its token id) stays signed in. */
  ExceptTokenId?: string;
  /** After a logout, only that session (its token id) ends. */
  TokenId?: string;
}
