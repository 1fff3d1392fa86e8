import { z } from 'zod';
import { RestoredFromSchema } from '../locations/events';

/**
 * Settings events. Streams:
 * - `companysettings-<companyId>`: the company's own variables and its values for admin variables.
 * - `adminsettings-global`: the administrator variables (global, metadata.companyId null).
 *
 * A value of an encrypted variable is only ever stored sealed (`v1.<iv>.<tag>.<ciphertext>`, AES-256-GCM,
 * platform/src/crypto/secret-box.ts) with the context `companyvariable:<companyId>:<variableId>`.
 */
export const ADMIN_SETTINGS_STREAM = 'adminsettings-global';
export const companySettingsStream = (companyId: string) => `companysettings-${companyId}`;

/** A value sealed by the platform's SecretBox. */
export const SealedValueSchema = z.string().regex(/^v1\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]*$/, 'Not a sealed value');
export const companyVariableSealContext = (companyId: string, variableId: string) => `companyvariable:${companyId}:${variableId}`;

const VariableDefinition = {
  variableId: z.string(),
  variableName: z.string(),
  title: z.string(),
  description: z.string().nullable(),
  isBooleanType: z.boolean(),
};

export const SeededVariableSchema = z.object({ ...VariableDefinition, value: z.string().nullable() });
export type SeededVariable = z.infer<typeof SeededVariableSchema>;

// ---- company variables ----------------------------------------------------------------

export const CompanyVariablesSeededSchema = z.object({
  companyId: z.string(),
  variables: z.array(SeededVariableSchema),
});

export const CompanyVariableCreatedSchema = z.object({
  companyId: z.string(),
  ...VariableDefinition,
  entityType: z.string().nullable(),
  isEncrypted: z.boolean(),
  /** Plain text, '1'/'0' for booleans, ciphertext when isEncrypted. */
  value: z.string().nullable(),
});

export const CompanyVariableUpdatedSchema = z.object({
  companyId: z.string(),
  ...VariableDefinition,
  entityType: z.string().nullable(),
  isEncrypted: z.boolean(),
});

export const CompanyVariableValueSetSchema = z.object({
  companyId: z.string(),
  variableId: z.string(),
  isEncrypted: z.boolean(),
  value: z.string().nullable(),
  /** Set when a company admin restored the value it had at an earlier position. */
  restoredFrom: RestoredFromSchema.optional(),
});

export const CompanyVariableDeletedSchema = z.object({
  companyId: z.string(),
  variableId: z.string(),
  variableName: z.string(),
});

/** The company's own value of a global administrator variable (Global Company Settings tab). */
export const CompanyAdminVariableValueSetSchema = z.object({
  companyId: z.string(),
  adminVariableId: z.string(),
  value: z.string().nullable(),
});

// ---- administrator variables -----------------------------------------------------------

export const AdminVariablesSeededSchema = z.object({ variables: z.array(SeededVariableSchema) });
export const AdminVariableCreatedSchema = z.object({ ...VariableDefinition, value: z.string().nullable() });
export const AdminVariableUpdatedSchema = z.object({ ...VariableDefinition });
export const AdminVariableValueSetSchema = z.object({ variableId: z.string(), value: z.string().nullable() });
export const AdminVariableDeletedSchema = z.object({ variableId: z.string(), variableName: z.string() });

export const settingsEventSchemas = {
  CompanyVariablesSeeded: CompanyVariablesSeededSchema,
  CompanyVariableCreated: CompanyVariableCreatedSchema,
  CompanyVariableUpdated: CompanyVariableUpdatedSchema,
  CompanyVariableValueSet: CompanyVariableValueSetSchema,
  CompanyVariableDeleted: CompanyVariableDeletedSchema,
  CompanyAdminVariableValueSet: CompanyAdminVariableValueSetSchema,
  AdminVariablesSeeded: AdminVariablesSeededSchema,
  AdminVariableCreated: AdminVariableCreatedSchema,
  AdminVariableUpdated: AdminVariableUpdatedSchema,
  AdminVariableValueSet: AdminVariableValueSetSchema,
  AdminVariableDeleted: AdminVariableDeletedSchema,
} as const;

type Schemas = typeof settingsEventSchemas;
export type SettingsEventType = keyof Schemas;
export type SettingsEvent = { [K in SettingsEventType]: { type: K; data: z.infer<Schemas[K]> } }[SettingsEventType];
export type CompanySettingsEvent = Extract<SettingsEvent, { type: `Company${string}` }>;
export type AdminSettingsEvent = Extract<SettingsEvent, { type: `Admin${string}` }>;
export const settingsEventTypes = Object.keys(settingsEventSchemas) as SettingsEventType[];
