import {
  COMPANIES_COLLECTION,
  USERS_COLLECTION,
  avatarImageRoute,
  getProfileRoute,
  listUsersRoute,
  userPickerRoute,
  type CompanyDoc,
  type UserDoc,
  type UserProfile,
  userErrors,
} from '@locus/contracts';
import { fail, implement, type QueryDeps, type RouteImplementation, notFound } from '@locus/platform';
import { mediaStoreOf, type BlobStore } from '@locus/platform/blob/file-blob-store';
import { pageOf, searchFilter } from '../kit/paging';
import { userRowOf } from './rows';

/** Users of the caller's company, pickers, the caller's profile, and avatar images. */
export function usersQueryRoutes(deps: QueryDeps, options: { media?: BlobStore } = {}): RouteImplementation[] {
  const media = options.media ?? mediaStoreOf(deps.config.dataDir);
  const users = () => deps.readModels.collection<UserDoc>(USERS_COLLECTION);

  return [
    implement(listUsersRoute, async (req) => {
      const auth = req.auth!;
      const filter = { companyId: auth.companyId, _id: { $ne: auth.userId }, ...searchFilter('searchText', req.query.search) };
      return { body: await pageOf(users(), filter, req.query, { createdAt: -1, _id: 1 }, userRowOf) };
    }),

    implement(userPickerRoute, async (req) => {
      const filter = { companyId: req.auth!.companyId, loginAllowed: true, ...(req.query.role ? { role: req.query.role } : {}) };
      const docs = await users().find(filter, { sort: { firstName: 1, lastName: 1 } });
      // The filter holds the company's members only; an Administrator (no company) never matches it.
      const members = docs.flatMap((d) =>
        d.role === 'Administrator' || d.role === 'CompanyAuditor' ? [] : [{ Id: d._id, FirstName: d.firstName, LastName: d.lastName, UserRoleId: d.role }],
      );
      return { body: { Success: true, Data: members } };
    }),

    implement(getProfileRoute, async (req) => {
      const auth = req.auth!;
      const doc = await users().findOne({ _id: auth.userId });
      if (!doc) throw fail(userErrors.notFound);
      const company = auth.companyId ? await deps.readModels.collection<CompanyDoc>(COMPANIES_COLLECTION).findOne({ _id: auth.companyId }) : null;
      const profile: UserProfile = {
        Id: doc._id,
        FirstName: doc.firstName,
        LastName: doc.lastName,
        Email: doc.email,
        PhoneNumber: doc.phoneNumber,
        CompanyName: company?.companyName ?? null,
        AddressLine1: doc.addressLine1,
        AddressLine2: doc.addressLine2,
        City: doc.city,
        PostalCode: doc.postalCode,
        ImgUrl: doc.imageUrl,
        UserRoleId: doc.role,
      };
      return { body: { Success: true, Data: profile } };
    }),

    implement(avatarImageRoute, async (req) => {
      const blob = await media.get(`avatars/${req.params.fileName}`);
      if (!blob) throw notFound('MEDIA.NOT_FOUND', 'Image not found');
      return {
        body: blob.stream,
        headers: {
          'Content-Type': blob.contentType,
          'Content-Length': String(blob.size),
          'Cache-Control': 'public, max-age=31536000, immutable',
          'X-Content-Type-Options': 'nosniff',
        },
      };
    }),
  ];
}
