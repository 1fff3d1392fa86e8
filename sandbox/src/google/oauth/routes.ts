import { createHash, createHmac, randomBytes } from 'node:crypto';
import type Koa from 'koa';
import type { RouteTable } from '../../kit/routes';
import { avatarPath } from '../seed/activity';
import type { GoogleStore } from '../store';
import type { GAccessToken, GUser } from '../state';
import { BUSINESS_SCOPE, chooserPage, errorPage } from './pages';

type Params = Record<string, string>;

function params(ctx: Koa.Context): Params {
  const out: Params = {};
  for (const [k, v] of Object.entries(ctx.query)) if (typeof v === 'string') out[k] = v;
  const body = ctx.request.body;
  if (body && typeof body === 'object' && !Array.isArray(body)) for (const [k, v] of Object.entries(body)) if (typeof v === 'string') out[k] = v;
  return out;
}

const oauthError = (ctx: Koa.Context, status: number, error: string, description: string) => {
  ctx.status = status;
  ctx.body = { error, error_description: description };
};

export function userPicture(abs: (p: string) => string, u: GUser): string {
  return abs(avatarPath(u.name, u.color.replace('#', '')));
}

/** Google OAuth 2.0 + OpenID Connect endpoints: authorize (consent page), token, userinfo, tokeninfo, revoke. */
export function registerOAuthRoutes(routes: RouteTable, store: GoogleStore, abs: (p: string) => string) {
  const clientSecretOk = (clientId: string, secret: string | undefined) => {
    const registered = store.options.clients;
    if (!registered.length) return true;
    return registered.some((c) => c.clientId === clientId && c.clientSecret === secret);
  };
  const clientKnown = (clientId: string) => !store.options.clients.length || store.options.clients.some((c) => c.clientId === clientId);

  /** Validates an authorize request; returns an error page or the parsed request. */
  function parseAuthorize(p: Params): { error: string } | { clientId: string; redirectUri: string; scopes: string[]; p: Params } {
    if (!p.client_id) return { error: errorPage('invalid_request', 'Missing required parameter: client_id') };
    if (!clientKnown(p.client_id)) return { error: errorPage('invalid_client', 'The OAuth client was not found.') };
    if (!p.redirect_uri) return { error: errorPage('invalid_request', 'Missing required parameter: redirect_uri') };
    let redirect: URL;
    try {
      redirect = new URL(p.redirect_uri);
    } catch {
      return { error: errorPage('redirect_uri_mismatch', `Invalid redirect_uri: ${p.redirect_uri}`) };
    }
    if (redirect.protocol !== 'http:' && redirect.protocol !== 'https:') return { error: errorPage('redirect_uri_mismatch', 'redirect_uri must be http(s).') };
    if (p.response_type !== 'code') return { error: errorPage('unsupported_response_type', `response_type must be "code" (got "${p.response_type ?? ''}").`) };
    if (!p.scope) return { error: errorPage('invalid_request', 'Missing required parameter: scope') };
    const scopes = p.scope.split(/[\s+]+/).filter(Boolean);
    if (!scopes.includes(BUSINESS_SCOPE)) {
      return { error: errorPage('invalid_scope', `This sandbox only authorises Business Profile access: the scope must include ${BUSINESS_SCOPE}.`) };
    }
    if (p.access_type && !['online', 'offline'].includes(p.access_type))
      return { error: errorPage('invalid_request', `Invalid access_type: ${p.access_type}`) };
    if (p.code_challenge_method && !['S256', 'plain'].includes(p.code_challenge_method))
      return { error: errorPage('invalid_request', 'code_challenge_method must be S256 or plain') };
    return { clientId: p.client_id, redirectUri: p.redirect_uri, scopes, p };
  }

  const FORWARDED = [
    'client_id',
    'redirect_uri',
    'response_type',
    'scope',
    'state',
    'access_type',
    'prompt',
    'login_hint',
    'include_granted_scopes',
    'code_challenge',
    'code_challenge_method',
    'nonce',
  ];

  routes.add('GET', '/google/oauth/authorize', (ctx) => {
    const parsed = parseAuthorize(params(ctx));
    ctx.type = 'html';
    if ('error' in parsed) {
      ctx.status = 400;
      ctx.body = parsed.error;
      return;
    }
    const hidden: Params = {};
    for (const k of FORWARDED) if (parsed.p[k] !== undefined) hidden[k] = parsed.p[k]!;
    ctx.body = chooserPage({
      users: store.state.users.map((u) => ({ ...u, picture: userPicture(abs, u) })),
      hidden,
      scopes: parsed.scopes,
      clientId: parsed.clientId,
      ...(parsed.p.login_hint ? { loginHint: parsed.p.login_hint } : {}),
    });
  });

  routes.add('POST', '/google/oauth/authorize', (ctx) => {
    const p = params(ctx);
    const parsed = parseAuthorize(p);
    if ('error' in parsed) {
      ctx.status = 400;
      ctx.type = 'html';
      ctx.body = parsed.error;
      return;
    }
    const target = new URL(parsed.redirectUri);
    if (p.state !== undefined) target.searchParams.set('state', p.state);
    if (p.decision !== 'allow') {
      target.searchParams.set('error', 'access_denied');
      ctx.redirect(target.toString());
      return;
    }
    const user = store.user(p.sub ?? '');
    if (!user) {
      ctx.status = 400;
      ctx.type = 'html';
      ctx.body = errorPage('invalid_request', 'Unknown account.');
      return;
    }
    const code = `4/0A${randomBytes(36).toString('base64url')}`;
    const prompts = (p.prompt ?? '').split(/\s+/);
    store.state.oauth.codes[code] = {
      sub: user.sub,
      clientId: parsed.clientId,
      redirectUri: parsed.redirectUri,
      scope: parsed.scopes.join(' '),
      offline: p.access_type === 'offline',
      forceConsent: prompts.includes('consent'),
      ...(p.nonce ? { nonce: p.nonce } : {}),
      ...(p.code_challenge ? { codeChallenge: p.code_challenge, codeChallengeMethod: p.code_challenge_method ?? 'plain' } : {}),
      expiresAt: store.now() + store.options.authCodeTtlSeconds * 1000,
    };
    store.changed();
    target.searchParams.set('code', code);
    target.searchParams.set('scope', parsed.scopes.join(' '));
    target.searchParams.set('authuser', '0');
    target.searchParams.set('prompt', 'consent');
    ctx.redirect(target.toString());
  });

  const issueAccessToken = (sub: string, clientId: string, scope: string) => {
    const token = `ya29.${randomBytes(60).toString('base64url')}`;
    const ttl = store.options.accessTokenTtlSeconds;
    store.state.oauth.accessTokens[token] = { sub, clientId, scope, expiresAt: store.now() + ttl * 1000 };
    // Expired tokens are dropped lazily to keep the snapshot small.
    for (const [t, info] of Object.entries(store.state.oauth.accessTokens))
      if (info.expiresAt < store.now() - 86_400_000) delete store.state.oauth.accessTokens[t];
    return { token, ttl };
  };

  const idToken = (sub: string, clientId: string, secret: string | undefined, scope: string, nonce?: string) => {
    const user = store.user(sub)!;
    const now = Math.floor(store.now() / 1000);
    const scopes = scope.split(' ');
    const claims = {
      iss: abs('/google'),
      azp: clientId,
      aud: clientId,
      sub,
      ...(scopes.includes('email') ? { email: user.email, email_verified: true } : {}),
      ...(scopes.includes('profile') ? { name: user.name, given_name: user.givenName, family_name: user.familyName, picture: userPicture(abs, user) } : {}),
      ...(nonce ? { nonce } : {}),
      iat: now,
      exp: now + 3600,
    };
    const enc = (o: unknown) => Buffer.from(JSON.stringify(o)).toString('base64url');
    const body = `${enc({ alg: 'HS256', typ: 'JWT' })}.${enc(claims)}`;
    return `${body}.${createHmac('sha256', secret ?? clientId)
      .update(body)
      .digest('base64url')}`;
  };

  routes.add('POST', '/google/oauth/token', (ctx) => {
    const p = params(ctx);
    let clientId = p.client_id;
    let secret = p.client_secret;
    const basic = /^Basic\s+(.+)$/i.exec(ctx.get('authorization'))?.[1];
    if (basic) {
      const [id, sec] = Buffer.from(basic, 'base64').toString('utf8').split(':');
      clientId = decodeURIComponent(id ?? '');
      secret = decodeURIComponent(sec ?? '');
    }
    if (!clientId) return oauthError(ctx, 400, 'invalid_request', 'Missing required parameter: client_id');
    if (!clientSecretOk(clientId, secret)) return oauthError(ctx, 401, 'invalid_client', 'Unauthorized');
    if (p.grant_type === 'authorization_code') {
      if (!p.code) return oauthError(ctx, 400, 'invalid_request', 'Missing required parameter: code');
      const grant = store.state.oauth.codes[p.code];
      if (!grant || grant.expiresAt < store.now()) return oauthError(ctx, 400, 'invalid_grant', 'Malformed auth code.');
      delete store.state.oauth.codes[p.code]; // single use
      if (grant.clientId !== clientId) return oauthError(ctx, 400, 'invalid_grant', 'Unauthorized');
      if (grant.redirectUri !== p.redirect_uri) return oauthError(ctx, 400, 'redirect_uri_mismatch', 'Bad Request');
      if (grant.codeChallenge) {
        const verifier = p.code_verifier ?? '';
        const computed = grant.codeChallengeMethod === 'S256' ? createHash('sha256').update(verifier).digest('base64url') : verifier;
        if (computed !== grant.codeChallenge) return oauthError(ctx, 400, 'invalid_grant', 'Invalid code verifier.');
      }
      const consentKey = `${grant.sub}|${clientId}`;
      const firstConsent = !store.state.oauth.consents[consentKey];
      store.state.oauth.consents[consentKey] = true;
      const { token, ttl } = issueAccessToken(grant.sub, clientId, grant.scope);
      let refresh: string | undefined;
      if (grant.offline && (grant.forceConsent || firstConsent)) {
        refresh = `1//0${randomBytes(48).toString('base64url')}`;
        store.state.oauth.refreshTokens[refresh] = { sub: grant.sub, clientId, scope: grant.scope, createdAt: store.now() };
      }
      store.changed();
      ctx.body = {
        access_token: token,
        expires_in: ttl,
        ...(refresh ? { refresh_token: refresh } : {}),
        scope: grant.scope,
        token_type: 'Bearer',
        ...(grant.scope.split(' ').includes('openid') ? { id_token: idToken(grant.sub, clientId, secret, grant.scope, grant.nonce) } : {}),
      };
      return;
    }
    if (p.grant_type === 'refresh_token') {
      const rt = p.refresh_token ? store.state.oauth.refreshTokens[p.refresh_token] : undefined;
      if (!rt) return oauthError(ctx, 400, 'invalid_grant', 'Token has been expired or revoked.');
      if (rt.clientId !== clientId) return oauthError(ctx, 400, 'unauthorized_client', 'Unauthorized');
      const { token, ttl } = issueAccessToken(rt.sub, clientId, rt.scope);
      store.changed();
      ctx.body = {
        access_token: token,
        expires_in: ttl,
        scope: rt.scope,
        token_type: 'Bearer',
        ...(rt.scope.split(' ').includes('openid') ? { id_token: idToken(rt.sub, clientId, secret, rt.scope) } : {}),
      };
      return;
    }
    return oauthError(ctx, 400, 'unsupported_grant_type', `Invalid grant_type: ${p.grant_type ?? ''}`);
  });

  const bearer = (ctx: Koa.Context): GAccessToken | undefined => {
    const token = /^Bearer\s+(.+)$/i.exec(ctx.get('authorization'))?.[1] ?? (typeof ctx.query.access_token === 'string' ? ctx.query.access_token : undefined);
    const info = token ? store.state.oauth.accessTokens[token] : undefined;
    return info && info.expiresAt > store.now() ? info : undefined;
  };

  const userinfo = (ctx: Koa.Context) => {
    const info = bearer(ctx);
    if (!info) {
      ctx.set('WWW-Authenticate', 'Bearer realm="https://accounts.google.com/", error="invalid_token"');
      return oauthError(ctx, 401, 'invalid_request', 'Invalid Credentials');
    }
    const user = store.user(info.sub)!;
    const scopes = info.scope.split(' ');
    const email = scopes.includes('email') || scopes.includes('https://www.googleapis.com/auth/userinfo.email');
    const profile = scopes.includes('profile') || scopes.includes('https://www.googleapis.com/auth/userinfo.profile');
    ctx.body = {
      sub: user.sub,
      ...(profile ? { name: user.name, given_name: user.givenName, family_name: user.familyName, picture: userPicture(abs, user), locale: 'en' } : {}),
      ...(email ? { email: user.email, email_verified: true } : {}),
    };
  };
  routes.add('GET', '/google/oauth/userinfo', userinfo);
  routes.add('POST', '/google/oauth/userinfo', userinfo);

  routes.add('GET', '/google/oauth/tokeninfo', (ctx) => {
    const token = typeof ctx.query.access_token === 'string' ? ctx.query.access_token : '';
    const info = store.state.oauth.accessTokens[token];
    if (!info || info.expiresAt <= store.now()) return oauthError(ctx, 400, 'invalid_token', 'Invalid Value');
    const user = store.user(info.sub);
    ctx.body = {
      azp: info.clientId,
      aud: info.clientId,
      sub: info.sub,
      scope: info.scope,
      exp: String(Math.floor(info.expiresAt / 1000)),
      expires_in: String(Math.max(0, Math.floor((info.expiresAt - store.now()) / 1000))),
      ...(user ? { email: user.email, email_verified: 'true' } : {}),
      access_type: 'offline',
    };
  });

  routes.add('POST', '/google/oauth/revoke', (ctx) => {
    const token = params(ctx).token;
    const { accessTokens, refreshTokens } = store.state.oauth;
    if (token && refreshTokens[token]) {
      const rt = refreshTokens[token]!;
      delete refreshTokens[token];
      for (const [t, info] of Object.entries(accessTokens)) if (info.sub === rt.sub && info.clientId === rt.clientId) delete accessTokens[t];
      delete store.state.oauth.consents[`${rt.sub}|${rt.clientId}`];
    } else if (token && accessTokens[token]) {
      delete accessTokens[token];
    } else {
      return oauthError(ctx, 400, 'invalid_token', 'Token expired or revoked');
    }
    store.changed();
    ctx.body = {};
  });

  return { bearer };
}
