import { listStaffFilteredRoute, listStaffRoute, type Staff, STAFF_COLLECTION, type StaffDoc, staffErrors } from '@locus/contracts';
import { fail, implement, ok, type QueryDeps, type RequestContext, type RouteImplementation } from '@locus/platform';

const toStaff = (d: StaffDoc): Staff => ({
  Id: d._id,
  FirstName: d.firstName,
  LastName: d.lastName,
  Email: d.email,
  PhoneNumber: d.phoneNumber,
  CreatedDate: d.createdAt,
});

/** Case-insensitive match over first name, last name, full name, email and phone. */
export const matchesStaffFilter = (d: StaffDoc, filter: string) => {
  const f = filter.trim().toLowerCase();
  if (!f) return true;
  return [d.firstName, d.lastName, `${d.firstName} ${d.lastName}`, d.email, d.phoneNumber].some((v) => v.toLowerCase().includes(f));
};

export function staffQueryRoutes(deps: QueryDeps): RouteImplementation[] {
  const list = async (req: RequestContext<{ companyId: string; filter?: string }>) => {
    // Another company's id answers 404, like an unknown one.
    if (req.params.companyId !== req.auth?.companyId) throw fail(staffErrors.notFound);
    const docs = await deps.readModels.collection<StaffDoc>(STAFF_COLLECTION).find({ companyId: req.params.companyId }, { sort: { createdAt: -1, _id: 1 } });
    return ok(docs.filter((d) => matchesStaffFilter(d, req.params.filter ?? '')).map(toStaff));
  };
  return [implement(listStaffRoute, list), implement(listStaffFilteredRoute, list)];
}
