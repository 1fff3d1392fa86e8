import {
  GMB_ACCOUNTS_COLLECTION,
  GMB_CONNECTION_PROCESSES_COLLECTION,
  LOCATIONS_COLLECTION,
  connectionProcessRoute,
  getConnectedAccountRoute,
  listConnectedAccountsRoute,
  type ConnectedAccount,
  type GmbAccountDoc,
  type GmbConnectionProcessDoc,
  type ErrorEntry,
  connectionErrors,
} from '@locus/contracts';
import { callerCompanyId, implement, ok, type Filter, type QueryDeps, type AnyRequest, type RouteImplementation, fail } from '@locus/platform';
import { escapeRegex } from '../kit/paging';

const isUuid = (v: string) => /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(v);

export function connectionsQueryRoutes(deps: QueryDeps): RouteImplementation[] {
  const accounts = () => deps.readModels.collection<GmbAccountDoc>(GMB_ACCOUNTS_COLLECTION);
  const processes = () => deps.readModels.collection<GmbConnectionProcessDoc>(GMB_CONNECTION_PROCESSES_COLLECTION);

  const companyOf = (req: AnyRequest, whenNone: ErrorEntry) => callerCompanyId(req, () => fail(whenNone));

  const countLocations = (companyId: string, connectionId: string) =>
    deps.readModels.collection(LOCATIONS_COLLECTION).countDocuments({ companyId, connectionId });

  const toRow = async (d: GmbAccountDoc): Promise<ConnectedAccount> => ({
    Id: d._id,
    Name: d.name,
    AccountName: d.accountName,
    GoogleUserFullName: d.googleUserFullName,
    GoogleUserEmail: d.googleUserEmail,
    GoogleUserProfileImage: d.googleUserProfileImage,
    ConnectedAt: d.connectedAt,
    Source: 'Google',
    TotalLocations: await countLocations(d.companyId, d._id),
  });

  const process = implement(connectionProcessRoute, async (req) => {
    const companyId = companyOf(req, connectionErrors.processNotFound);
    const doc = await processes().findOne({ _id: req.params.processId, companyId });
    if (!doc) throw fail(connectionErrors.processNotFound);
    const connected = new Set((await accounts().find({ companyId })).map((a) => a.name));
    return ok({
      ProcessId: doc._id,
      GoogleUserEmail: doc.googleUserEmail,
      GoogleUserFullName: doc.googleUserFullName,
      IsNewCompanyCreated: doc.isNewCompany,
      Status: doc.status,
      Accounts: doc.accounts.map((a) => ({ Name: a.name, AccountName: a.accountName, Type: a.type, Role: a.role, IsConnected: connected.has(a.name) })),
      Progress: {
        processId: doc._id,
        progressPercentage: doc.progressPercentage,
        currentLocation: doc.currentLocation
          ? {
              locationTitle: doc.currentLocation.locationTitle,
              locationThumbnailUrl: doc.currentLocation.locationThumbnailUrl,
              locationAddressLine1: doc.currentLocation.locationAddressLine1,
              locationAddressLine2: doc.currentLocation.locationAddressLine2,
            }
          : null,
        errorMessage: doc.errorMessage,
      },
    });
  });

  const list = implement(listConnectedAccountsRoute, async (req) => {
    const companyId = companyOf(req, connectionErrors.accountNotFound);
    const filter: Filter = { companyId };
    const term = req.query.search?.trim();
    if (term) {
      const rx = { $regex: escapeRegex(term), $options: 'i' };
      filter.$or = [{ accountName: rx }, { googleUserEmail: rx }, { googleUserFullName: rx }, { name: rx }];
    }
    const { page, pageSize } = req.query;
    const [docs, total] = await Promise.all([
      accounts().find(filter, { sort: { connectedAt: -1, _id: 1 }, skip: (page - 1) * pageSize, limit: pageSize }),
      accounts().countDocuments(filter),
    ]);
    return { body: { Success: true, Data: await Promise.all(docs.map(toRow)), TotalRecords: total, Page: page, PageSize: pageSize } };
  });

  const getOne = implement(getConnectedAccountRoute, async (req) => {
    const companyId = companyOf(req, connectionErrors.accountNotFound);
    const id = req.params.id;
    const filter: Filter = isUuid(id) ? { _id: id, companyId } : { name: id.startsWith('accounts/') ? id : `accounts/${id}`, companyId };
    const doc = await accounts().findOne(filter);
    if (!doc) throw fail(connectionErrors.accountNotFound);
    return ok(await toRow(doc));
  });

  return [process, list, getOne];
}
