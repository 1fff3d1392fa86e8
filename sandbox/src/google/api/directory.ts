import { createRng } from '../../kit/rng';
import { invalidArgument, permissionDenied } from '../errors';
import { FIRST_NAMES, LAST_NAMES } from '../seed/content';
import type { RegisterRoutes } from './context';

/** Admin SDK Directory API, the part Locus uses: users.list with the read-only user scope. */
export const DIRECTORY_PATH = '/google/admin/directory/v1';
export const DIRECTORY_SCOPE = 'https://www.googleapis.com/auth/admin.directory.user.readonly';
const DIRECTORY_SIZE = 24;

export interface DirectoryUser {
  kind: 'admin#directory#user';
  id: string;
  primaryEmail: string;
  name: { givenName: string; familyName: string; fullName: string };
  isAdmin: boolean;
  suspended: boolean;
  orgUnitPath: string;
}

const ORG_UNITS = ['/', '/Field Technicians', '/Office', '/Dispatch'];

/** A Workspace domain's users, the same on every run: its admin first, then staff. */
export function directoryOf(domain: string, admin: { givenName: string; familyName: string; email: string; sub: string }): DirectoryUser[] {
  const rng = createRng(`directory:${domain}`);
  const users: DirectoryUser[] = [
    {
      kind: 'admin#directory#user',
      id: admin.sub,
      primaryEmail: admin.email,
      name: { givenName: admin.givenName, familyName: admin.familyName, fullName: `${admin.givenName} ${admin.familyName}` },
      isAdmin: true,
      suspended: false,
      orgUnitPath: '/',
    },
  ];
  const taken = new Set([admin.email]);
  while (users.length < DIRECTORY_SIZE) {
    const givenName = rng.pick(FIRST_NAMES);
    const familyName = rng.pick(LAST_NAMES);
    const primaryEmail = `${givenName}.${familyName}@${domain}`.toLowerCase().replace(/[^a-z0-9.@-]/g, '');
    if (taken.has(primaryEmail)) continue;
    taken.add(primaryEmail);
    users.push({
      kind: 'admin#directory#user',
      id: rng.digits(21),
      primaryEmail,
      name: { givenName, familyName, fullName: `${givenName} ${familyName}` },
      isAdmin: false,
      suspended: rng.next() < 0.08,
      orgUnitPath: rng.pick(ORG_UNITS),
    });
  }
  return users;
}

/** Consumer (gmail.com) accounts have no directory; Google answers 403 for them. */
const CONSUMER_DOMAINS = new Set(['gmail.com', 'googlemail.com']);

export const registerDirectoryRoutes: RegisterRoutes = (routes, api) => {
  routes.add('GET', `${DIRECTORY_PATH}/users`, (ctx) => {
    const caller = api.caller(ctx);
    if (!caller.scope.split(' ').includes(DIRECTORY_SCOPE)) throw permissionDenied('Request had insufficient authentication scopes.');
    const user = api.store.user(caller.sub);
    const domain = user?.email.split('@')[1]?.toLowerCase() ?? '';
    if (!user || CONSUMER_DOMAINS.has(domain)) throw permissionDenied('Not Authorized to access this resource/api');
    const customer = typeof ctx.query.customer === 'string' ? ctx.query.customer : undefined;
    const queryDomain = typeof ctx.query.domain === 'string' ? ctx.query.domain.toLowerCase() : undefined;
    if (!customer && !queryDomain)
      throw invalidArgument('Bad Request: customer or domain is required', [{ field: 'customer', description: 'Field is required' }]);
    if (customer && customer !== 'my_customer') throw permissionDenied('Not Authorized to access this resource/api');
    if (queryDomain && queryDomain !== domain) throw permissionDenied('Not Authorized to access this resource/api');
    const maxResults = Math.min(500, Math.max(1, Number(ctx.query.maxResults ?? 100) || 100));
    const offset = typeof ctx.query.pageToken === 'string' ? Number.parseInt(Buffer.from(ctx.query.pageToken, 'base64url').toString(), 10) || 0 : 0;
    const all = directoryOf(domain, user);
    const page = all.slice(offset, offset + maxResults);
    const next = offset + maxResults < all.length ? Buffer.from(String(offset + maxResults)).toString('base64url') : undefined;
    ctx.body = { kind: 'admin#directory#users', etag: `"${domain}-${all.length}"`, users: page, ...(next ? { nextPageToken: next } : {}) };
  });
};
