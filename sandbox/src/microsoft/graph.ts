import type Koa from 'koa';
import { Router } from '@koa/router';
import type { DirectoryUser, Tenant } from './seed';
import { GRAPH_AUDIENCE, type TokenClaims } from './tokens';
import { graphError } from './http-util';
import type { IdentityState } from './identity';

/**
 * Microsoft Graph v1.0 subset: GET /microsoft/graph/v1.0/users (with $top, $select,
 * $orderby=displayName, $skiptoken paging through @odata.nextLink), /users/{id|upn}, /me.
 */
export const DEFAULT_PAGE_SIZE = 100;
export const MAX_PAGE_SIZE = 999;

const DEFAULT_PROPERTIES = [
  'businessPhones',
  'displayName',
  'givenName',
  'jobTitle',
  'mail',
  'mobilePhone',
  'officeLocation',
  'preferredLanguage',
  'surname',
  'userPrincipalName',
  'id',
] as const;
const ALL_PROPERTIES = [...DEFAULT_PROPERTIES, 'accountEnabled'] as const;
const LIST_SCOPES = ['User.ReadBasic.All', 'User.Read.All', 'Directory.Read.All'];

type Ctx = Koa.Context & { params: Record<string, string> };

function authorize(state: IdentityState, ctx: Koa.Context): { claims: TokenClaims; tenant: Tenant } | null {
  const header = ctx.get('authorization');
  const token = /^Bearer\s+(\S+)$/i.exec(header)?.[1];
  if (!token) {
    graphError(ctx, 401, 'InvalidAuthenticationToken', 'Access token is empty.');
    return null;
  }
  const verified = state.signer.verify(token, state.now());
  if (!verified.ok) {
    graphError(
      ctx,
      401,
      'InvalidAuthenticationToken',
      verified.reason === 'expired'
        ? 'Lifetime validation failed, the token is expired.'
        : 'IDX14100: JWT is not well formed, there are no dots (.) or the signature is invalid.',
    );
    return null;
  }
  const claims = verified.claims;
  if (claims.typ !== 'access' || claims.aud !== GRAPH_AUDIENCE) {
    graphError(ctx, 401, 'InvalidAuthenticationToken', 'Access token validation failure. Invalid audience.');
    return null;
  }
  if (claims.iat * 1000 < (state.revokedBefore.get(claims.tid) ?? 0)) {
    graphError(ctx, 401, 'InvalidAuthenticationToken', 'Access token has been revoked.');
    return null;
  }
  const tenant = state.tenants.find((t) => t.tenantId === claims.tid);
  if (!tenant) {
    graphError(ctx, 401, 'InvalidAuthenticationToken', 'Access token validation failure. Invalid tenant.');
    return null;
  }
  return { claims, tenant };
}

function parseSelect(ctx: Koa.Context): string[] | null {
  const raw = typeof ctx.query.$select === 'string' ? ctx.query.$select : undefined;
  if (!raw) return [...DEFAULT_PROPERTIES];
  const props = raw
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  const unknown = props.find((p) => !(ALL_PROPERTIES as readonly string[]).includes(p));
  if (unknown) {
    graphError(ctx, 400, 'Request_BadRequest', `Could not find a property named '${unknown}' on type 'microsoft.graph.user'.`);
    return null;
  }
  return props.includes('id') ? props : [...props, 'id'];
}

const shape = (user: DirectoryUser, props: readonly string[]) =>
  Object.fromEntries(props.map((p) => [p, (user as unknown as Record<string, unknown>)[p] ?? null]));

const encodeSkip = (tenantId: string, offset: number) => Buffer.from(JSON.stringify({ t: tenantId, o: offset })).toString('base64url');
function decodeSkip(token: string, tenantId: string): number | null {
  try {
    const v = JSON.parse(Buffer.from(token, 'base64url').toString('utf8')) as { t?: unknown; o?: unknown };
    return v.t === tenantId && typeof v.o === 'number' && Number.isInteger(v.o) && v.o >= 0 ? v.o : null;
  } catch {
    return null;
  }
}

export function graphRouter(state: IdentityState): Router {
  const router = new Router({ prefix: '/microsoft/graph' });

  router.get('/v1.0/users', (ctx) => {
    const auth = authorize(state, ctx);
    if (!auth) return;
    if (!auth.claims.scp.split(' ').some((s) => LIST_SCOPES.includes(s))) {
      return graphError(ctx, 403, 'Authorization_RequestDenied', 'Insufficient privileges to complete the operation.');
    }
    for (const unsupported of ['$filter', '$search', '$expand']) {
      if (ctx.query[unsupported] !== undefined) {
        return graphError(ctx, 400, 'Request_UnsupportedQuery', `The sandbox does not support ${unsupported} on users.`);
      }
    }
    const orderBy = ctx.query.$orderby;
    if (orderBy !== undefined && orderBy !== 'displayName') {
      return graphError(ctx, 400, 'Request_UnsupportedQuery', 'Sorting is supported only on displayName.');
    }
    let top = DEFAULT_PAGE_SIZE;
    if (ctx.query.$top !== undefined) {
      const raw = String(ctx.query.$top);
      top = /^\d+$/.test(raw) ? Number(raw) : NaN;
      if (!(top >= 1 && top <= MAX_PAGE_SIZE)) {
        return graphError(ctx, 400, 'Request_BadRequest', `Invalid page size specified: '${raw}'. Must be between 1 and ${MAX_PAGE_SIZE} inclusive.`);
      }
    }
    let offset = 0;
    if (ctx.query.$skiptoken !== undefined) {
      const decoded = decodeSkip(String(ctx.query.$skiptoken), auth.tenant.tenantId);
      if (decoded === null) {
        return graphError(ctx, 400, 'Directory_ExpiredPageToken', 'The specified page token value has expired and can no longer be included in your request.');
      }
      offset = decoded;
    }
    const props = parseSelect(ctx);
    if (!props) return;
    // Like Graph, a page may hold fewer items than $top asked: clients follow @odata.nextLink.
    const size = Math.min(top, state.maxPageSize);
    const page = auth.tenant.users.slice(offset, offset + size);
    const next = offset + size < auth.tenant.users.length ? offset + size : null;
    const selectSuffix = ctx.query.$select ? `(${props.join(',')})` : '';
    const body: Record<string, unknown> = {
      '@odata.context': `https://graph.microsoft.com/v1.0/$metadata#users${selectSuffix}`,
      value: page.map((u) => shape(u, props)),
    };
    if (next !== null) {
      const link = new URL(`${ctx.protocol}://${ctx.host}/microsoft/graph/v1.0/users`);
      link.searchParams.set('$top', String(top));
      if (ctx.query.$select) link.searchParams.set('$select', props.join(','));
      if (orderBy) link.searchParams.set('$orderby', 'displayName');
      link.searchParams.set('$skiptoken', encodeSkip(auth.tenant.tenantId, next));
      body['@odata.nextLink'] = link.toString();
    }
    ctx.body = body;
  });

  const one = (ctx: Ctx, key: string | undefined) => {
    const auth = authorize(state, ctx);
    if (!auth) return;
    const id = key ?? auth.claims.oid;
    if (key !== undefined && !auth.claims.scp.split(' ').some((s) => LIST_SCOPES.includes(s))) {
      return graphError(ctx, 403, 'Authorization_RequestDenied', 'Insufficient privileges to complete the operation.');
    }
    const user = auth.tenant.users.find((u) => u.id === id || u.userPrincipalName.toLowerCase() === id.toLowerCase());
    if (!user) {
      return graphError(
        ctx,
        404,
        'Request_ResourceNotFound',
        `Resource '${id}' does not exist or one of its queried reference-property objects are not present.`,
      );
    }
    const props = parseSelect(ctx);
    if (!props) return;
    ctx.body = {
      '@odata.context': `https://graph.microsoft.com/v1.0/$metadata#users${ctx.query.$select ? `(${props.join(',')})` : ''}/$entity`,
      ...shape(user, props),
    };
  };
  router.get('/v1.0/users/:id', (ctx) => one(ctx as Ctx, ctx.params.id!));
  router.get('/v1.0/me', (ctx) => one(ctx as Ctx, undefined));

  return router;
}
