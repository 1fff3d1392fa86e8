/**
 * Read models of the settings slice (logical collection names).
 * Encrypted values are stored sealed, exactly as in the events.
 */
export const COMPANY_VARIABLES_COLLECTION = 'company-variables';
/** Global: companyId null (live changes go to the admin scope). */
export const ADMIN_VARIABLES_COLLECTION = 'admin-variables';
/** A company's own values of administrator variables; _id `<companyId>:<adminVariableId>`. */
export const COMPANY_ADMIN_VARIABLE_VALUES_COLLECTION = 'company-admin-variable-values';

export interface CompanyVariableDoc {
  _id: string;
  companyId: string;
  variableName: string;
  title: string;
  description: string | null;
  entityType: string | null;
  isBooleanType: boolean;
  isEncrypted: boolean;
  isSystemGenerated: boolean;
  /** Plain, '1'/'0', or sealed when isEncrypted. */
  value: string | null;
  createdAt: string;
  updatedAt: string;
  [key: string]: unknown;
}

export interface AdminVariableDoc {
  _id: string;
  companyId: null;
  variableName: string;
  title: string;
  description: string | null;
  isBooleanType: boolean;
  isSystemGenerated: boolean;
  value: string | null;
  createdAt: string;
  updatedAt: string;
  [key: string]: unknown;
}

export interface CompanyAdminVariableValueDoc {
  _id: string;
  companyId: string;
  adminVariableId: string;
  value: string | null;
  updatedAt: string;
  [key: string]: unknown;
}

export const companyAdminValueId = (companyId: string, adminVariableId: string) => `${companyId}:${adminVariableId}`;
