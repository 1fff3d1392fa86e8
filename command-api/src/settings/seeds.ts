import {
  type SeededVariable,
  SYSTEM_ADMIN_VARIABLES,
  SYSTEM_COMPANY_VARIABLES,
  systemAdminVariableId,
  systemCompanyVariableId,
  type SystemVariableSeed,
} from '@locus/contracts';

const toSeeded = (seed: SystemVariableSeed, variableId: string): SeededVariable => ({
  variableId,
  variableName: seed.variableName,
  title: seed.title,
  description: seed.description,
  isBooleanType: seed.isBooleanType,
  value: seed.defaultValue,
});

export const companySeed = (companyId: string): SeededVariable[] => SYSTEM_COMPANY_VARIABLES.map((s) => toSeeded(s, systemCompanyVariableId(companyId, s.key)));

export const adminSeed = (): SeededVariable[] => SYSTEM_ADMIN_VARIABLES.map((s) => toSeeded(s, systemAdminVariableId(s.key)));
