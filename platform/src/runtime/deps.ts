import type { Logger } from 'pino';
import type { EventStore } from '../event-store/event-store';
import type { Collection, Doc, ReadStore } from '../read-store/read-store';
import type { Bus } from '../bus/bus';
import type { AuthContext } from '../http/route-handler';
import type { RateLimits } from '../rate-limit/rate-limit-port';

export interface Clock {
  now(): Date;
}
export interface IdSource {
  uuid(): string;
}

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
  /** Extra headers (List-Unsubscribe). */
  headers?: Record<string, string>;
}
export interface Mailer {
  send(mail: MailMessage): Promise<void>;
}

/** Resolves a projection's logical collection name to its live generation. */
export interface ReadModels {
  collection<T extends Doc = Doc>(logicalName: string): Collection<T>;
  /** Wait (bounded) until every projection has processed `position`; true if reached. */
  waitForPosition(position: number, timeoutMs: number): Promise<boolean>;
  /**
   * Read-your-writes for one request: runs `read` so that each collection it reads first waits
   * (bounded: `timeoutMs` for the whole request) until the projection owning it has processed
   * `position`. A query never waits for projections it does not read. `reached` is false when
   * a wait ran out.
   */
  readingAfter<T>(position: number, timeoutMs: number, read: () => Promise<T>): Promise<{ value: T; reached: boolean }>;
}

export interface TokenClaims {
  userId: string;
  role: AuthContext['role'];
  companyId: string | null;
  companyName: string | null;
  fullName: string;
  email: string;
  profileImgUrl?: string | null;
  viewingAsAdmin: boolean;
  adminUserId?: string;
}

export interface TokenService {
  /** Signs a JWT (HS256) with expiry; returns the token and its id. */
  issue(claims: TokenClaims, ttlSeconds?: number): Promise<{ token: string; tokenId: string; expiresAt: Date }>;
  /** Verifies signature and expiry; throws AppError unauthenticated otherwise. */
  verify(token: string): Promise<AuthContext & { claims: TokenClaims }>;
}

/** Server-side session check after signature verification (deleted/deactivated users). */
export type SessionValidator = (auth: AuthContext) => Promise<boolean>;

export interface LocusConfig {
  port: number;
  /** Interface the HTTP server listens on (HOST; default 127.0.0.1). */
  host: string;
  dataDir: string;
  /** Public base URL of the web app, for links in mails and OAuth redirects (LOCUS_PUBLIC_URL, else http://localhost:PORT). */
  publicUrl: string;
  /**
   * LOCUS_PUBLIC_URL was set: redirects use `publicUrl`. Unset: a redirect goes back to the origin
   * the browser reached Locus at (`publicBaseOf`), so 127.0.0.1 or a LAN name works as well.
   */
  publicUrlFixed?: boolean;
  eventStoreUrl?: string;
  mongoUrl?: string;
  mongoDbName: string;
  /** Who may read `/metrics`: a bearer token (LOCUS_METRICS_TOKEN) and/or its own port (LOCUS_METRICS_PORT). */
  metrics?: { token?: string; port?: number };
  natsUrl?: string;
  /** Shared rate-limit counters (sign-in throttling across replicas). */
  redisUrl?: string;
  /** Behind a reverse proxy: the client address is the last X-Forwarded-For entry. */
  trustProxy: boolean;
  /**
   * URLs a company chose (its LLM base URL, media URLs) may point at loopback, link-local or
   * private addresses (LOCUS_ALLOW_PRIVATE_URLS; on with the sandbox, whose services are local).
   */
  allowPrivateUrls: boolean;
  /** Signs access tokens (HS256); its fingerprint is the tokens' `kid`. */
  jwtSecret: string;
  /** Earlier JWT secrets: tokens they signed still verify until they expire (rotation). */
  previousJwtSecrets: string[];
  /** 32-byte key (base64) for encrypting secrets at rest (AES-256-GCM). */
  encryptionKey: string;
  /** Earlier encryption keys: values they sealed still open (rotation). */
  previousEncryptionKeys: string[];
  tokenTtlSeconds: number;
  /** V8 heap limit the all-in-one server runs with, MB (LOCUS_HEAP_MB). */
  heapMb: number;
  /** How often every published location's reviews are read incrementally from Google (ms; 0 = never). */
  reviewsSyncIntervalMs: number;
  /** How often posts Google holds for review (PROCESSING) are asked about again (ms; 0 = never). */
  postReviewCheckMs: number;
  /** Parsed documents the embedded read store keeps in memory (LOCUS_READ_CACHE_DOCUMENTS). */
  readCacheDocuments: number;
  smtp: { host: string; port: number; from: string; secure: boolean; user?: string; pass?: string };
  google: {
    clientId: string;
    clientSecret: string;
    authUrl: string;
    tokenUrl: string;
    userInfoUrl: string;
    accountManagementUrl: string;
    businessInformationUrl: string;
    v4Url: string;
    performanceUrl: string;
    /** Verifications API (voice-of-merchant state). */
    verificationsUrl: string;
    /** Admin SDK Directory API (Google Workspace users.list). */
    directoryUrl: string;
    /** Google's queries per minute per project that bulk writes (template publishing) pace themselves to; default 300. */
    queriesPerMinute?: number;
    /** Google's quota window in ms (60,000; shorter in tests whose sandbox counts the same window). */
    quotaWindowMs?: number;
    /** Media bytes upload (`upload/v1/media/{resourceName}`). */
    uploadUrl: string;
    /** Q&A API; empty: discontinued (the real API since 2025-11-03), nothing to read. */
    qandaUrl: string;
    /** Business Profile Notifications API v1 (an account's Pub/Sub notification setting). */
    notificationsUrl: string;
    /** Reviews pushed through Cloud Pub/Sub: the accounts' topic (empty: polling only) and the push token's checks. */
    pubsub: { topic: string; audience: string; issuer: string; jwksUrl: string };
  };
  /** Localeze listing distribution API (`LOCUS_LOCALEZE_URL`, `LOCUS_LOCALEZE_API_KEY`; empty key: not configured). */
  localeze: { url: string; apiKey: string };
  graph: { loginUrl: string; graphUrl: string };
  sandbox: { enabled: boolean; httpPort: number; smtpPort: number };
  adminEmail: string;
  adminPassword?: string;
  demo: boolean;
  /**
   * The OpenAI-compatible Chat Completions endpoint AI replies use unless the company's
   * variables (LlmBaseUrl, LlmModel, LlmApiKey) name another.
   */
  llm: { baseUrl: string; model: string; apiKey: string; timeoutMs: number; maxRetries: number };
  /**
   * Review automation: how long one minute of an auto-reply rule's delay lasts (seconds; 60,
   * shorter only for tests and demos), how long an approval link is valid, how often due
   * replies are looked for.
   */
  reviewsAi: { secondsPerDelayMinute: number; approvalLinkTtlHours: number; tickMs: number };
  /** How often the review digests due are looked for. */
  notifications: { digestTickMs: number };
}

export interface CommandDeps {
  eventStore: EventStore;
  readModels: ReadModels;
  readStore: ReadStore;
  bus: Bus;
  clock: Clock;
  ids: IdSource;
  mailer: Mailer;
  tokens: TokenService;
  logger: Logger;
  config: LocusConfig;
  /** Where sign-in limits are counted; this process's memory when absent. */
  rateLimits?: RateLimits;
}

export interface QueryDeps {
  readModels: ReadModels;
  bus: Bus;
  clock: Clock;
  tokens: TokenService;
  logger: Logger;
  config: LocusConfig;
}
