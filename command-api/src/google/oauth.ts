import type { LocusConfig } from '@locus/platform/runtime/deps';
import { googleErrorFromResponse, networkError } from './errors';
import { transportOf, type HttpAnswer } from './transport';

export type GoogleEndpoints = LocusConfig['google'];

export const GOOGLE_BUSINESS_SCOPE = 'https://www.googleapis.com/auth/business.manage';
/** Business Profile access plus the identity of the Google user (name, email, picture). */
export const GOOGLE_DEFAULT_SCOPES = ['openid', 'email', 'profile', GOOGLE_BUSINESS_SCOPE];

export interface GoogleTokens {
  accessToken: string;
  /** Epoch milliseconds. */
  expiresAt: number;
  refreshToken?: string;
  scope?: string;
  idToken?: string;
}

export interface GoogleUserInfo {
  sub: string;
  name?: string;
  givenName?: string;
  familyName?: string;
  email?: string;
  emailVerified?: boolean;
  picture?: string;
}

export interface OAuthDeps {
  /** Injected for tests; undici's `request` on a shared pool otherwise (./transport). */
  fetch?: typeof fetch;
  now?: () => number;
}

/** The consent URL: code flow, offline access (refresh token), consent forced so a refresh token is always returned. */
export function buildGoogleAuthorizeUrl(
  cfg: Pick<GoogleEndpoints, 'authUrl' | 'clientId'>,
  opts: { redirectUri: string; state: string; scopes?: string[]; loginHint?: string; prompt?: string; codeChallenge?: string; includeGrantedScopes?: boolean },
): string {
  const scopes = opts.scopes ?? GOOGLE_DEFAULT_SCOPES;
  if (!scopes.includes(GOOGLE_BUSINESS_SCOPE)) scopes.push(GOOGLE_BUSINESS_SCOPE);
  const url = new URL(cfg.authUrl);
  url.searchParams.set('client_id', cfg.clientId);
  url.searchParams.set('redirect_uri', opts.redirectUri);
  url.searchParams.set('response_type', 'code');
  url.searchParams.set('scope', scopes.join(' '));
  url.searchParams.set('access_type', 'offline');
  url.searchParams.set('prompt', opts.prompt ?? 'consent');
  url.searchParams.set('state', opts.state);
  if (opts.includeGrantedScopes) url.searchParams.set('include_granted_scopes', 'true');
  if (opts.loginHint) url.searchParams.set('login_hint', opts.loginHint);
  if (opts.codeChallenge) {
    url.searchParams.set('code_challenge', opts.codeChallenge);
    url.searchParams.set('code_challenge_method', 'S256');
  }
  return url.toString();
}

/** The answer's JSON object, or undefined when its body is not JSON (read in full either way, so the connection is reused). */
async function jsonOf(res: HttpAnswer): Promise<Record<string, unknown> | undefined> {
  try {
    return JSON.parse(await res.text()) as Record<string, unknown>;
  } catch {
    return undefined;
  }
}

async function tokenRequest(cfg: GoogleEndpoints, form: Record<string, string>, operation: string, deps: OAuthDeps): Promise<GoogleTokens> {
  const now = deps.now ?? Date.now;
  const body = new URLSearchParams({ ...form, client_id: cfg.clientId, client_secret: cfg.clientSecret }).toString();
  const ctx = { subject: 'the sign-in', operation, attempts: 1 };
  let res: HttpAnswer;
  try {
    res = await transportOf(deps.fetch)(cfg.tokenUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
      body,
    });
  } catch (e) {
    throw networkError(e, ctx);
  }
  const json = await jsonOf(res);
  if (!res.ok || !json || typeof json.access_token !== 'string') {
    // invalid_grant: the code was used, expired, or the refresh token was revoked.
    throw googleErrorFromResponse(res.ok ? 502 : res.status === 400 && json?.error === 'invalid_grant' ? 401 : res.status, json, res.headers, ctx);
  }
  return {
    accessToken: json.access_token,
    expiresAt: now() + Number(json.expires_in ?? 3600) * 1000,
    ...(typeof json.refresh_token === 'string' ? { refreshToken: json.refresh_token } : {}),
    ...(typeof json.scope === 'string' ? { scope: json.scope } : {}),
    ...(typeof json.id_token === 'string' ? { idToken: json.id_token } : {}),
  };
}

export function exchangeGoogleAuthCode(
  cfg: GoogleEndpoints,
  opts: { code: string; redirectUri: string; codeVerifier?: string },
  deps: OAuthDeps = {},
): Promise<GoogleTokens> {
  return tokenRequest(
    cfg,
    { grant_type: 'authorization_code', code: opts.code, redirect_uri: opts.redirectUri, ...(opts.codeVerifier ? { code_verifier: opts.codeVerifier } : {}) },
    'oauth.exchangeCode',
    deps,
  );
}

/** A new access token; the refresh token itself stays the same (Google does not rotate it). */
export async function refreshGoogleAccessToken(cfg: GoogleEndpoints, refreshToken: string, deps: OAuthDeps = {}): Promise<GoogleTokens> {
  const tokens = await tokenRequest(cfg, { grant_type: 'refresh_token', refresh_token: refreshToken }, 'oauth.refresh', deps);
  return { ...tokens, refreshToken: tokens.refreshToken ?? refreshToken };
}

export async function fetchGoogleUserInfo(cfg: Pick<GoogleEndpoints, 'userInfoUrl'>, accessToken: string, deps: OAuthDeps = {}): Promise<GoogleUserInfo> {
  const ctx = { subject: 'the Google user profile', operation: 'oauth.userinfo', attempts: 1 };
  let res: HttpAnswer;
  try {
    res = await transportOf(deps.fetch)(cfg.userInfoUrl, { method: 'GET', headers: { authorization: `Bearer ${accessToken}`, accept: 'application/json' } });
  } catch (e) {
    throw networkError(e, ctx);
  }
  const json = await jsonOf(res);
  if (!res.ok || !json || typeof json.sub !== 'string') throw googleErrorFromResponse(res.ok ? 502 : res.status, json, res.headers, ctx);
  const s = (k: string) => (typeof json[k] === 'string' ? (json[k] as string) : undefined);
  const out: GoogleUserInfo = { sub: json.sub };
  const name = s('name'),
    given = s('given_name'),
    family = s('family_name'),
    email = s('email'),
    picture = s('picture');
  if (name) out.name = name;
  if (given) out.givenName = given;
  if (family) out.familyName = family;
  if (email) out.email = email;
  if (typeof json.email_verified === 'boolean') out.emailVerified = json.email_verified;
  if (picture) out.picture = picture;
  return out;
}

/** Revokes a refresh (or access) token; the whole grant goes with a refresh token. Unknown tokens are ignored. */
export async function revokeGoogleToken(cfg: Pick<GoogleEndpoints, 'tokenUrl'>, token: string, deps: OAuthDeps = {}): Promise<void> {
  // Google's revoke endpoint sits beside the token endpoint (oauth2.googleapis.com/revoke).
  const url = cfg.tokenUrl.replace(/\/token$/, '/revoke');
  const res = await transportOf(deps.fetch)(url, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ token }).toString(),
  });
  const json = await jsonOf(res);
  if (!res.ok && res.status !== 400) {
    throw googleErrorFromResponse(res.status, json, res.headers, {
      subject: 'the token revocation',
      operation: 'oauth.revoke',
      attempts: 1,
    });
  }
}
