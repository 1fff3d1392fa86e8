import {
  companyErrors,
  ADMIN_VARIABLES_COLLECTION,
  type AdminVariable,
  type AdminVariableDoc,
  COMPANIES_COLLECTION,
  COMPANY_ADMIN_VARIABLE_VALUES_COLLECTION,
  COMPANY_VARIABLES_COLLECTION,
  type CompanyAdminVariableValueDoc,
  type CompanyVariable,
  type CompanyVariableDoc,
  listAdminVariablesRoute,
  listCompanyVariablesAdminLevelRoute,
  listCompanyVariablesRoute,
  MASKED_VALUE,
} from '@locus/contracts';
import { fail, implement, ok, type QueryDeps, type RouteImplementation } from '@locus/platform';

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

export function settingsQueryRoutes(deps: QueryDeps): RouteImplementation[] {
  const companyVariables = () => deps.readModels.collection<CompanyVariableDoc>(COMPANY_VARIABLES_COLLECTION);
  const adminVariables = () => deps.readModels.collection<AdminVariableDoc>(ADMIN_VARIABLES_COLLECTION);
  const adminValues = () => deps.readModels.collection<CompanyAdminVariableValueDoc>(COMPANY_ADMIN_VARIABLE_VALUES_COLLECTION);

  const assertCompanyExists = async (companyId: string) => {
    const company = await deps.readModels.collection(COMPANIES_COLLECTION).findOne({ _id: companyId });
    if (!company) throw fail(companyErrors.notFound);
  };

  return [
    implement(listCompanyVariablesRoute, async (req) => {
      const auth = req.auth!;
      // Non-administrators see only variables without an entity type (spec §6).
      const filter = auth.viewingAsAdmin ? { companyId: auth.companyId } : { companyId: auth.companyId, entityType: null };
      const docs = await companyVariables().find(filter);
      return ok(docs.sort(byName).map(toCompanyVariable));
    }),

    implement(listCompanyVariablesAdminLevelRoute, async (req) => {
      const { companyId } = req.params;
      await assertCompanyExists(companyId);
      const [own, admin, values] = await Promise.all([companyVariables().find({ companyId }), adminVariables().find({}), adminValues().find({ companyId })]);
      const valueOf = new Map(values.map((v) => [v.adminVariableId, v]));
      return ok([...own.sort(byName).map(toCompanyVariable), ...admin.sort(byName).map((a) => adminRow(a, valueOf.get(a._id)))]);
    }),

    implement(listAdminVariablesRoute, async () => {
      const docs = await adminVariables().find({});
      return ok(docs.sort(byName).map(toAdminVariable));
    }),
  ];
}
