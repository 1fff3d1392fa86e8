import type { RouteTable } from '../kit/routes';
import { requireBodyObject } from './api/common';
import { invalidArgument } from './errors';
import type { GoogleStore, GoogleSandboxOptions } from './store';

/**
 * Test and demo hooks under /google/__sandbox (not part of Google's API):
 * inject failures, change limits, expire tokens, create the benchmark account
 * (reviews and the data clock: admin-reviews.ts).
 */
export function registerAdminRoutes(routes: RouteTable, store: GoogleStore) {
  const prefix = '/google/__sandbox';

  routes.add('GET', prefix, (ctx) => {
    const { state } = store;
    ctx.body = {
      seed: state.seed,
      anchor: state.anchor,
      dataNow: new Date(store.dataNow()).toISOString(),
      options: store.options,
      users: state.users.map((u) => ({ sub: u.sub, name: u.name, email: u.email })),
      accounts: Object.values(state.accounts).map((a) => ({
        name: `accounts/${a.id}`,
        accountName: a.accountName,
        type: a.type,
        locationCount: a.locationIds.length,
        members: a.members.map((m) => ({ email: store.user(m.sub)?.email, role: m.role })),
      })),
    };
  });

  // Edits accepted per location (persisted with the state) and the 429s answered since start.
  routes.add('GET', `${prefix}/edits`, (ctx) => {
    const edits = store.state.editCounts ?? {};
    ctx.body = { edits, total: Object.values(edits).reduce((a, b) => a + b, 0), quotaRejections: store.quotaRejections };
  });

  routes.add('POST', `${prefix}/fail-next`, (ctx) => {
    const body = ctx.request.body && typeof ctx.request.body === 'object' ? (ctx.request.body as Record<string, unknown>) : {};
    const status = Number(body.status ?? 503);
    if (![400, 429, 500, 502, 503, 504].includes(status))
      throw invalidArgument('status must be 400, 429, 500, 502, 503 or 504', [{ field: 'status', description: 'unsupported status' }]);
    const count = Number(body.count ?? 1);
    store.failNext({
      status: status as 500,
      remaining: Number.isInteger(count) && count > 0 ? count : 1,
      ...(typeof body.pathIncludes === 'string' ? { pathIncludes: body.pathIncludes } : {}),
      ...(typeof body.method === 'string' ? { method: body.method } : {}),
    });
    ctx.body = { armed: true, status, count };
  });

  routes.add('PATCH', `${prefix}/options`, (ctx) => {
    const body = requireBodyObject(ctx.request.body);
    const numeric: (keyof GoogleSandboxOptions)[] = [
      'accessTokenTtlSeconds',
      'authCodeTtlSeconds',
      'editsPerWindow',
      'editWindowMs',
      'queriesPerMinute',
      'queryWindowMs',
      'mediaFetchTimeoutMs',
      'postReviewMs',
    ];
    for (const key of numeric) {
      if (body[key] === undefined) continue;
      const v = Number(body[key]);
      if (!Number.isFinite(v) || v < 0)
        throw invalidArgument(`${key} must be a non-negative number`, [{ field: key, description: 'must be a non-negative number' }]);
      (store.options as unknown as Record<string, number>)[key] = v;
    }
    ctx.body = store.options;
  });

  routes.add('POST', `${prefix}/tokens/expire`, (ctx) => {
    const body = ctx.request.body && typeof ctx.request.body === 'object' ? (ctx.request.body as Record<string, unknown>) : {};
    let expired = 0;
    for (const [token, info] of Object.entries(store.state.oauth.accessTokens)) {
      if (typeof body.token === 'string' && body.token !== token) continue;
      info.expiresAt = store.now() - 1;
      expired++;
    }
    store.changed();
    ctx.body = { expired };
  });

  routes.add('POST', `${prefix}/bench-account`, (ctx) => {
    const body = ctx.request.body && typeof ctx.request.body === 'object' ? (ctx.request.body as Record<string, unknown>) : {};
    const locations = Number(body.locations ?? 10_000);
    if (!Number.isInteger(locations) || locations < 1 || locations > 50_000)
      throw invalidArgument('locations must be 1..50000', [{ field: 'locations', description: 'must be an integer from 1 to 50000' }]);
    const account = store.ensureBenchAccount(locations);
    const owner = store.user(account.members[0]!.sub)!;
    ctx.body = {
      name: `accounts/${account.id}`,
      accountName: account.accountName,
      locationCount: account.locationIds.length,
      owner: { email: owner.email, sub: owner.sub },
    };
  });

  routes.add('POST', `${prefix}/reset`, (ctx) => {
    store.reseed();
    ctx.body = { reset: true };
  });
}
