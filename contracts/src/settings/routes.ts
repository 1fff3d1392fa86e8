import { z } from 'zod';
import { defineRoute } from '../routes/route-def';
import { successEnvelope, SuccessMessageSchema } from '../routes/envelope';

/**
 * Settings (/metadeta): company variables (per company) and administrator variables (global).
 *
 * Encrypted company variables: the value is AES-256-GCM ciphertext in events and read models.
 * Every answer carries `VariableValue: MASKED_VALUE` for an encrypted variable that has a value:
 * no route sends an encrypted value to the browser. Sending MASKED_VALUE back on save keeps the
 * stored value unchanged; any other value replaces it.
 */
export const MASKED_VALUE = '********';

export const settingsMessages = {
  saved: 'Your changes have been saved successfully',
  deleted: 'The selected variable has been deleted successfully.',
  saveFailed: 'An error occured while saving the variable.',
  deleteFailed: 'An error occurred while deleting the selected company variable',
  confirmSetValue: 'Are you sure you want the selected variable?',
  confirmDelete: 'Are you sure you want to delete this Variable?',
} as const;

export const SETTINGS_PAGE_SIZE = 25;

/** Key rules: required, no whitespace, at most 100 characters. */
export const VariableNameSchema = z
  .string({ error: 'Variable name is required' })
  .trim()
  .min(1, 'Variable name is required')
  .max(100, 'Variable name must be at most 100 characters')
  .regex(/^\S+$/, 'Variable name must not contain spaces');

/** Booleans may be sent as true/false or '1'/'0'; they are stored as '1'/'0'. */
export const VariableValueInputSchema = z.union([z.string().max(4000, 'Value must be at most 4000 characters'), z.boolean()]).nullable();

export const VariableIdParamsSchema = z.object({ variableId: z.string().min(1).max(200) });
export const CompanyIdParamsSchema = z.object({ companyId: z.string().min(1).max(200) });
export const CompanyVariableParamsSchema = z.object({ companyId: z.string().min(1).max(200), variableId: z.string().min(1).max(200) });

// ---- DTOs ----------------------------------------------------------------------------------

export const CompanyVariableSchema = z.object({
  Id: z.string(),
  VariableName: z.string(),
  Title: z.string(),
  Description: z.string().nullable(),
  /** '1'/'0' for booleans; MASKED_VALUE for an encrypted variable with a value. */
  VariableValue: z.string().nullable(),
  CreatedDate: z.string(),
  IsSystemGenerated: z.boolean(),
  IsEncrypted: z.boolean(),
  IsBooleanType: z.boolean(),
  IsBoolean: z.boolean(),
  EntityType: z.string().nullable(),
  IsAdminVariable: z.boolean(),
  /** For admin-variable rows: the global default value of the administrator variable. */
  AdminVariableValue: z.string().nullable(),
  AdminMetaDataVariableId: z.string().nullable(),
});
export type CompanyVariable = z.infer<typeof CompanyVariableSchema>;

export const AdminVariableSchema = z.object({
  Id: z.string(),
  AdminMetaDataVariableId: z.string(),
  VariableName: z.string(),
  Title: z.string(),
  Description: z.string().nullable(),
  VariableValue: z.string().nullable(),
  CreatedDate: z.string(),
  IsSystemGenerated: z.boolean(),
  IsBooleanType: z.boolean(),
});
export type AdminVariable = z.infer<typeof AdminVariableSchema>;

export const SaveCompanyVariableBodySchema = z
  .object({
    /** Absent or null: create; otherwise update that variable. */
    Id: z.string().min(1).max(200).nullable().optional(),
    VariableName: VariableNameSchema,
    /** On update, an omitted Title, Description, IsBooleanType, IsEncrypted or EntityType keeps the stored one. */
    Title: z.string().trim().max(200, 'Title must be at most 200 characters').optional(),
    Description: z.string().max(1000, 'Description must be at most 1000 characters').nullable().optional(),
    /** Omitted on update: value unchanged. */
    VariableValue: VariableValueInputSchema.optional(),
    IsBooleanType: z.boolean().optional(),
    IsEncrypted: z.boolean().optional(),
    /** Only administrators (viewing a company) may set an entity type. */
    EntityType: z.string().trim().max(50, 'Entity type must be at most 50 characters').nullable().optional(),
  })
  .refine((b) => !(b.IsBooleanType && b.IsEncrypted), {
    path: ['IsEncrypted'],
    message: 'Encryption is available only for non-boolean variables',
  });
export type SaveCompanyVariableBody = z.input<typeof SaveCompanyVariableBodySchema>;

export const SetVariableValueBodySchema = z.object({ VariableValue: VariableValueInputSchema });
export type SetVariableValueBody = z.input<typeof SetVariableValueBodySchema>;

export const SaveAdminVariableBodySchema = z.object({
  Id: z.string().min(1).max(200).nullable().optional(),
  VariableName: VariableNameSchema,
  /** On update, an omitted Title, Description or IsBooleanType keeps the stored one. */
  Title: z.string().trim().max(200, 'Title must be at most 200 characters').optional(),
  Description: z.string().max(1000, 'Description must be at most 1000 characters').nullable().optional(),
  VariableValue: VariableValueInputSchema.optional(),
  IsBooleanType: z.boolean().optional(),
});
export type SaveAdminVariableBody = z.input<typeof SaveAdminVariableBodySchema>;

/** Admin-level update of one company's row: AdminMetaDataVariableId set → the company's value of that admin variable. */
export const AdminLevelUpdateBodySchema = z.object({
  AdminMetaDataVariableId: z.string().min(1).max(200).nullable().optional(),
  VariableValue: VariableValueInputSchema,
});
export type AdminLevelUpdateBody = z.input<typeof AdminLevelUpdateBodySchema>;

const SavedResponse = successEnvelope(z.object({ Id: z.string() }));

// ---- company variables (caller's company) ----------------------------------------------------

export const listCompanyVariablesRoute = defineRoute({
  name: 'settings.companyVariables.list',
  method: 'GET',
  path: '/api/companyMetaData/variables',
  kind: 'query',
  roles: ['CompanyAdmin'],
  summary: "The caller's company variables; entity-typed ones only for an administrator viewing the company",
  response: successEnvelope(z.array(CompanyVariableSchema)),
});

export const saveCompanyVariableRoute = defineRoute({
  name: 'settings.companyVariables.save',
  method: 'POST',
  path: '/api/companyMetaData/variables/save',
  kind: 'command',
  roles: ['CompanyAdmin'],
  summary: 'Create or update a company variable (Manage Company Settings / Edit Variable)',
  request: { body: SaveCompanyVariableBodySchema },
  response: SavedResponse,
});

export const setCompanyVariableValueRoute = defineRoute({
  name: 'settings.companyVariables.setValue',
  method: 'POST',
  path: '/api/companyMetaData/variables/:variableId/value',
  kind: 'command',
  roles: ['CompanyAdmin'],
  summary: 'Set Variable Value',
  request: { params: VariableIdParamsSchema, body: SetVariableValueBodySchema },
  response: SavedResponse,
  tenantParams: ['variableId'],
});

export const deleteCompanyVariableRoute = defineRoute({
  name: 'settings.companyVariables.delete',
  method: 'DELETE',
  path: '/api/companyMetaData/variables/:variableId',
  kind: 'command',
  roles: ['CompanyAdmin'],
  summary: 'Delete a company variable',
  request: { params: VariableIdParamsSchema },
  response: SuccessMessageSchema,
  tenantParams: ['variableId'],
});

// ---- admin level: one company's settings seen by an Administrator (Global Company Settings tab) ----

export const listCompanyVariablesAdminLevelRoute = defineRoute({
  name: 'settings.adminLevel.list',
  method: 'GET',
  path: '/api/companyMetaData/admin-level/:companyId',
  kind: 'query',
  roles: ['Administrator'],
  summary: "A company's variables (all entity types) followed by the administrator variables with the company's values",
  request: { params: CompanyIdParamsSchema },
  response: successEnvelope(z.array(CompanyVariableSchema)),
});

export const updateCompanyVariableAdminLevelRoute = defineRoute({
  name: 'settings.adminLevel.update',
  method: 'POST',
  path: '/api/companyMetaData/admin-level/:companyId/update/:variableId',
  kind: 'command',
  roles: ['Administrator'],
  summary: "Set a company's value of a company variable, or of an administrator variable when AdminMetaDataVariableId is given",
  request: { params: CompanyVariableParamsSchema, body: AdminLevelUpdateBodySchema },
  response: SavedResponse,
});

// ---- administrator variables (global) ------------------------------------------------------

export const listAdminVariablesRoute = defineRoute({
  name: 'settings.adminVariables.list',
  method: 'GET',
  path: '/api/adminMetaData/variables',
  kind: 'query',
  roles: ['Administrator'],
  summary: "The administrator's global variables",
  response: successEnvelope(z.array(AdminVariableSchema)),
});

export const saveAdminVariableRoute = defineRoute({
  name: 'settings.adminVariables.save',
  method: 'POST',
  path: '/api/adminMetaData/variables/save',
  kind: 'command',
  roles: ['Administrator'],
  summary: 'Create or edit a global variable',
  request: { body: SaveAdminVariableBodySchema },
  response: SavedResponse,
});

export const setAdminVariableValueRoute = defineRoute({
  name: 'settings.adminVariables.setValue',
  method: 'POST',
  path: '/api/adminMetaData/variables/:variableId/value',
  kind: 'command',
  roles: ['Administrator'],
  summary: "Set a global variable's value",
  request: { params: VariableIdParamsSchema, body: SetVariableValueBodySchema },
  response: SavedResponse,
});

export const deleteAdminVariableRoute = defineRoute({
  name: 'settings.adminVariables.delete',
  method: 'DELETE',
  path: '/api/adminMetaData/variables/:variableId',
  kind: 'command',
  roles: ['Administrator'],
  summary: 'Delete a global variable',
  request: { params: VariableIdParamsSchema },
  response: SuccessMessageSchema,
});

export const settingsRoutes = [
  listCompanyVariablesRoute,
  saveCompanyVariableRoute,
  setCompanyVariableValueRoute,
  deleteCompanyVariableRoute,
  listCompanyVariablesAdminLevelRoute,
  updateCompanyVariableAdminLevelRoute,
  listAdminVariablesRoute,
  saveAdminVariableRoute,
  setAdminVariableValueRoute,
  deleteAdminVariableRoute,
] as const;
