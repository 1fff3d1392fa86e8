import { authErrors, mayCall, type RouteDef } from '@locus/contracts';
import { fail } from './errors';
import type { Clock, ReadModels, SessionValidator, TokenService } from '../runtime/deps';
import type { AuthContext } from './route-handler';
import type { LocusContext } from './state';

export interface AuthDeps {
  tokens: TokenService;
  /** Called after the signature check; false → 401 AUTH.SESSION_REVOKED. */
  sessionValidator?: SessionValidator;
}

const BEARER = /^Bearer\s+([A-Za-z0-9\-_.~+/]+=*)\s*$/i;

/**
 * The caller without the token's claims. Written out, not `{ claims, ...auth }`: V8 runs a rest
 * with an excluded key in its runtime, the largest part of this function's time and garbage.
 */
function withoutClaims(verified: AuthContext & { claims: unknown }): AuthContext {
  const auth: AuthContext = {
    userId: verified.userId,
    role: verified.role,
    companyId: verified.companyId,
    companyName: verified.companyName,
    viewingAsAdmin: verified.viewingAsAdmin,
    tokenId: verified.tokenId,
  };
  for (const key in verified)
    if (key !== 'claims' && !(key in auth)) (auth as unknown as Record<string, unknown>)[key] = (verified as unknown as Record<string, unknown>)[key];
  return auth;
}

/** Verifies the bearer token and the session; throws 401 AppErrors. Returns null when no header. */
export async function authenticateRequest(ctx: LocusContext, deps: AuthDeps): Promise<AuthContext | null> {
  const header = ctx.req.headers.authorization;
  if (!header) return null;
  const match = BEARER.exec(header);
  if (!match) throw fail(authErrors.malformedAuthorization);
  const auth = withoutClaims(await deps.tokens.verify(match[1]!));
  if (deps.sessionValidator && !(await deps.sessionValidator(auth))) {
    throw fail(authErrors.sessionRevoked);
  }
  return auth;
}

type RouteAccess = Pick<RouteDef, 'roles' | 'method' | 'kind'>;

/** Whether a signed-in caller (or nobody) may call a route (`mayCall` of the contracts). */
export function isAllowed(route: RouteAccess, auth: AuthContext | null): 'ok' | 'unauthenticated' | 'forbidden' {
  if (route.roles.includes('Anonymous')) return 'ok';
  if (!auth) return 'unauthenticated';
  return mayCall(route, auth.role) ? 'ok' : 'forbidden';
}

/**
 * Authentication and role check for a route: 401 without a valid token or session, 403 for
 * a role the route does not allow. On anonymous routes a token is optional and a bad one is
 * ignored (the web client attaches its token everywhere). Sets `ctx.state.auth`.
 * Company scoping comes from the token only: `ctx.state.auth.companyId`.
 */
export function authorizer(route: RouteAccess, deps: AuthDeps): (ctx: LocusContext) => Promise<void> {
  const anonymousAllowed = route.roles.includes('Anonymous');
  return async function authorize(ctx) {
    let caller: AuthContext | null;
    try {
      caller = await authenticateRequest(ctx, deps);
    } catch (err) {
      if (!anonymousAllowed) throw err;
      caller = null;
    }
    ctx.state.auth = caller;
    const verdict = isAllowed(route, caller);
    if (verdict === 'unauthenticated') throw fail(authErrors.unauthenticated);
    if (verdict === 'forbidden') throw fail(authErrors.forbidden);
  };
}

/** Builds the session check from what both APIs have (the identity feature supplies one). */
export type SessionValidatorFactory = (deps: { readModels: ReadModels; clock: Clock }) => SessionValidator;
