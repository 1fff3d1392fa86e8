import type Koa from 'koa';
import { Router } from '@koa/router';
import { createHash } from 'node:crypto';
import type { SandboxEnv, SandboxModule, SandboxModuleFactory } from '../kit/module';
import { escapeHtml, htmlPage } from '../kit/html';
import { buildTenants, DEFAULT_TENANT_SEEDS, findTenant, type TenantSeed } from './seed';
import { createTokenSigner } from './tokens';
import { identityRouter, type IdentityState } from './identity';
import { graphRouter, MAX_PAGE_SIZE } from './graph';

export { DEFAULT_TENANT_SEEDS, buildTenants } from './seed';
export type { Tenant, DirectoryUser, TenantSeed } from './seed';

export interface MicrosoftSandboxOptions {
  tenants?: readonly TenantSeed[];
  /** Signing secret of sandbox tokens; default derived from the sandbox seed (stable across restarts). */
  tokenSecret?: string;
  now?: () => number;
  /** Cap on Graph page sizes (default 999, as Graph's users API); small values exercise paging. */
  maxPageSize?: number;
}

/** The sandbox's own pages: tenants with their app credentials, and a session-revocation control. */
function sandboxRouter(state: IdentityState): Router {
  const router = new Router({ prefix: '/microsoft' });
  router.get('/', (ctx) => {
    ctx.type = 'html';
    const rows = state.tenants
      .map(
        (t) => `<tr><td><strong>${escapeHtml(t.displayName)}</strong><div class="muted">${escapeHtml(t.domain)}</div></td>
<td><code>${escapeHtml(t.tenantId)}</code></td><td><code>${escapeHtml(t.app.clientId)}</code></td><td><code>${escapeHtml(t.app.clientSecret)}</code></td><td>${t.users.length}</td></tr>`,
      )
      .join('');
    ctx.body = htmlPage(
      'Microsoft sandbox',
      `<header><span class="brand">Microsoft identity + Graph (sandbox)</span></header><main><div class="card">
<p>Enter these values in Locus (Users → Add Azure Users → Important Notice!).</p>
<table><thead><tr><th>Tenant</th><th>Tenant id</th><th>Client id</th><th>Client secret</th><th>Users</th></tr></thead><tbody>${rows}</tbody></table>
</div></main>`,
    );
  });
  router.get('/sandbox/tenants', (ctx) => {
    ctx.body = state.tenants.map((t) => ({
      tenantId: t.tenantId,
      domain: t.domain,
      displayName: t.displayName,
      clientId: t.app.clientId,
      clientSecret: t.app.clientSecret,
      userCount: t.users.length,
      admins: t.users.filter((u) => u.isTenantAdmin).map((u) => ({ id: u.id, userPrincipalName: u.userPrincipalName })),
    }));
  });
  /** Revokes every token issued so far for the tenant (simulates "Revoke sessions" in Entra). */
  router.post('/sandbox/tenants/:tenant/revoke-sessions', (ctx) => {
    const tenant = findTenant(state.tenants, ctx.params.tenant!);
    if (!tenant) {
      ctx.status = 404;
      ctx.body = { error: `Unknown tenant ${ctx.params.tenant}` };
      return;
    }
    // Tokens carry whole seconds; anything issued up to now is revoked.
    state.revokedBefore.set(tenant.tenantId, (Math.floor(state.now() / 1000) + 1) * 1000);
    ctx.body = { revoked: true };
  });
  return router;
}

export function createMicrosoftState(options: MicrosoftSandboxOptions & { seed?: number } = {}): IdentityState {
  const secret =
    options.tokenSecret ??
    createHash('sha256')
      .update(`locus-sandbox-microsoft:${options.seed ?? 0}`)
      .digest('hex');
  return {
    tenants: buildTenants(options.tenants ?? DEFAULT_TENANT_SEEDS),
    signer: createTokenSigner(secret),
    codes: new Map(),
    revokedBefore: new Map(),
    now: options.now ?? Date.now,
    maxPageSize: options.maxPageSize ?? MAX_PAGE_SIZE,
  };
}

/** Koa middleware serving everything under /microsoft. */
export function createMicrosoftMiddleware(state: IdentityState): Koa.Middleware {
  const routers = [identityRouter(state), graphRouter(state), sandboxRouter(state)];
  const chain = routers.flatMap((r) => [r.routes(), r.allowedMethods()]) as Koa.Middleware[];
  return async function microsoftSandbox(ctx, next) {
    let i = -1;
    const dispatch = async (n: number): Promise<void> => {
      if (n <= i) throw new Error('next() called twice');
      i = n;
      const mw = chain[n];
      if (!mw) return next();
      await mw(ctx, () => dispatch(n + 1));
    };
    await dispatch(0);
  };
}

/** Sandbox module factory composed by sandbox/src/server.ts. */
export const createMicrosoftModule: SandboxModuleFactory = (env: SandboxEnv): SandboxModule => {
  const options = (env.options.microsoft ?? {}) as MicrosoftSandboxOptions;
  const state = createMicrosoftState({ ...options, seed: env.seed });
  return {
    name: 'microsoft',
    prefix: '/microsoft',
    middleware: createMicrosoftMiddleware(state),
    summary: () =>
      `Microsoft identity + Graph: ${state.tenants.length} tenants (${state.tenants.map((t) => t.domain).join(', ')}); login ${env.url()}/microsoft/login/<tenant>/oauth2/v2.0/authorize, Graph ${env.url()}/microsoft/graph/v1.0`,
  };
};
