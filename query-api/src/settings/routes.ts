import {
  listAdminVariablesRoute,
  listCompanyVariablesAdminLevelRoute,
  listCompanyVariablesRoute,
  MASKED_VALUE,
  revealCompanyVariableAdminLevelRoute,
  revealCompanyVariableRoute,
  type AdminVariable,
  type CompanyVariable,
} from '@locus/contracts/settings/routes';
import {
  ADMIN_VARIABLES_COLLECTION,
  COMPANY_ADMIN_VARIABLE_VALUES_COLLECTION,
  COMPANY_VARIABLES_COLLECTION,
  companyAdminValueId,
  type AdminVariableDoc,
  type CompanyAdminVariableValueDoc,
  type CompanyVariableDoc,
} from '@locus/contracts/settings/read-models';
import { companyVariableSealContext } from '@locus/contracts/settings/events';
import { COMPANIES_COLLECTION } from '@locus/contracts/companies/read-models';
import { implement, notFound, ok, ruleViolation, type QueryDeps, type RouteImplementation } from '@locus/platform';
import { createSecretBox, SecretBoxError } from '@locus/platform/crypto/secret-box';

const byName = <T extends { variableName: string }>(a: T, b: T) => a.variableName.localeCompare(b.variableName, 'en', { sensitivity: 'base' });

/** Lists never carry an encrypted value in clear: MASKED_VALUE stands for "has a value". */
export function toCompanyVariable(doc: CompanyVariableDoc): CompanyVariable {
  return {
    Id: doc._id,
    VariableName: doc.variableName,
    Title: doc.title,
    Description: doc.description,
    VariableValue: doc.isEncrypted && doc.value !== null ? MASKED_VALUE : doc.value,
    CreatedDate: doc.createdAt,
    IsSystemGenerated: doc.isSystemGenerated,
    IsEncrypted: doc.isEncrypted,
    IsBooleanType: doc.isBooleanType,
    IsBoolean: doc.isBooleanType,
    EntityType: doc.entityType,
    IsAdminVariable: false,
    AdminVariableValue: null,
    AdminMetaDataVariableId: null,
  };
}

function adminRow(doc: AdminVariableDoc, own: CompanyAdminVariableValueDoc | undefined): CompanyVariable {
  return {
    Id: doc._id,
    VariableName: doc.variableName,
    Title: doc.title,
    Description: doc.description,
    VariableValue: own ? own.value : doc.value,
    CreatedDate: doc.createdAt,
    IsSystemGenerated: doc.isSystemGenerated,
    IsEncrypted: false,
    IsBooleanType: doc.isBooleanType,
    IsBoolean: doc.isBooleanType,
    EntityType: null,
    IsAdminVariable: true,
    AdminVariableValue: doc.value,
    AdminMetaDataVariableId: doc._id,
  };
}

const toAdminVariable = (doc: AdminVariableDoc): AdminVariable => ({
  Id: doc._id,
  AdminMetaDataVariableId: doc._id,
  VariableName: doc.variableName,
  Title: doc.title,
  Description: doc.description,
  VariableValue: doc.value,
  CreatedDate: doc.createdAt,
  IsSystemGenerated: doc.isSystemGenerated,
  IsBooleanType: doc.isBooleanType,
});

const variableNotFound = () => notFound('SETTINGS.VARIABLE_NOT_FOUND', 'The selected variable was not found');

export function settingsQueryRoutes(deps: QueryDeps): RouteImplementation[] {
  const box = createSecretBox(deps.config.encryptionKey);
  const companyVariables = () => deps.readModels.collection<CompanyVariableDoc>(COMPANY_VARIABLES_COLLECTION);
  const adminVariables = () => deps.readModels.collection<AdminVariableDoc>(ADMIN_VARIABLES_COLLECTION);
  const adminValues = () => deps.readModels.collection<CompanyAdminVariableValueDoc>(COMPANY_ADMIN_VARIABLE_VALUES_COLLECTION);

  const clearValue = (doc: CompanyVariableDoc): string | null => {
    if (!doc.isEncrypted || doc.value === null) return doc.value;
    try {
      return box.decrypt(doc.value, companyVariableSealContext(doc.companyId, doc._id));
    } catch (err) {
      if (err instanceof SecretBoxError) throw ruleViolation('SETTINGS.CANNOT_DECRYPT', 'The stored value cannot be decrypted with the current key');
      throw err;
    }
  };

  const requireCompany = async (companyId: string) => {
    const company = await deps.readModels.collection(COMPANIES_COLLECTION).findOne({ _id: companyId });
    if (!company) throw notFound('COMPANY.NOT_FOUND', 'The company was not found');
  };

  return [
    implement(listCompanyVariablesRoute, async (req) => {
      const auth = req.auth!;
      // Non-administrators see only variables without an entity type (spec §6).
      const filter = auth.viewingAsAdmin ? { companyId: auth.companyId } : { companyId: auth.companyId, entityType: null };
      const docs = await companyVariables().find(filter);
      return ok(docs.sort(byName).map(toCompanyVariable));
    }),

    implement<{ variableId: string }>(revealCompanyVariableRoute, async (req) => {
      const auth = req.auth!;
      const doc = await companyVariables().findOne({ _id: req.params.variableId, companyId: auth.companyId });
      if (!doc || (doc.entityType !== null && !auth.viewingAsAdmin)) throw variableNotFound();
      return ok({ Id: doc._id, VariableValue: clearValue(doc) });
    }),

    implement<{ companyId: string }>(listCompanyVariablesAdminLevelRoute, async (req) => {
      const { companyId } = req.params;
      await requireCompany(companyId);
      const [own, admin, values] = await Promise.all([companyVariables().find({ companyId }), adminVariables().find({}), adminValues().find({ companyId })]);
      const valueOf = new Map(values.map((v) => [v.adminVariableId, v]));
      return ok([...own.sort(byName).map(toCompanyVariable), ...admin.sort(byName).map((a) => adminRow(a, valueOf.get(a._id)))]);
    }),

    implement<{ companyId: string; variableId: string }>(revealCompanyVariableAdminLevelRoute, async (req) => {
      const { companyId, variableId } = req.params;
      await requireCompany(companyId);
      const doc = await companyVariables().findOne({ _id: variableId, companyId });
      if (doc) return ok({ Id: doc._id, VariableValue: clearValue(doc) });
      const admin = await adminVariables().findOne({ _id: variableId });
      if (!admin) throw variableNotFound();
      const own = await adminValues().findOne({ _id: companyAdminValueId(companyId, variableId) });
      return ok({ Id: admin._id, VariableValue: own ? own.value : admin.value });
    }),

    implement(listAdminVariablesRoute, async () => {
      const docs = await adminVariables().find({});
      return ok(docs.sort(byName).map(toAdminVariable));
    }),
  ];
}
