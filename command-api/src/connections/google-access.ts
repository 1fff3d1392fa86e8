import { createHash } from 'node:crypto';
import { connectedAccountStream, type GoogleUser, connectionErrors } from '@locus/contracts';
import { createSecretBox, type CommandDeps, type SecretBox, type WindowBudget, fail } from '@locus/platform';
import { createGoogleBusinessClient, type GoogleBusinessClient } from '../google/client';
import { buildGoogleAuthorizeUrl, exchangeGoogleAuthCode, fetchGoogleUserInfo, type GoogleTokens, type GoogleUserInfo } from '../google/oauth';
import { createLocationWriteQueue, GOOGLE_REQUESTS_PER_MINUTE, type LocationWriteQueue } from '../google/write-queue';
import { loadStream } from '../kit';
import { evolveAccount, initialAccountState, type ConnectedAccountState } from './connection-state';

/** What a sealed credential holds. Only the refresh token is kept; access tokens live in memory. */
export interface GoogleCredentials {
  refreshToken: string;
  scope: string;
}

export const processSealContext = (processId: string) => `gmbconnection:${processId}`;
export const accountSealContext = (connectionId: string) => `gmbaccount:${connectionId}`;

/**
 * One queue per process (and project quota): every writer to a Google location shares Google's
 * 10 edits/minute budget and the project's requests per minute (`LOCUS_GOOGLE_QUERIES_PER_MINUTE`, 300).
 * With Redis (`REDIS_URL`) the tokens live there, so every process of the deployment shares them.
 */
const sharedWriteQueues = new Map<string, LocationWriteQueue>();
const budgetIds = new WeakMap<WindowBudget, number>();
let budgetsSeen = 0;
const sharedWriteQueue = (projectRequestsPerWindow: number, windowMs: number, budget: WindowBudget | undefined): LocationWriteQueue => {
  if (budget && !budgetIds.has(budget)) budgetIds.set(budget, ++budgetsSeen);
  const key = `${projectRequestsPerWindow}:${windowMs}:${budget ? budgetIds.get(budget) : 'memory'}`;
  let queue = sharedWriteQueues.get(key);
  if (!queue) sharedWriteQueues.set(key, (queue = createLocationWriteQueue({ projectRequestsPerWindow, windowMs, ...(budget ? { budget } : {}) })));
  return queue;
};
/** Opened credentials kept by an access (one per connected account, a few hundred at most in practice). */
const OPENED_CREDENTIALS_KEPT = 1_000;
/** Access tokens by refresh token hash, so calls for one grant do not refresh every time. */
const accessTokens = new Map<string, GoogleTokens>();

export interface GoogleAccess {
  redirectUri: string;
  hasCredentials: boolean;
  /** `base`: where the browser reached Locus (publicBaseOf); default LOCUS_PUBLIC_URL or localhost. */
  authorizeUrl(state: string, loginHint?: string, base?: string): string;
  exchangeCode(code: string, base?: string): Promise<GoogleTokens>;
  userInfo(accessToken: string): Promise<GoogleUserInfo>;
  clientForTokens(tokens: GoogleTokens): GoogleBusinessClient;
  clientForCredentials(credentials: GoogleCredentials): GoogleBusinessClient;
  /** The connected account and a client for it; 404 CONNECTIONS.ACCOUNT_NOT_FOUND when it is not connected. */
  connection(connectionId: string): Promise<{ account: Exclude<ConnectedAccountState, { status: 'none' }>; client: GoogleBusinessClient }>;
  seal(credentials: GoogleCredentials, context: string): string;
  open(sealed: string, context: string): GoogleCredentials;
}

export const googleUserOf = (info: GoogleUserInfo): GoogleUser => ({
  sub: info.sub,
  email: (info.email ?? '').toLowerCase(),
  name: info.name ?? ([info.givenName, info.familyName].filter(Boolean).join(' ') || info.email || 'Google user'),
  picture: info.picture ?? null,
});

export function createGoogleAccess(
  deps: Pick<CommandDeps, 'config' | 'eventStore'> & Partial<Pick<CommandDeps, 'rateLimits'>>,
  options: { fetch?: typeof fetch; writeQueue?: LocationWriteQueue } = {},
): GoogleAccess {
  const cfg = deps.config.google;
  let box: SecretBox | undefined;
  const secretBox = () => (box ??= createSecretBox(deps.config.encryptionKey, deps.config.previousEncryptionKeys));
  const writeQueue =
    options.writeQueue ?? sharedWriteQueue(cfg.queriesPerMinute ?? GOOGLE_REQUESTS_PER_MINUTE, cfg.quotaWindowMs ?? 60_000, deps.rateLimits?.windowBudget);
  // Default base; routes pass the base the browser reached Locus at (publicBaseOf).
  const redirectUriAt = (base = deps.config.publicUrl) => `${base.replace(/\/+$/, '')}/google-auth-callback`;
  const redirectUri = redirectUriAt();
  const fetchOpt = options.fetch ? { fetch: options.fetch } : {};
  const opened = new Map<string, GoogleCredentials>();
  const clients = new Map<string, GoogleBusinessClient>();

  const clientForTokens = (tokens: GoogleTokens) =>
    createGoogleBusinessClient({
      config: cfg,
      tokens,
      writeQueue,
      ...fetchOpt,
      onTokensRefreshed: (t) => {
        if (t.refreshToken) accessTokens.set(hashOf(t.refreshToken), t);
      },
    });

  const access: GoogleAccess = {
    redirectUri,
    hasCredentials: Boolean(cfg.clientId),
    authorizeUrl: (state, loginHint, base) => buildGoogleAuthorizeUrl(cfg, { redirectUri: redirectUriAt(base), state, ...(loginHint ? { loginHint } : {}) }),
    exchangeCode: (code, base) => exchangeGoogleAuthCode(cfg, { code, redirectUri: redirectUriAt(base) }, fetchOpt),
    userInfo: (accessToken) => fetchGoogleUserInfo(cfg, accessToken, fetchOpt),
    clientForTokens,
    clientForCredentials(credentials) {
      const hash = hashOf(credentials.refreshToken);
      const key = `${hash}\u0000${credentials.scope}`;
      const cached = accessTokens.get(hash);
      // One client per grant while its token is the newest known (another access's client may have
      // refreshed it): a client is some thirty closures, and every Google call of a reactor asks for one.
      const known = clients.get(key);
      if (known && (!cached || known.tokens().accessToken === cached.accessToken)) return known;
      // An empty, expired access token makes the client refresh before the first call.
      const client = clientForTokens(cached ?? { accessToken: '', expiresAt: 0, refreshToken: credentials.refreshToken, scope: credentials.scope });
      if (clients.size >= OPENED_CREDENTIALS_KEPT) clients.clear();
      clients.set(key, client);
      return client;
    },
    async connection(connectionId) {
      const { state } = await loadStream(deps.eventStore, connectedAccountStream(connectionId), { evolve: evolveAccount, initialState: initialAccountState });
      if (state.status !== 'connected') throw fail(connectionErrors.locationAccountNotConnected);
      const credentials = access.open(state.sealedCredentials, accountSealContext(connectionId));
      return { account: state, client: access.clientForCredentials(credentials) };
    },
    seal: (credentials, context) => secretBox().encrypt(JSON.stringify(credentials), context),
    open(sealed, context) {
      // Every Google call of a reactor opens its connection's credentials: the same sealed value
      // opens to the same credentials, so it is decrypted once.
      const key = `${context}\u0000${sealed}`;
      const known = opened.get(key);
      if (known) return { ...known };
      const value = JSON.parse(secretBox().decrypt(sealed, context)) as GoogleCredentials;
      const credentials = { refreshToken: value.refreshToken, scope: value.scope };
      if (opened.size >= OPENED_CREDENTIALS_KEPT) opened.clear();
      opened.set(key, credentials);
      return { ...credentials };
    },
  };
  return access;
}

const hashOf = (token: string) => createHash('sha256').update(token).digest('hex');
