import { locationErrors } from '@locus/contracts';
import { callerCompanyId, fail, locationsInScope, type AnyRequest, type ReadModels } from '@locus/platform';

/** What a caller's insights cover: the company, or (a CompanyUser, or one location) some of its locations. */
export interface InsightsScope {
  companyId: string;
  /** null: every location of the company. */
  locationIds: string[] | null;
}

/** A CompanyAdmin or auditor sees the company; a CompanyUser the locations assigned to them (the shared access rule). */
export async function callerScope(readModels: ReadModels, req: AnyRequest): Promise<InsightsScope> {
  const companyId = callerCompanyId(req, () => fail(locationErrors.notFound));
  return { companyId, locationIds: await locationsInScope(readModels, req.auth) };
}
