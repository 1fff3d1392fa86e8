import {
  companyErrors,
  COMPANIES_COLLECTION,
  COMPANY_DIRECTORY_COLLECTION,
  USERS_COLLECTION,
  companiesDropdownRoute,
  getCompanyNameRoute,
  listCompaniesRoute,
  listCompanyAdminsRoute,
  listCompanyUsersRoute,
  type CompanyDirectoryDoc,
  type CompanyDoc,
  type CompanyRow,
  type UserDoc,
} from '@locus/contracts';
import { fail, implement, type QueryDeps, type RouteImplementation } from '@locus/platform';
import { pageOf, searchFilter } from '../kit/paging';
import { userRowOf } from '../users/public';

export const companyRowOf = (doc: CompanyDirectoryDoc): CompanyRow => ({
  Id: doc._id,
  CompanyName: doc.companyName,
  PrimaryContact: doc.primaryContact
    ? {
        Id: doc.primaryContact.id,
        FirstName: doc.primaryContact.firstName,
        LastName: doc.primaryContact.lastName,
        FullName: `${doc.primaryContact.firstName} ${doc.primaryContact.lastName}`.trim(),
        Email: doc.primaryContact.email,
        PhoneNumber: doc.primaryContact.phoneNumber,
      }
    : null,
  DefaultCompanyAdminId: doc.defaultAdminId,
  IsActive: doc.isActive,
  CreatedDate: doc.createdAt,
});

/** The Administrator's companies, their admins and users; a company admin's own company name. */
export function companiesQueryRoutes(deps: QueryDeps): RouteImplementation[] {
  const directory = () => deps.readModels.collection<CompanyDirectoryDoc>(COMPANY_DIRECTORY_COLLECTION);
  const users = () => deps.readModels.collection<UserDoc>(USERS_COLLECTION);
  const companyEntryOrNotFound = async (companyId: string) => {
    const entry = await directory().findOne({ _id: companyId });
    if (!entry) throw fail(companyErrors.notFound);
    return entry;
  };

  return [
    implement(listCompaniesRoute, async (req) => ({
      body: await pageOf(directory(), searchFilter('searchText', req.query.search), req.query, { createdAt: -1, _id: 1 }, companyRowOf),
    })),

    implement(companiesDropdownRoute, async () => {
      const docs = await directory().find({ isActive: true }, { sort: { companyName: 1, _id: 1 } });
      return { body: { Success: true, Data: docs.map((d) => ({ Id: d._id, CompanyName: d.companyName, DefaultCompanyAdminId: d.defaultAdminId })) } };
    }),

    implement(listCompanyAdminsRoute, async (req) => {
      await companyEntryOrNotFound(req.params.companyId);
      const filter = { companyId: req.params.companyId, role: 'CompanyAdmin', ...searchFilter('searchText', req.query.search) };
      return { body: await pageOf(users(), filter, req.query, { isDefaultCompanyContact: -1, createdAt: 1, _id: 1 }, userRowOf) };
    }),

    implement(listCompanyUsersRoute, async (req) => {
      await companyEntryOrNotFound(req.params.companyId);
      const filter = { companyId: req.params.companyId, ...searchFilter('searchText', req.query.search) };
      return { body: await pageOf(users(), filter, req.query, { createdAt: -1, _id: 1 }, userRowOf) };
    }),

    implement(getCompanyNameRoute, async (req) => {
      const companyId = req.auth!.companyId!;
      const company = await deps.readModels.collection<CompanyDoc>(COMPANIES_COLLECTION).findOne({ _id: companyId });
      if (!company) throw fail(companyErrors.notFound);
      return { body: { Success: true, Data: { Id: company._id, CompanyName: company.companyName } } };
    }),
  ];
}
