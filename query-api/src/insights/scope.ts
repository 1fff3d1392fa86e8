import { LOCATION_USERS_COLLECTION, locationErrors, type LocationUserDoc } from '@locus/contracts';
import { callerCompanyId, fail, type AnyRequest, type ReadModels } from '@locus/platform';

/** What a caller's insights cover: the company, or (a CompanyUser, or one location) some of its locations. */
export interface InsightsScope {
  companyId: string;
  /** null: every location of the company. */
  locationIds: string[] | null;
}

/** A CompanyAdmin sees the company; a CompanyUser the locations assigned to them (spec part 1 §2). */
export async function callerScope(readModels: ReadModels, req: AnyRequest): Promise<InsightsScope> {
  const companyId = callerCompanyId(req, () => fail(locationErrors.notFound));
  if (req.auth!.role !== 'CompanyUser') return { companyId, locationIds: null };
  const links = await readModels.collection<LocationUserDoc>(LOCATION_USERS_COLLECTION).find({ companyId, userId: req.auth!.userId });
  return { companyId, locationIds: links.map((l) => l.locationId) };
}
