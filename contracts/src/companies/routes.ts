import { z } from 'zod';
import { defineRoute } from '../routes/route-def';
import {
  CreateCompanyAdminBodySchema,
  FirstNameSchema,
  LastNameSchema,
  EmailSchema,
  OptionalPhoneNumberSchema,
  PagedQuerySchema,
  UpdateUserBodySchema,
  UserRowSchema,
  checkRequiredPasswordPair,
  pagedResponse,
} from '../users/dto';
import { userMessages } from '../users/messages';
import { companyMessages as m } from './messages';

export const CompanyNameSchema = z.string({ error: m.companyNameRequired }).trim().min(1, m.companyNameRequired).max(200, m.companyNameTooLong);

/** The company's default contact (its first, undeletable CompanyAdmin). */
export const PrimaryContactSchema = z.object({
  Id: z.string(),
  FirstName: z.string(),
  LastName: z.string(),
  FullName: z.string(),
  Email: z.string(),
  PhoneNumber: z.string(),
});

export const CompanyRowSchema = z.object({
  Id: z.string(),
  CompanyName: z.string().nullable(),
  PrimaryContact: PrimaryContactSchema.nullable(),
  /** Id of the default company admin: the one to switch as from the dropdown. */
  DefaultCompanyAdminId: z.string().nullable(),
  IsActive: z.boolean(),
  CreatedDate: z.string(),
});
export type CompanyRow = z.infer<typeof CompanyRowSchema>;

/** Spec: "create company (company with primary contact)". Messages per spec §5. */
export const CreateCompanyBodySchema = z.object({
  CompanyName: CompanyNameSchema,
  PrimaryContact: z
    .object(
      {
        FirstName: FirstNameSchema,
        LastName: LastNameSchema.default(''),
        Email: EmailSchema,
        PhoneNumber: OptionalPhoneNumberSchema.default(''),
        Password: z.string({ error: userMessages.passwordRequired }).min(1, userMessages.passwordRequired),
        ConfirmPassword: z.string({ error: userMessages.confirmPasswordRequired }).min(1, userMessages.confirmPasswordRequired),
      },
      { error: 'PrimaryContact is required' },
    )
    .superRefine(checkRequiredPasswordPair),
});
export type CreateCompanyBody = z.infer<typeof CreateCompanyBodySchema>;

/** Spec: "update company info (company id; Id, CompanyName, PrimaryContact)". PrimaryContact edits the default admin. */
export const UpdateCompanyBodySchema = z.object({
  Id: z.string().optional(),
  CompanyName: CompanyNameSchema,
  PrimaryContact: z
    .object({
      FirstName: FirstNameSchema,
      LastName: LastNameSchema.default(''),
      Email: EmailSchema,
      PhoneNumber: OptionalPhoneNumberSchema.default(''),
    })
    .optional(),
});
export type UpdateCompanyBody = z.infer<typeof UpdateCompanyBodySchema>;

const CompanyIdParams = z.object({ companyId: z.string().min(1, 'companyId is required') });
const CompanyAdminParams = z.object({
  companyId: z.string().min(1, 'companyId is required'),
  adminId: z.string().min(1, 'adminId is required'),
});
const CommandAnswer = z.object({ Success: z.literal(true), ResponseMessage: z.string(), Data: z.object({ Id: z.string() }).optional() });
const TokenAnswer = z.object({ Success: z.literal(true), Token: z.string(), ResponseMessage: z.string() });

export const listCompaniesRoute = defineRoute({
  name: 'companies.list',
  method: 'GET',
  path: '/api/companies',
  kind: 'query',
  roles: ['Administrator'],
  summary: 'Companies table: search over name, primary contact and created date; 15 per page',
  request: { query: PagedQuerySchema },
  response: pagedResponse(CompanyRowSchema),
});

/** Administrator's Switch Company dropdown (active companies only). */
export const companiesDropdownRoute = defineRoute({
  name: 'companies.dropdown',
  method: 'GET',
  path: '/api/companies/dropdown',
  kind: 'query',
  roles: ['Administrator'],
  summary: 'Switch Company dropdown: the active companies',
  description: "Administrator's Switch Company dropdown (active companies only).",
  response: z.object({
    Success: z.literal(true),
    Data: z.array(z.object({ Id: z.string(), CompanyName: z.string().nullable(), DefaultCompanyAdminId: z.string().nullable() })),
  }),
});

export const createCompanyRoute = defineRoute({
  name: 'companies.create',
  method: 'POST',
  path: '/api/companies',
  kind: 'command',
  roles: ['Administrator'],
  summary: 'Create a company with its default company admin',
  request: { body: CreateCompanyBodySchema },
  response: CommandAnswer,
  answers: { created: true },
});

export const updateCompanyRoute = defineRoute({
  name: 'companies.update',
  method: 'POST',
  path: '/api/companies/:companyId/update',
  kind: 'command',
  roles: ['Administrator'],
  summary: 'Edit a company',
  request: { params: CompanyIdParams, body: UpdateCompanyBodySchema },
  response: CommandAnswer,
});

export const deactivateCompanyRoute = defineRoute({
  name: 'companies.deactivate',
  method: 'POST',
  path: '/api/companies/:companyId/deactivate',
  kind: 'command',
  roles: ['Administrator'],
  summary: 'Deactivate a company: its users can no longer sign in',
  request: { params: CompanyIdParams },
  response: CommandAnswer,
});

export const activateCompanyRoute = defineRoute({
  name: 'companies.activate',
  method: 'POST',
  path: '/api/companies/:companyId/activate',
  kind: 'command',
  roles: ['Administrator'],
  summary: 'Activate a deactivated company again',
  request: { params: CompanyIdParams },
  response: CommandAnswer,
});

/** Deletes the company; every session of its users stops at once and its users are deleted. */
export const deleteCompanyRoute = defineRoute({
  name: 'companies.delete',
  method: 'DELETE',
  path: '/api/companies/:companyId',
  kind: 'command',
  roles: ['Administrator'],
  summary: 'Delete a company and its users; their sessions end at once',
  description: 'Deletes the company; every session of its users stops at once and its users are deleted.',
  request: { params: CompanyIdParams },
  response: CommandAnswer,
});

/** Company Admin(s) tab: the company's users with role CompanyAdmin; 15 per page. */
export const listCompanyAdminsRoute = defineRoute({
  name: 'companies.admins.list',
  method: 'GET',
  path: '/api/companies/:companyId/admins',
  kind: 'query',
  roles: ['Administrator'],
  summary: "A company's company admins, 15 per page",
  description: "Company Admin(s) tab: the company's users with role CompanyAdmin; 15 per page.",
  request: { params: CompanyIdParams, query: PagedQuerySchema },
  response: pagedResponse(UserRowSchema),
});

/** All users of one company (route /companies/{companyId}/users). */
export const listCompanyUsersRoute = defineRoute({
  name: 'companies.users.list',
  method: 'GET',
  path: '/api/companies/:companyId/users',
  kind: 'query',
  roles: ['Administrator'],
  summary: 'Every user of one company',
  description: 'All users of one company.',
  request: { params: CompanyIdParams, query: PagedQuerySchema },
  response: pagedResponse(UserRowSchema),
});

export const createCompanyAdminRoute = defineRoute({
  name: 'companies.admins.create',
  method: 'POST',
  path: '/api/companies/:companyId/admins',
  kind: 'command',
  roles: ['Administrator'],
  summary: 'Add a company admin to a company',
  request: { params: CompanyIdParams, body: CreateCompanyAdminBodySchema },
  response: CommandAnswer,
  answers: { created: true },
});

export const updateCompanyAdminRoute = defineRoute({
  name: 'companies.admins.update',
  method: 'POST',
  path: '/api/companies/:companyId/admins/:adminId/update',
  kind: 'command',
  roles: ['Administrator'],
  summary: 'Edit a company admin (name, email, phone; optionally a new password)',
  request: { params: CompanyAdminParams, body: UpdateUserBodySchema },
  response: CommandAnswer,
});

/** 422 COMPANY.DEFAULT_ADMIN for the default company admin. */
export const deleteCompanyAdminRoute = defineRoute({
  name: 'companies.admins.delete',
  method: 'DELETE',
  path: '/api/companies/:companyId/admins/:adminId',
  kind: 'command',
  roles: ['Administrator'],
  summary: "Delete a company admin (not the company's default admin)",
  description: '422 COMPANY.DEFAULT_ADMIN for the default company admin.',
  request: { params: CompanyAdminParams },
  response: CommandAnswer,
});

/** Token for that company as CompanyAdminId (default admin when omitted), with ViewingAsAdmin. */
export const switchCompanyRoute = defineRoute({
  name: 'companies.switch',
  method: 'POST',
  path: '/api/companies/:companyId/switch',
  kind: 'command',
  roles: ['Administrator'],
  summary: 'View as a company: a token for it as one of its company admins',
  description: 'Token for that company as CompanyAdminId (default admin when omitted), with ViewingAsAdmin.',
  request: { params: CompanyIdParams, body: z.object({ CompanyAdminId: z.string().min(1, 'CompanyAdminId must not be empty').optional() }) },
  response: TokenAnswer,
});

/** Back to the administrator's own token (only when viewing as administrator). */
export const exitCompanyViewRoute = defineRoute({
  name: 'companies.exitView',
  method: 'POST',
  path: '/api/companies/exit-view',
  kind: 'command',
  roles: ['CompanyAdmin', 'Administrator'],
  summary: "Stop viewing as a company: the administrator's own token again",
  description: "Back to the administrator's own token (only when viewing as administrator).",
  response: TokenAnswer,
});

/** Every member reads their company's current name (the top bar); a company admin renames it. */
export const getCompanyNameRoute = defineRoute({
  name: 'companies.name.get',
  method: 'GET',
  path: '/api/companies/company-name',
  kind: 'query',
  roles: ['CompanyAdmin', 'CompanyUser'],
  summary: "The caller's company name",
  description: "Every member reads their company's current name (the top bar); a company admin renames it.",
  response: z.object({ Success: z.literal(true), Data: z.object({ Id: z.string(), CompanyName: z.string().nullable() }) }),
});

export const updateCompanyNameRoute = defineRoute({
  name: 'companies.name.update',
  method: 'POST',
  path: '/api/companies/company-name',
  kind: 'command',
  roles: ['CompanyAdmin'],
  summary: "Rename the caller's company",
  request: { body: z.object({ CompanyName: CompanyNameSchema }) },
  response: CommandAnswer,
});

export const companiesRoutes = [
  listCompaniesRoute,
  companiesDropdownRoute,
  createCompanyRoute,
  updateCompanyRoute,
  deactivateCompanyRoute,
  activateCompanyRoute,
  deleteCompanyRoute,
  listCompanyAdminsRoute,
  listCompanyUsersRoute,
  createCompanyAdminRoute,
  updateCompanyAdminRoute,
  deleteCompanyAdminRoute,
  switchCompanyRoute,
  exitCompanyViewRoute,
  getCompanyNameRoute,
  updateCompanyNameRoute,
] as const;
