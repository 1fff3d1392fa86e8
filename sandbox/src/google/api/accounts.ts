import { invalidArgument } from '../errors';
import type { GAccount } from '../state';
import { pageOf, pageSize, queryString, readPageToken } from './common';
import { PATHS, type GoogleApi, type RegisterRoutes } from './context';

export function accountJson(api: GoogleApi, account: GAccount, sub: string) {
  const role = api.store.roleIn(account, sub) ?? 'MANAGER';
  const owner = account.members.find((m) => m.role === 'PRIMARY_OWNER');
  const ownerPersonal = owner && Object.values(api.store.state.accounts).find((a) => a.type === 'PERSONAL' && a.members[0]?.sub === owner.sub);
  return {
    name: `accounts/${account.id}`,
    accountName: account.accountName,
    type: account.type,
    role,
    verificationState: account.verificationState,
    vettedState: account.vettedState,
    permissionLevel: role === 'PRIMARY_OWNER' || role === 'OWNER' ? 'OWNER_LEVEL' : 'MEMBER_LEVEL',
    ...(account.accountNumber ? { accountNumber: account.accountNumber } : {}),
    ...(account.type !== 'PERSONAL' && ownerPersonal ? { primaryOwner: `accounts/${ownerPersonal.id}` } : {}),
  };
}

/** Account Management API v1: accounts.list (pageSize ≤ 20), accounts.get, accounts.admins.list. */
export const registerAccountRoutes: RegisterRoutes = (routes, api) => {
  routes.add('GET', `${PATHS.accountManagement}/accounts`, (ctx) => {
    const { sub } = api.caller(ctx);
    const filter = queryString(ctx, 'filter');
    let accounts = api.store.accountsOf(sub);
    if (filter) {
      const m = /^\s*type\s*=\s*"?([A-Z_]+)"?\s*$/.exec(filter);
      if (!m) throw invalidArgument(`Invalid filter: ${filter}`, [{ field: 'filter', description: 'only type=<AccountType> is supported' }]);
      accounts = accounts.filter((a) => a.type === m[1]);
    }
    // Personal account first, then by name (stable order for paging).
    accounts.sort((a, b) => (a.type === 'PERSONAL' ? -1 : b.type === 'PERSONAL' ? 1 : a.accountName.localeCompare(b.accountName) || a.id.localeCompare(b.id)));
    const size = pageSize(ctx, 20, 20);
    const fingerprint = `accounts|${sub}|${filter ?? ''}`;
    const { page, nextPageToken } = pageOf(accounts, readPageToken(ctx, fingerprint), size, fingerprint);
    ctx.body = { accounts: page.map((a) => accountJson(api, a, sub)), ...(nextPageToken ? { nextPageToken } : {}) };
  });

  routes.add('GET', `${PATHS.accountManagement}/accounts/{accountId}`, (ctx, p) => {
    const { sub } = api.caller(ctx);
    ctx.body = accountJson(api, api.store.accountFor(sub, p.accountId!), sub);
  });

  routes.add('GET', `${PATHS.accountManagement}/accounts/{accountId}/admins`, (ctx, p) => {
    const { sub } = api.caller(ctx);
    const account = api.store.accountFor(sub, p.accountId!);
    ctx.body = {
      accountAdmins: account.members.map((m) => {
        const user = api.store.user(m.sub);
        return {
          name: `accounts/${account.id}/admins/${m.sub}`,
          admin: user?.email ?? m.sub,
          account: `accounts/${account.id}`,
          role: m.role,
          pendingInvitation: false,
        };
      }),
    };
  });
};
