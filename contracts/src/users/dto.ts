import { z } from 'zod';
import { PASSWORD_MIN_LENGTH, USERS_PAGE_SIZE, userMessages as m } from './messages';
import { pageQueryFields, searchQueryField } from '../routes/paging';

/** Field schemas shared by users, companies (company admins) and identity (sign-up). */
export const FirstNameSchema = z
  .string({ error: m.firstNameRequired })
  .trim()
  .min(1, m.firstNameRequired)
  .max(100, 'First name must be at most 100 characters');
export const LastNameSchema = z.string({ error: 'Last name must be text' }).trim().max(100, 'Last name must be at most 100 characters');
export const EmailSchema = z
  .string({ error: m.emailRequired })
  .trim()
  .min(1, m.emailRequired)
  .max(254, m.emailInvalid)
  .pipe(z.email({ error: m.emailInvalid }));
export const PhoneNumberSchema = z
  .string({ error: m.phoneRequired })
  .trim()
  .min(1, m.phoneRequired)
  .max(30, 'Phone Number must be at most 30 characters')
  .regex(/^[+()0-9 .\-x]*$/i, 'Phone Number may contain digits, spaces and + ( ) - . only');
export const OptionalPhoneNumberSchema = z
  .string({ error: 'Phone Number must be text' })
  .trim()
  .max(30, 'Phone Number must be at most 30 characters')
  .regex(/^[+()0-9 .\-x]*$/i, 'Phone Number may contain digits, spaces and + ( ) - . only');
export const NewPasswordSchema = z
  .string({ error: m.passwordRequired })
  .min(1, m.passwordRequired)
  .min(PASSWORD_MIN_LENGTH, m.passwordTooShort)
  .max(200, 'Password must be at most 200 characters');

/** Role ids of company members as carried in tokens and rows. */
export const CompanyRoleSchema = z.enum(['CompanyAdmin', 'CompanyUser', 'CompanyAuditor']);
export type CompanyRole = z.infer<typeof CompanyRoleSchema>;
export const roleNames: Record<'Administrator' | CompanyRole, string> = {
  Administrator: 'Administrator',
  CompanyAdmin: 'Company Admin',
  CompanyUser: 'Company User',
  CompanyAuditor: 'Auditor',
};

/** `?search=&page=&pageSize=` for the paged lists (page is 1-based, default page size 15). */
export const PagedQuerySchema = z.object({
  search: searchQueryField,
  ...pageQueryFields(USERS_PAGE_SIZE),
});
export type PagedQuery = z.infer<typeof PagedQuerySchema>;

export const pagedResponse = <T extends z.ZodType>(row: T) =>
  z.object({
    Success: z.literal(true),
    Data: z.array(row),
    TotalRecords: z.number().int(),
    Page: z.number().int(),
    PageSize: z.number().int(),
  });

export const SuccessMessageResponse = z.object({ Success: z.literal(true), ResponseMessage: z.string() });

/** One row of the Users table (and of the Company Admin(s) table). Dates are ISO strings. */
export const UserRowSchema = z.object({
  Id: z.string(),
  CompanyId: z.string().nullable(),
  FirstName: z.string(),
  LastName: z.string(),
  FullName: z.string(),
  Email: z.string(),
  PhoneNumber: z.string(),
  UserRoleId: z.enum(['Administrator', 'CompanyAdmin', 'CompanyUser', 'CompanyAuditor']),
  RoleName: z.string(),
  LoginAllowed: z.boolean(),
  IsDefaultCompanyContact: z.boolean(),
  ImgUrl: z.string().nullable(),
  CreatedDate: z.string(),
});
export type UserRow = z.infer<typeof UserRowSchema>;

/** Picker entry (users for location assignment). */
export const UserPickerItemSchema = z.object({ Id: z.string(), FirstName: z.string(), LastName: z.string(), UserRoleId: CompanyRoleSchema });

/** Body of "create user" (a CompanyUser, or a read-only CompanyAuditor). Password is optional: without one the user sets it via Forgot password. */
export const CreateUserBodySchema = z
  .object({
    Role: z.enum(['CompanyUser', 'CompanyAuditor'], { error: 'Role must be CompanyUser or CompanyAuditor' }).default('CompanyUser'),
    FirstName: FirstNameSchema,
    LastName: LastNameSchema.default(''),
    Email: EmailSchema,
    PhoneNumber: PhoneNumberSchema,
    Password: z.string().optional(),
    ConfirmPassword: z.string().optional(),
  })
  .superRefine(checkOptionalPasswordPair);
export type CreateUserBody = z.infer<typeof CreateUserBodySchema>;

/** Body of "create company admin" (spec: Company admin create payload). Password required. */
export const CreateCompanyAdminBodySchema = z
  .object({
    FirstName: FirstNameSchema,
    LastName: LastNameSchema.default(''),
    Email: EmailSchema,
    PhoneNumber: OptionalPhoneNumberSchema.default(''),
    Password: z.string().optional(),
    ConfirmPassword: z.string().optional(),
  })
  .superRefine(checkRequiredPasswordPair);
export type CreateCompanyAdminBody = z.infer<typeof CreateCompanyAdminBodySchema>;

/** Body of "update user / company admin": password validators apply only when a new password is sent. */
export const UpdateUserBodySchema = z
  .object({
    FirstName: FirstNameSchema,
    LastName: LastNameSchema.default(''),
    Email: EmailSchema,
    PhoneNumber: OptionalPhoneNumberSchema.default(''),
    Password: z.string().optional(),
    ConfirmPassword: z.string().optional(),
  })
  .superRefine(checkOptionalPasswordPair);
export type UpdateUserBody = z.infer<typeof UpdateUserBodySchema>;

type PasswordPair = { Password?: string; ConfirmPassword?: string };

export function checkRequiredPasswordPair(value: PasswordPair, ctx: z.RefinementCtx): void {
  if (!value.Password || !value.ConfirmPassword) {
    if (!value.Password) ctx.addIssue({ code: 'custom', path: ['Password'], message: m.passwordOrConfirmMissing });
    if (!value.ConfirmPassword) ctx.addIssue({ code: 'custom', path: ['ConfirmPassword'], message: m.passwordOrConfirmMissing });
    return;
  }
  checkPasswordPair(value, ctx);
}

export function checkOptionalPasswordPair(value: PasswordPair, ctx: z.RefinementCtx): void {
  if (!value.Password && !value.ConfirmPassword) return;
  checkRequiredPasswordPair(value, ctx);
}

function checkPasswordPair(value: PasswordPair, ctx: z.RefinementCtx): void {
  const password = value.Password ?? '';
  if (password.length < PASSWORD_MIN_LENGTH) ctx.addIssue({ code: 'custom', path: ['Password'], message: m.passwordTooShort });
  else if (password.length > 200) ctx.addIssue({ code: 'custom', path: ['Password'], message: 'Password must be at most 200 characters' });
  if (password !== value.ConfirmPassword) ctx.addIssue({ code: 'custom', path: ['ConfirmPassword'], message: m.passwordsNotSame });
}

/** User profile (spec: User profile). CompanyName is the company's name and is read-only here. */
export const UserProfileSchema = z.object({
  Id: z.string(),
  FirstName: z.string(),
  LastName: z.string(),
  Email: z.string(),
  PhoneNumber: z.string(),
  CompanyName: z.string().nullable(),
  AddressLine1: z.string(),
  AddressLine2: z.string(),
  City: z.string(),
  PostalCode: z.string(),
  ImgUrl: z.string().nullable(),
  UserRoleId: z.enum(['Administrator', 'CompanyAdmin', 'CompanyUser', 'CompanyAuditor']),
});
export type UserProfile = z.infer<typeof UserProfileSchema>;

const optionalText = (field: string, max: number) =>
  z
    .string({ error: `${field} must be text` })
    .trim()
    .max(max, `${field} must be at most ${max} characters`)
    .default('');

export const UpdateProfileBodySchema = z.object({
  FirstName: FirstNameSchema,
  LastName: LastNameSchema.default(''),
  Email: EmailSchema,
  PhoneNumber: OptionalPhoneNumberSchema.default(''),
  /** Ignored: the company name is changed on the company (companies.updateName). */
  CompanyName: z.string().nullable().optional(),
  AddressLine1: optionalText('AddressLine1', 200),
  AddressLine2: optionalText('AddressLine2', 200),
  City: optionalText('City', 100),
  PostalCode: optionalText('PostalCode', 20),
  /** Ignored: the image is changed with the avatar upload/remove calls. */
  ImgUrl: z.string().nullable().optional(),
});
export type UpdateProfileBody = z.infer<typeof UpdateProfileBodySchema>;

export const ProfilePasswordResetBodySchema = z
  .object({
    CurrentPassword: z.string({ error: m.currentPasswordRequired }).min(1, m.currentPasswordRequired),
    NewPassword: z.string({ error: m.newPasswordRequired }).min(1, m.newPasswordRequired),
    ConfirmPassword: z.string({ error: m.confirmPasswordRequired }).min(1, m.confirmPasswordRequired),
  })
  .superRefine((value, ctx) => {
    if (value.NewPassword.length > 0 && value.NewPassword.length < PASSWORD_MIN_LENGTH)
      ctx.addIssue({ code: 'custom', path: ['NewPassword'], message: m.passwordTooShort });
    if (value.NewPassword.length > 200) ctx.addIssue({ code: 'custom', path: ['NewPassword'], message: 'Password must be at most 200 characters' });
    if (value.ConfirmPassword.length > 0 && value.NewPassword !== value.ConfirmPassword)
      ctx.addIssue({ code: 'custom', path: ['ConfirmPassword'], message: m.passwordsDoNotMatch });
  });
export type ProfilePasswordResetBody = z.infer<typeof ProfilePasswordResetBodySchema>;

export const UploadResponseSchema = z.object({ Success: z.literal(true), Url: z.string().nullable(), ResponseMessage: z.string() });
