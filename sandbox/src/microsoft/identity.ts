import type Koa from 'koa';
import { Router } from '@koa/router';
import { escapeHtml, htmlPage } from '../kit/html';
import { findTenant, type Tenant } from './seed';
import { ACCESS_TOKEN_SECONDS, GRAPH_AUDIENCE, REFRESH_TOKEN_SECONDS, newAuthorizationCode, type TokenSigner } from './tokens';
import { aadError, readForm } from './http-util';

/**
 * Microsoft identity platform v2.0 endpoints of the sandbox:
 *   GET|POST /microsoft/login/<tenant>/oauth2/v2.0/authorize  (sign-in + admin consent page)
 *   POST     /microsoft/login/<tenant>/oauth2/v2.0/token      (authorization_code, refresh_token)
 * <tenant> is a tenant id, a tenant domain, or `common` / `organizations`.
 */
export interface IdentityState {
  tenants: Tenant[];
  signer: TokenSigner;
  codes: Map<string, IssuedCode>;
  /** Tokens issued before this time (ms) are revoked, per tenant. */
  revokedBefore: Map<string, number>;
  now(): number;
  /** Largest page Graph returns whatever $top asks (real Graph: 999 for users). */
  maxPageSize: number;
}

export interface IssuedCode {
  tenantId: string;
  clientId: string;
  redirectUri: string;
  userId: string;
  scopes: string[];
  expiresAt: number;
  redeemed: boolean;
}

const CODE_SECONDS = 600;
const KNOWN_GRAPH_SCOPES = ['User.Read', 'User.ReadBasic.All', 'User.Read.All', 'Directory.Read.All'];
const OIDC_SCOPES = ['openid', 'profile', 'email', 'offline_access'];
const GRAPH_PREFIX = `${GRAPH_AUDIENCE}/`;

type ScopeResult = { ok: true; scopes: string[] } | { ok: false; bad: string };

/** Normalises requested scopes: Graph scopes without their resource prefix, `.default` expanded. */
export function resolveScopes(requested: string, tenant: Tenant): ScopeResult {
  const out = new Set<string>();
  for (const raw of requested.split(/\s+/).filter(Boolean)) {
    if (OIDC_SCOPES.includes(raw)) {
      out.add(raw);
      continue;
    }
    const name = raw.startsWith(GRAPH_PREFIX) ? raw.slice(GRAPH_PREFIX.length) : raw;
    if (name === '.default') {
      tenant.app.delegatedPermissions.forEach((p) => out.add(p));
      continue;
    }
    const known = KNOWN_GRAPH_SCOPES.find((k) => k.toLowerCase() === name.toLowerCase());
    if (!known) return { ok: false, bad: raw };
    out.add(known);
  }
  return { ok: true, scopes: [...out] };
}

const graphScopes = (scopes: string[]) => scopes.filter((s) => !OIDC_SCOPES.includes(s));

function resolveTenant(state: IdentityState, segment: string, clientId: string | undefined): Tenant | undefined {
  if (segment === 'common' || segment === 'organizations') return state.tenants.find((t) => t.app.clientId === clientId);
  return findTenant(state.tenants, segment);
}

function errorPage(ctx: Koa.Context, status: number, code: number, message: string) {
  ctx.status = status;
  ctx.type = 'html';
  ctx.body = htmlPage(
    'Sign in to your account',
    `<header><span class="brand">Microsoft (sandbox)</span></header><main><div class="card">
<h2>Sorry, but we’re having trouble signing you in.</h2>
<p class="error">AADSTS${code}: ${escapeHtml(message)}</p></div></main>`,
  );
}

function redirectWith(ctx: Koa.Context, redirectUri: string, params: Record<string, string | undefined>) {
  const url = new URL(redirectUri);
  for (const [k, v] of Object.entries(params)) if (v !== undefined) url.searchParams.set(k, v);
  ctx.redirect(url.toString());
}

const isHttpUrl = (value: string | undefined) => {
  if (!value) return false;
  try {
    const u = new URL(value);
    return u.protocol === 'http:' || u.protocol === 'https:';
  } catch {
    return false;
  }
};

type AuthorizeCheck =
  | { kind: 'page'; status: number; code: number; message: string }
  | { kind: 'redirect'; redirectUri: string; params: Record<string, string | undefined> }
  | { kind: 'ok'; tenant: Tenant; redirectUri: string; scopes: string[]; state: string | undefined };

function checkAuthorize(state: IdentityState, segment: string, q: Record<string, string | undefined>): AuthorizeCheck {
  const tenant = resolveTenant(state, segment, q.client_id);
  if (!tenant) {
    if (segment === 'common' || segment === 'organizations') {
      return { kind: 'page', status: 400, code: 700016, message: `Application with identifier '${q.client_id ?? ''}' was not found in the directory.` };
    }
    return {
      kind: 'page',
      status: 400,
      code: 90002,
      message: `Tenant '${segment}' not found. Check to make sure you have the correct tenant ID and are signing into the correct cloud.`,
    };
  }
  if (!q.client_id) return { kind: 'page', status: 400, code: 900144, message: "The request body must contain the following parameter: 'client_id'." };
  if (q.client_id !== tenant.app.clientId) {
    return {
      kind: 'page',
      status: 400,
      code: 700016,
      message: `Application with identifier '${q.client_id}' was not found in the directory '${tenant.displayName}'.`,
    };
  }
  if (!isHttpUrl(q.redirect_uri)) {
    return {
      kind: 'page',
      status: 400,
      code: 50011,
      message: 'The redirect URI specified in the request does not match the redirect URIs configured for the application.',
    };
  }
  const redirectUri = q.redirect_uri!;
  const back = (error: string, description: string) => ({
    kind: 'redirect' as const,
    redirectUri,
    params: { error, error_description: description, state: q.state },
  });
  if (q.response_type !== 'code')
    return back('unsupported_response_type', `AADSTS700054: response_type '${q.response_type ?? ''}' is not enabled for the application.`);
  if (!q.scope) return back('invalid_request', "AADSTS900144: The request body must contain the following parameter: 'scope'.");
  const scopes = resolveScopes(q.scope, tenant);
  if (!scopes.ok)
    return back('invalid_scope', `AADSTS70011: The provided value for the input parameter 'scope' is not valid. The scope ${scopes.bad} is not valid.`);
  return { kind: 'ok', tenant, redirectUri, scopes: scopes.scopes, state: q.state };
}

const PASSTHROUGH = ['client_id', 'response_type', 'redirect_uri', 'scope', 'state', 'response_mode', 'prompt', 'login_hint'];

function consentPage(tenant: Tenant, q: Record<string, string | undefined>, scopes: string[], action: string): string {
  const hidden = PASSTHROUGH.filter((k) => q[k] !== undefined)
    .map((k) => `<input type="hidden" name="${k}" value="${escapeHtml(q[k])}">`)
    .join('');
  const admins = tenant.users.filter((u) => u.isTenantAdmin && u.accountEnabled);
  const rows = admins
    .map(
      (u) => `<tr><td><strong>${escapeHtml(u.displayName)}</strong><div class="muted">${escapeHtml(u.userPrincipalName)} · ${escapeHtml(u.jobTitle)}</div></td>
<td><form method="post" action="${escapeHtml(action)}">${hidden}<input type="hidden" name="user" value="${escapeHtml(u.id)}">
<button class="primary" type="submit" name="decision" value="accept" data-upn="${escapeHtml(u.userPrincipalName)}">Sign in and accept</button></form></td></tr>`,
    )
    .join('');
  const perms = graphScopes(scopes)
    .map((s) => `<li>${escapeHtml(s)}</li>`)
    .join('');
  return htmlPage(
    'Permissions requested',
    `<header><span class="brand">Microsoft (sandbox)</span><span class="muted">${escapeHtml(tenant.displayName)}</span></header>
<main><div class="card"><h2>Permissions requested</h2>
<p><strong>${escapeHtml(tenant.app.displayName)}</strong> wants to:</p><ul>${perms}${scopes.includes('offline_access') ? '<li>Maintain access to data you have given it access to</li>' : ''}</ul>
<p class="muted">Choose the administrator of ${escapeHtml(tenant.domain)} who grants consent on behalf of the organization.</p>
<table><thead><tr><th>Administrator</th><th></th></tr></thead><tbody>${rows}</tbody></table>
<form method="post" action="${escapeHtml(action)}" style="margin-top:16px">${hidden}<button type="submit" name="decision" value="cancel">Cancel</button></form>
</div></main>`,
  );
}

export function identityRouter(state: IdentityState): Router {
  const router = new Router({ prefix: '/microsoft/login' });

  const authorize = async (ctx: Koa.Context, q: Record<string, string | undefined>) => {
    const segment = String((ctx as unknown as { params: Record<string, string> }).params.tenant);
    const check = checkAuthorize(state, segment, q);
    if (check.kind === 'page') return errorPage(ctx, check.status, check.code, check.message);
    if (check.kind === 'redirect') return redirectWith(ctx, check.redirectUri, check.params);
    if (ctx.method === 'GET') {
      ctx.type = 'html';
      ctx.body = consentPage(check.tenant, q, check.scopes, ctx.path);
      return;
    }
    if (q.decision !== 'accept') {
      return redirectWith(ctx, check.redirectUri, {
        error: 'access_denied',
        error_description: 'AADSTS65004: User declined to consent to access the app.',
        state: check.state,
      });
    }
    const user = check.tenant.users.find((u) => u.id === q.user && u.isTenantAdmin && u.accountEnabled);
    if (!user) return errorPage(ctx, 400, 50034, 'The user account does not exist in the directory or cannot grant admin consent.');
    const code = newAuthorizationCode();
    state.codes.set(code, {
      tenantId: check.tenant.tenantId,
      clientId: check.tenant.app.clientId,
      redirectUri: check.redirectUri,
      userId: user.id,
      scopes: check.scopes,
      expiresAt: state.now() + CODE_SECONDS * 1000,
      redeemed: false,
    });
    redirectWith(ctx, check.redirectUri, { code, state: check.state, session_state: check.tenant.tenantId });
  };

  router.get('/:tenant/oauth2/v2.0/authorize', (ctx) => authorize(ctx, ctx.query as Record<string, string | undefined>));
  router.post('/:tenant/oauth2/v2.0/authorize', async (ctx) => authorize(ctx, await readForm(ctx)));

  router.post('/:tenant/oauth2/v2.0/token', async (ctx) => {
    const form = await readForm(ctx);
    const fail = (status: number, error: string, code: number, description: string) => {
      ctx.status = status;
      ctx.body = aadError(error, code, description);
    };
    const tenant = resolveTenant(state, ctx.params.tenant!, form.client_id);
    if (!tenant) return fail(400, 'invalid_request', 90002, `Tenant '${ctx.params.tenant}' not found.`);
    if (!form.client_id) return fail(400, 'invalid_request', 900144, "The request body must contain the following parameter: 'client_id'.");
    if (form.client_id !== tenant.app.clientId) {
      return fail(
        400,
        'unauthorized_client',
        700016,
        `Application with identifier '${form.client_id}' was not found in the directory '${tenant.displayName}'.`,
      );
    }
    if (!form.client_secret) {
      return fail(401, 'invalid_client', 7000218, "The request body must contain the following parameter: 'client_assertion' or 'client_secret'.");
    }
    if (form.client_secret !== tenant.app.clientSecret) {
      return fail(
        401,
        'invalid_client',
        7000215,
        'Invalid client secret provided. Ensure the secret being sent in the request is the client secret value, not the client secret ID, for a secret added to app.',
      );
    }

    let userId: string;
    let scopes: string[];
    if (form.grant_type === 'authorization_code') {
      if (!form.code) return fail(400, 'invalid_request', 900144, "The request body must contain the following parameter: 'code'.");
      const issued = state.codes.get(form.code);
      if (!issued || issued.tenantId !== tenant.tenantId || issued.clientId !== form.client_id) {
        return fail(400, 'invalid_grant', 9002313, 'Invalid request. Request is malformed or invalid.');
      }
      if (issued.redeemed)
        return fail(
          400,
          'invalid_grant',
          54005,
          'OAuth2 Authorization code was already redeemed, please retry with a new valid code or use an existing refresh token.',
        );
      if (issued.expiresAt <= state.now())
        return fail(400, 'invalid_grant', 70008, 'The provided authorization code or refresh token has expired due to inactivity.');
      if (form.redirect_uri !== issued.redirectUri) {
        return fail(400, 'invalid_grant', 50148, 'The redirect_uri does not match the one used in the authorization request.');
      }
      issued.redeemed = true;
      userId = issued.userId;
      scopes = issued.scopes;
    } else if (form.grant_type === 'refresh_token') {
      if (!form.refresh_token) return fail(400, 'invalid_request', 900144, "The request body must contain the following parameter: 'refresh_token'.");
      const verified = state.signer.verify(form.refresh_token, state.now());
      if (!verified.ok) {
        return verified.reason === 'expired'
          ? fail(400, 'invalid_grant', 700082, 'The refresh token has expired due to inactivity.')
          : fail(400, 'invalid_grant', 9002313, 'Invalid request. Request is malformed or invalid.');
      }
      const c = verified.claims;
      if (c.typ !== 'refresh' || c.tid !== tenant.tenantId || c.appid !== form.client_id) {
        return fail(400, 'invalid_grant', 9002313, 'Invalid request. Request is malformed or invalid.');
      }
      if (c.iat * 1000 < (state.revokedBefore.get(tenant.tenantId) ?? 0)) {
        return fail(400, 'invalid_grant', 50173, 'The provided grant has expired due to it being revoked, a fresh auth token is needed.');
      }
      userId = c.oid;
      scopes = c.scp.split(' ').filter(Boolean);
      if (form.scope) {
        const asked = resolveScopes(form.scope, tenant);
        if (!asked.ok)
          return fail(400, 'invalid_scope', 70011, `The provided value for the input parameter 'scope' is not valid. The scope ${asked.bad} is not valid.`);
        const extra = graphScopes(asked.scopes).filter((s) => !scopes.includes(s));
        if (extra.length)
          return fail(400, 'invalid_grant', 65001, `The user or administrator has not consented to use the application for ${extra.join(' ')}.`);
      }
    } else {
      return fail(400, 'unsupported_grant_type', 70003, `The app requested an unsupported grant type '${form.grant_type ?? ''}'.`);
    }

    const user = tenant.users.find((u) => u.id === userId);
    if (!user || !user.accountEnabled) return fail(400, 'invalid_grant', 50057, 'The user account is disabled.');
    const scp = scopes.join(' ');
    const graph = graphScopes(scopes);
    const base = { aud: GRAPH_AUDIENCE, tid: tenant.tenantId, oid: user.id, appid: tenant.app.clientId, scp };
    const now = state.now();
    ctx.set('Cache-Control', 'no-store');
    ctx.body = {
      token_type: 'Bearer',
      scope: [...graph.map((s) => GRAPH_PREFIX + s), ...scopes.filter((s) => OIDC_SCOPES.includes(s) && s !== 'offline_access')].join(' '),
      expires_in: ACCESS_TOKEN_SECONDS,
      ext_expires_in: ACCESS_TOKEN_SECONDS,
      access_token: state.signer.sign({ ...base, typ: 'access' }, ACCESS_TOKEN_SECONDS, now),
      ...(scopes.includes('offline_access') ? { refresh_token: state.signer.sign({ ...base, typ: 'refresh' }, REFRESH_TOKEN_SECONDS, now) } : {}),
    };
  });

  return router;
}
