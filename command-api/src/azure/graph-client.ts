import { azureErrors } from '@locus/contracts';
import { z } from 'zod';
import { fail, failWith } from '@locus/platform';

/**
 * Client of the Microsoft identity platform (v2.0 authorize/token) and of Microsoft Graph,
 * against `config.graph.loginUrl` / `graphUrl` (real hosts or the sandbox). Never logs or
 * returns tokens or secrets in errors.
 */
export interface GraphEndpoints {
  /** e.g. https://login.microsoftonline.com (the tenant and /oauth2/v2.0/... follow). */
  loginUrl: string;
  /** Versioned Graph base, e.g. https://graph.microsoft.com/v1.0 (a base without version gets /v1.0). */
  graphUrl: string;
}

export interface TokenSet {
  accessToken: string;
  refreshToken: string | null;
  expiresInSeconds: number;
  scope: string;
}

export interface GraphUser {
  id: string;
  displayName: string;
  givenName: string | null;
  surname: string | null;
  userPrincipalName: string;
  mail: string | null;
  mobilePhone: string | null;
  businessPhones: string[];
}

/** The identity platform refused a grant (bad secret, used code, revoked refresh token...). */
export class IdentityPlatformError extends Error {
  constructor(
    readonly error: string,
    readonly description: string,
    readonly status: number,
  ) {
    super(`${error}: ${description}`);
    this.name = 'IdentityPlatformError';
  }
  /** The grant itself is no longer usable: a new consent is needed. */
  get grantRejected() {
    return this.error === 'invalid_grant';
  }
}

/** Graph refused the access token (expired, revoked): refresh and retry once. */
export class GraphUnauthorizedError extends Error {
  constructor(readonly graphMessage: string) {
    super(`Graph refused the access token: ${graphMessage}`);
    this.name = 'GraphUnauthorizedError';
  }
}

const TokenResponseSchema = z.object({
  access_token: z.string().min(1),
  refresh_token: z.string().optional(),
  expires_in: z.coerce.number().int().positive(),
  scope: z.string().optional().default(''),
  token_type: z.string(),
});
const AadErrorSchema = z.object({ error: z.string(), error_description: z.string().optional().default('') });
const GraphErrorSchema = z.object({ error: z.object({ code: z.string(), message: z.string().optional().default('') }) });
const GraphUserSchema = z.object({
  id: z.string(),
  displayName: z.string().nullable().optional(),
  givenName: z.string().nullable().optional(),
  surname: z.string().nullable().optional(),
  userPrincipalName: z.string(),
  mail: z.string().nullable().optional(),
  mobilePhone: z.string().nullable().optional(),
  businessPhones: z.array(z.string()).nullable().optional(),
});
const UsersPageSchema = z.object({ value: z.array(GraphUserSchema), '@odata.nextLink': z.string().optional() });

const unavailable = () => fail(azureErrors.unavailable);
const badGateway = (what: string) => failWith(azureErrors.badResponse, what);

const USER_SELECT = 'id,displayName,givenName,surname,userPrincipalName,mail,mobilePhone,businessPhones';
const PAGE_SIZE = 999;
const MAX_PAGES = 100;
const TIMEOUT_MS = 15_000;

/** AADSTS descriptions end with trace and correlation ids that mean nothing to a user. */
const firstSentence = (description: string) => description.split(/\s+Trace ID:/)[0]!.trim();

const trimSlash = (url: string) => url.replace(/\/+$/, '');

function toGraphUser(u: z.infer<typeof GraphUserSchema>): GraphUser {
  return {
    id: u.id,
    displayName: u.displayName ?? u.userPrincipalName,
    givenName: u.givenName ?? null,
    surname: u.surname ?? null,
    userPrincipalName: u.userPrincipalName,
    mail: u.mail ?? null,
    mobilePhone: u.mobilePhone ?? null,
    businessPhones: u.businessPhones ?? [],
  };
}

export function createGraphClient(endpoints: GraphEndpoints, fetchImpl: typeof fetch = fetch) {
  const loginUrl = trimSlash(endpoints.loginUrl);
  const graphBase = trimSlash(endpoints.graphUrl);
  const graphUrl = /\/v\d+(\.\d+)?$|\/beta$/.test(graphBase) ? graphBase : `${graphBase}/v1.0`;

  const call = async (url: string, init: RequestInit): Promise<Response> => {
    try {
      return await fetchImpl(url, { ...init, signal: AbortSignal.timeout(TIMEOUT_MS), redirect: 'error' });
    } catch {
      throw unavailable();
    }
  };

  async function token(tenantId: string, form: Record<string, string>): Promise<TokenSet> {
    const res = await call(`${loginUrl}/${encodeURIComponent(tenantId)}/oauth2/v2.0/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
      body: new URLSearchParams(form).toString(),
    });
    const json = (await res.json().catch(() => null)) as unknown;
    if (!res.ok) {
      const err = AadErrorSchema.safeParse(json);
      if (!err.success) throw res.status >= 500 ? unavailable() : badGateway('the token request');
      throw new IdentityPlatformError(err.data.error, firstSentence(err.data.error_description), res.status);
    }
    const parsed = TokenResponseSchema.safeParse(json);
    if (!parsed.success) throw badGateway('the token request');
    return {
      accessToken: parsed.data.access_token,
      refreshToken: parsed.data.refresh_token ?? null,
      expiresInSeconds: parsed.data.expires_in,
      scope: parsed.data.scope,
    };
  }

  async function graphGet(accessToken: string, url: string): Promise<unknown> {
    const res = await call(url, { headers: { authorization: `Bearer ${accessToken}`, accept: 'application/json' } });
    const json = (await res.json().catch(() => null)) as unknown;
    if (res.ok) return json;
    const err = GraphErrorSchema.safeParse(json);
    const message = err.success ? err.data.error.message : `HTTP ${res.status}`;
    if (res.status === 401) throw new GraphUnauthorizedError(message);
    if (res.status === 404) return null;
    if (res.status === 403) {
      throw fail(azureErrors.insufficientPrivileges);
    }
    if (res.status >= 500 || res.status === 429) throw unavailable();
    throw badGateway('the directory request');
  }

  return {
    authorizeUrl(input: { tenantId: string; clientId: string; redirectUri: string; state: string; scope: string }): string {
      const url = new URL(`${loginUrl}/${encodeURIComponent(input.tenantId)}/oauth2/v2.0/authorize`);
      url.searchParams.set('client_id', input.clientId);
      url.searchParams.set('response_type', 'code');
      url.searchParams.set('redirect_uri', input.redirectUri);
      url.searchParams.set('response_mode', 'query');
      url.searchParams.set('scope', input.scope);
      url.searchParams.set('state', input.state);
      return url.toString();
    },

    exchangeCode(input: { tenantId: string; clientId: string; clientSecret: string; code: string; redirectUri: string; scope: string }) {
      return token(input.tenantId, {
        grant_type: 'authorization_code',
        client_id: input.clientId,
        client_secret: input.clientSecret,
        code: input.code,
        redirect_uri: input.redirectUri,
        scope: input.scope,
      });
    },

    refresh(input: { tenantId: string; clientId: string; clientSecret: string; refreshToken: string; scope: string }) {
      return token(input.tenantId, {
        grant_type: 'refresh_token',
        client_id: input.clientId,
        client_secret: input.clientSecret,
        refresh_token: input.refreshToken,
        scope: input.scope,
      });
    },

    /** Every directory user, following @odata.nextLink (only links on the Graph host are followed). */
    async listUsers(accessToken: string): Promise<GraphUser[]> {
      const users: GraphUser[] = [];
      let url: string | undefined = `${graphUrl}/users?$select=${USER_SELECT}&$top=${PAGE_SIZE}`;
      for (let page = 0; url; page++) {
        if (page >= MAX_PAGES) throw badGateway('with too many pages');
        const parsed = UsersPageSchema.safeParse(await graphGet(accessToken, url));
        if (!parsed.success) throw badGateway('the directory request');
        users.push(...parsed.data.value.map(toGraphUser));
        const next: string | undefined = parsed.data['@odata.nextLink'];
        if (next && !next.startsWith(`${graphUrl}/`)) throw badGateway('with a foreign next page');
        url = next;
      }
      return users;
    },

    async getUser(accessToken: string, id: string): Promise<GraphUser | null> {
      const json = await graphGet(accessToken, `${graphUrl}/users/${encodeURIComponent(id)}?$select=${USER_SELECT}`);
      if (json === null) return null;
      const parsed = GraphUserSchema.safeParse(json);
      if (!parsed.success) throw badGateway('the directory request');
      return toGraphUser(parsed.data);
    },
  };
}

export type GraphClient = ReturnType<typeof createGraphClient>;
