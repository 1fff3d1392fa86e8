import { randomBytes } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { LocusConfig } from '../runtime/deps';

export type Env = Record<string, string | undefined>;

export class ConfigError extends Error {
  constructor(
    readonly variable: string,
    message: string,
  ) {
    super(`${variable}: ${message}`);
    this.name = 'ConfigError';
  }
}

export interface LoadConfigOptions {
  /** Sandbox on when LOCUS_SANDBOX is unset (the all-in-one `npm start` passes true). */
  sandboxByDefault?: boolean;
}

/** Real endpoints (used unless the sandbox is enabled or a variable overrides them). */
export const realEndpoints = {
  google: {
    authUrl: 'https://accounts.google.com/o/oauth2/v2/auth',
    tokenUrl: 'https://oauth2.googleapis.com/token',
    userInfoUrl: 'https://openidconnect.googleapis.com/v1/userinfo',
    accountManagementUrl: 'https://mybusinessaccountmanagement.googleapis.com/v1',
    businessInformationUrl: 'https://mybusinessbusinessinformation.googleapis.com/v1',
    v4Url: 'https://mybusiness.googleapis.com/v4',
    performanceUrl: 'https://businessprofileperformance.googleapis.com/v1',
    verificationsUrl: 'https://mybusinessverifications.googleapis.com/v1',
    directoryUrl: 'https://admin.googleapis.com/admin/directory/v1',
    uploadUrl: 'https://mybusiness.googleapis.com/upload/v1/media',
    // Google shut the Q&A API down on 2025-11-03: with the real endpoints there is nothing to read.
    qandaUrl: '',
    notificationsUrl: 'https://mybusinessnotifications.googleapis.com/v1',
    pubsubJwksUrl: 'https://www.googleapis.com/oauth2/v3/certs',
  },
  localeze: { url: 'https://api.neustarlocaleze.biz/v1' },
  graph: { loginUrl: 'https://login.microsoftonline.com', graphUrl: 'https://graph.microsoft.com/v1.0' },
} as const;

/** The sandbox's simulators, all served by one HTTP server under path prefixes. */
export const sandboxEndpoints = (base: string) => ({
  google: {
    authUrl: `${base}/google/oauth/authorize`,
    tokenUrl: `${base}/google/oauth/token`,
    userInfoUrl: `${base}/google/oauth/userinfo`,
    accountManagementUrl: `${base}/google/mybusinessaccountmanagement/v1`,
    businessInformationUrl: `${base}/google/mybusinessbusinessinformation/v1`,
    v4Url: `${base}/google/mybusiness/v4`,
    performanceUrl: `${base}/google/businessprofileperformance/v1`,
    verificationsUrl: `${base}/google/mybusinessverifications/v1`,
    directoryUrl: `${base}/google/admin/directory/v1`,
    uploadUrl: `${base}/google/upload/v1/media`,
    qandaUrl: `${base}/google/mybusinessqanda/v1`,
    notificationsUrl: `${base}/google/mybusinessnotifications/v1`,
    pubsubJwksUrl: `${base}/google/oauth2/v3/certs`,
  },
  localeze: { url: `${base}/localeze/v1` },
  graph: { loginUrl: `${base}/microsoft/login`, graphUrl: `${base}/microsoft/graph/v1.0` },
});

const str = (env: Env, name: string): string | undefined => {
  const value = env[name]?.trim();
  return value ? value : undefined;
};

/** A value as it appears in a message: quoted, on one line. */
const shown = (raw: string): string => JSON.stringify(raw.length > 80 ? `${raw.slice(0, 80)}…` : raw);

const int = (env: Env, name: string, fallback: number, min = 0, max = Number.MAX_SAFE_INTEGER): number => {
  const raw = str(env, name);
  if (raw === undefined) return fallback;
  const accepted = `accepted: a whole number from ${min} to ${max}`;
  if (!/^\d+$/.test(raw)) throw new ConfigError(name, `${shown(raw)} is not a whole number; ${accepted}`);
  const value = Number(raw);
  if (value < min || value > max) throw new ConfigError(name, `${value} is out of range; ${accepted}`);
  return value;
};

const bool = (env: Env, name: string, fallback: boolean): boolean => {
  const raw = str(env, name)?.toLowerCase();
  if (raw === undefined) return fallback;
  if (['1', 'true', 'yes', 'on'].includes(raw)) return true;
  if (['0', 'false', 'no', 'off'].includes(raw)) return false;
  throw new ConfigError(name, `${shown(raw)} is not a boolean; accepted: 1/0, true/false, yes/no, on/off`);
};

const url = (env: Env, name: string, fallback: string): string => {
  const raw = str(env, name) ?? fallback;
  let parsed: URL;
  try {
    parsed = new URL(raw);
  } catch {
    throw new ConfigError(name, `${shown(raw)} is not a URL; accepted: an absolute http:// or https:// URL`);
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:')
    throw new ConfigError(name, `${shown(raw)} is not an http(s) URL; accepted: an absolute http:// or https:// URL`);
  return raw.replace(/\/+$/, '');
};

/** A URL as it may appear in a message: any password replaced. */
const withoutPassword = (part: string): string => part.replace(/^([a-z][a-z0-9+.-]*:\/\/[^:/@]*:)[^@/]*@/i, '$1***@');

/**
 * A connection string of one of `schemes` (each of a comma-separated list when `list`), from
 * `NAME` or the file `NAME_FILE` names (it may carry a password, so it is a secret).
 */
const connection = (env: Env, name: string, schemes: readonly string[], options: { list?: boolean } = {}): string | undefined => {
  const raw = secretFromEnv(env, name);
  if (raw === undefined) return undefined;
  const accepted = `accepted: ${options.list ? 'comma-separated ' : ''}${schemes.map((s) => `${s}//…`).join(' or ')} URLs`;
  for (const part of options.list ? raw.split(',').map((p) => p.trim()) : [raw]) {
    let parsed: URL;
    try {
      parsed = new URL(part);
    } catch {
      throw new ConfigError(name, `${shown(withoutPassword(part))} is not a URL; ${accepted}`);
    }
    if (!schemes.includes(parsed.protocol)) throw new ConfigError(name, `${shown(withoutPassword(part))} has the scheme ${parsed.protocol}; ${accepted}`);
  }
  return raw;
};

const oneOf = <T extends string>(env: Env, name: string, what: string, values: readonly T[]): T | undefined => {
  const raw = str(env, name)?.toLowerCase();
  if (raw === undefined) return undefined;
  const match = values.find((v) => v === raw);
  if (match === undefined) throw new ConfigError(name, `${shown(raw)} is not ${what}; accepted: ${values.join(', ')}`);
  return match;
};

const email = (env: Env, name: string, fallback: string): string => {
  const raw = str(env, name) ?? fallback;
  if (!/^[^\s@]+@[^\s@]+$/.test(raw)) throw new ConfigError(name, `${shown(raw)} is not an email address; accepted: name@domain`);
  return raw.toLowerCase();
};

const hostName = (env: Env, name: string, fallback: string): string => {
  const raw = str(env, name) ?? fallback;
  if (!/^[A-Za-z0-9.:[\]_-]+$/.test(raw))
    throw new ConfigError(name, `${shown(raw)} is not a host name or address; accepted: e.g. 127.0.0.1, 0.0.0.0, ::, a host name`);
  return raw;
};

/** pino's levels, the values LOG_LEVEL accepts. */
export const logLevels = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;

/**
 * Stops the process on a bad setting with one line on stderr (the variable, what is wrong with
 * its value, what it accepts) and exit code 78 (EX_CONFIG), instead of a stack trace.
 */
export function exitOnConfigError(err: unknown): never {
  if (!(err instanceof ConfigError)) throw err;
  process.stderr.write(`Locus cannot start: ${err.message.replace(/\s*\n\s*/g, ' ')}\n`);
  process.exit(78);
}

/** `loadConfig`, exiting with one line and code 78 on a bad variable (entry points). */
export function loadConfigOrExit(env: Env = process.env, options: LoadConfigOptions = {}): LocusConfig {
  try {
    return loadConfig(env, options);
  } catch (err) {
    return exitOnConfigError(err);
  }
}

/**
 * A secret from the environment, else one generated once and kept in the data dir with
 * mode 0600, so restarts keep tokens and encrypted data valid. `wx` makes concurrent
 * first starts agree on one value.
 */
export function persistentSecret(dataDir: string, fileName: string, generate: () => string): string {
  const file = path.join(dataDir, fileName);
  mkdirSync(dataDir, { recursive: true });
  try {
    writeFileSync(file, generate(), { flag: 'wx', mode: 0o600 });
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
  }
  chmodSync(file, 0o600);
  const value = readFileSync(file, 'utf8').trim();
  if (!value) throw new ConfigError(fileName, `${file} is empty; delete it to generate a new one`);
  return value;
}

const checkKey = (name: string, key: string): string => {
  if (!/^[A-Za-z0-9+/]+={0,2}$/.test(key) || Buffer.from(key, 'base64').length !== 32)
    throw new ConfigError(name, 'is not 32 bytes in base64; accepted: 32 random bytes, base64-encoded (openssl rand -base64 32)');
  return key;
};
const checkJwtSecret = (name: string, secret: string): string => {
  if (secret.length < 32) throw new ConfigError(name, `is ${secret.length} characters long; accepted: at least 32 characters (openssl rand -base64 48)`);
  return secret;
};

/**
 * A secret from `NAME`, or from the file `NAME_FILE` names (as container secrets are mounted);
 * setting both is an error.
 */
export function secretFromEnv(env: Env, name: string): string | undefined {
  const direct = str(env, name);
  const file = str(env, `${name}_FILE`);
  if (direct !== undefined && file !== undefined) throw new ConfigError(name, `set either ${name} or ${name}_FILE, not both`);
  if (file === undefined) return direct;
  if (!existsSync(file)) throw new ConfigError(`${name}_FILE`, `${file} does not exist`);
  const value = readFileSync(file, 'utf8').trim();
  if (!value) throw new ConfigError(`${name}_FILE`, `${file} is empty`);
  return value;
}

/** Earlier keys, kept for reading during a rotation: `NAME_PREVIOUS` or `NAME_PREVIOUS_FILE`, separated by commas or new lines. */
const previousKeys = (env: Env, name: string, check: (name: string, value: string) => string): string[] =>
  (secretFromEnv(env, `${name}_PREVIOUS`) ?? '')
    .split(/[\s,]+/)
    .filter(Boolean)
    .map((key) => check(`${name}_PREVIOUS`, key));

/** What every process reads, the web gateway included: where it listens, its logs, its stop and its metrics. */
export function loadProcessConfig(env: Env = process.env): Pick<LocusConfig, 'port' | 'host' | 'metrics'> {
  const port = int(env, 'PORT', 8080, 1, 65535);
  // Loopback unless HOST opens it up: `npm start` prints demo passwords.
  const host = hostName(env, 'HOST', '127.0.0.1');
  // Read where they are used (createLogger, serve.ts); checked here so a bad value stops the start.
  oneOf(env, 'LOG_LEVEL', 'a log level', logLevels);
  oneOf(env, 'LOG_FORMAT', 'a log format', ['pretty', 'json'] as const);
  int(env, 'LOCUS_SHUTDOWN_TIMEOUT_MS', 10_000, 0, 9_999_999);
  const metricsToken = secretFromEnv(env, 'LOCUS_METRICS_TOKEN');
  if (metricsToken !== undefined && metricsToken.length < 16)
    throw new ConfigError('LOCUS_METRICS_TOKEN', `is ${metricsToken.length} characters long; accepted: at least 16 characters (openssl rand -hex 24)`);
  const metricsPort = str(env, 'LOCUS_METRICS_PORT') === undefined ? undefined : int(env, 'LOCUS_METRICS_PORT', 0, 1, 65535);
  if (metricsPort === port) throw new ConfigError('LOCUS_METRICS_PORT', `${metricsPort} is PORT as well; accepted: a port other than PORT (${port})`);
  return {
    port,
    host,
    metrics: { ...(metricsToken !== undefined ? { token: metricsToken } : {}), ...(metricsPort !== undefined ? { port: metricsPort } : {}) },
  };
}

/** The web gateway's upstreams (COMMAND_API_URL, QUERY_API_URL) and whether a proxy (Caddy) stands in front of it. */
export function gatewayUpstreams(env: Env = process.env): { commandApi: URL; queryApi: URL; trustProxy: boolean } {
  return {
    trustProxy: bool(env, 'LOCUS_TRUST_PROXY', false),
    commandApi: new URL(url(env, 'COMMAND_API_URL', 'http://127.0.0.1:8081')),
    queryApi: new URL(url(env, 'QUERY_API_URL', 'http://127.0.0.1:8082')),
  };
}

/** Reads every setting from the environment (see deploy/env.reference.md). */
export function loadConfig(env: Env = process.env, options: LoadConfigOptions = {}): LocusConfig {
  const { port, host, metrics } = loadProcessConfig(env);
  const dataDir = path.resolve(str(env, 'LOCUS_DATA_DIR') ?? './data');
  if (existsSync(dataDir) && !statSync(dataDir).isDirectory())
    throw new ConfigError('LOCUS_DATA_DIR', `${shown(dataDir)} is a file; accepted: a directory (created when missing)`);
  const sandboxEnabled = bool(env, 'LOCUS_SANDBOX', options.sandboxByDefault ?? false);
  const sandboxHttpPort = int(env, 'LOCUS_SANDBOX_PORT', port + 1, 1, 65535);
  // PORT+2 beside the sandbox's PORT+1, so a second instance on another PORT gets its own mailbox.
  const sandboxSmtpPort = int(env, 'LOCUS_SANDBOX_SMTP_PORT', port + 2, 1, 65535);
  const sandboxHost = hostName(env, 'LOCUS_SANDBOX_HOST', '127.0.0.1');
  const endpoints = sandboxEnabled ? sandboxEndpoints(`http://${sandboxHost}:${sandboxHttpPort}`) : realEndpoints;

  const eventStoreUrl = connection(env, 'EVENTSTORE_URL', ['esdb:', 'esdb+discover:', 'kurrentdb:', 'kurrentdb+discover:', 'kurrent:']);
  const mongoUrl = connection(env, 'MONGODB_URL', ['mongodb:', 'mongodb+srv:']);
  const redisUrl = connection(env, 'REDIS_URL', ['redis:', 'rediss:']);
  // Distributed: the stores live outside the data dir, which no longer holds what the keys protect.
  const distributed = eventStoreUrl !== undefined || mongoUrl !== undefined;

  // Keys from the environment (or files); on a laptop, generated once into the data dir.
  const configuredSecret = secretFromEnv(env, 'LOCUS_JWT_SECRET');
  const configuredKey = secretFromEnv(env, 'LOCUS_ENCRYPTION_KEY');
  if (distributed) {
    const why =
      'is required in distributed mode (EVENTSTORE_URL or MONGODB_URL set): every process must share it, and it must not live beside the data it protects';
    if (configuredSecret === undefined) throw new ConfigError('LOCUS_JWT_SECRET', `${why}; set it or LOCUS_JWT_SECRET_FILE (at least 32 characters)`);
    if (configuredKey === undefined) throw new ConfigError('LOCUS_ENCRYPTION_KEY', `${why}; set it or LOCUS_ENCRYPTION_KEY_FILE (openssl rand -base64 32)`);
    if (redisUrl === undefined)
      throw new ConfigError('REDIS_URL', 'is required in distributed mode (EVENTSTORE_URL or MONGODB_URL set): sign-in limits must hold across replicas');
  }
  const jwtSecret = checkJwtSecret(
    'LOCUS_JWT_SECRET',
    configuredSecret ?? persistentSecret(dataDir, 'jwt-secret', () => randomBytes(48).toString('base64url')),
  );
  const encryptionKey = checkKey(
    'LOCUS_ENCRYPTION_KEY',
    configuredKey ?? persistentSecret(dataDir, 'encryption-key', () => randomBytes(32).toString('base64')),
  );

  const smtpUser = str(env, 'SMTP_USER');
  const smtpPass = secretFromEnv(env, 'SMTP_PASS');
  if (smtpPass !== undefined && smtpUser === undefined) throw new ConfigError('SMTP_PASS', 'is set without SMTP_USER; accepted: both or neither');
  const smtpFrom = str(env, 'SMTP_FROM') ?? 'Locus <no-reply@locus.local>';
  if (!/[^\s@<]+@[^\s@>]+/.test(smtpFrom)) throw new ConfigError('SMTP_FROM', `${shown(smtpFrom)} has no address; accepted: name@domain or Name <name@domain>`);
  const adminPassword = secretFromEnv(env, 'LOCUS_ADMIN_PASSWORD');
  if (adminPassword !== undefined && adminPassword.length < 8)
    throw new ConfigError('LOCUS_ADMIN_PASSWORD', `is ${adminPassword.length} characters long; accepted: at least 8 characters`);
  const natsUrl = connection(env, 'NATS_URL', ['nats:', 'tls:', 'ws:', 'wss:'], { list: true });
  const mongoDbName = str(env, 'MONGODB_DB') ?? 'locus';
  if (!/^[A-Za-z0-9_-]{1,63}$/.test(mongoDbName))
    throw new ConfigError('MONGODB_DB', `${shown(mongoDbName)} is not a database name; accepted: 1 to 63 letters, digits, _ or -`);
  const qandaUrl = str(env, 'LOCUS_GOOGLE_QANDA_URL') === undefined ? endpoints.google.qandaUrl : url(env, 'LOCUS_GOOGLE_QANDA_URL', '');
  const llmApiKey = secretFromEnv(env, 'LOCUS_LLM_API_KEY');
  const pubsubTopic = str(env, 'LOCUS_GOOGLE_PUBSUB_TOPIC') ?? (sandboxEnabled ? 'projects/locus-sandbox/topics/locus-reviews' : '');

  return {
    port,
    host,
    dataDir,
    publicUrl: url(env, 'LOCUS_PUBLIC_URL', `http://localhost:${port}`),
    publicUrlFixed: str(env, 'LOCUS_PUBLIC_URL') !== undefined,
    ...(eventStoreUrl ? { eventStoreUrl } : {}),
    ...(mongoUrl ? { mongoUrl } : {}),
    mongoDbName,
    metrics,
    ...(natsUrl ? { natsUrl } : {}),
    ...(redisUrl ? { redisUrl } : {}),
    trustProxy: bool(env, 'LOCUS_TRUST_PROXY', false),
    allowPrivateUrls: bool(env, 'LOCUS_ALLOW_PRIVATE_URLS', sandboxEnabled),
    jwtSecret,
    previousJwtSecrets: previousKeys(env, 'LOCUS_JWT_SECRET', checkJwtSecret),
    encryptionKey,
    previousEncryptionKeys: previousKeys(env, 'LOCUS_ENCRYPTION_KEY', checkKey),
    tokenTtlSeconds: int(env, 'LOCUS_TOKEN_TTL_SECONDS', 24 * 3600, 60),
    heapMb: int(env, 'LOCUS_HEAP_MB', 1024, 128),
    // With Google pushing reviews (a Pub/Sub topic), the schedule is only the safety net: hourly.
    reviewsSyncIntervalMs: int(env, 'LOCUS_REVIEWS_SYNC_INTERVAL_MS', pubsubTopic ? 60 * 60_000 : 15 * 60_000, 0),
    postReviewCheckMs: int(env, 'LOCUS_POST_REVIEW_CHECK_MS', 5 * 60_000, 0),
    readCacheDocuments: int(env, 'LOCUS_READ_CACHE_DOCUMENTS', 20_000, 0),
    smtp: {
      host: hostName(env, 'SMTP_HOST', sandboxEnabled ? sandboxHost : 'localhost'),
      port: int(env, 'SMTP_PORT', sandboxEnabled ? sandboxSmtpPort : 587, 1, 65535),
      from: smtpFrom,
      secure: bool(env, 'SMTP_SECURE', false),
      ...(smtpUser ? { user: smtpUser } : {}),
      ...(smtpPass ? { pass: smtpPass } : {}),
    },
    google: {
      clientId: str(env, 'LOCUS_GOOGLE_CLIENT_ID') ?? (sandboxEnabled ? 'locus-sandbox-client' : ''),
      clientSecret: str(env, 'LOCUS_GOOGLE_CLIENT_SECRET') ?? (sandboxEnabled ? 'locus-sandbox-secret' : ''),
      authUrl: url(env, 'LOCUS_GOOGLE_AUTH_URL', endpoints.google.authUrl),
      tokenUrl: url(env, 'LOCUS_GOOGLE_TOKEN_URL', endpoints.google.tokenUrl),
      userInfoUrl: url(env, 'LOCUS_GOOGLE_USERINFO_URL', endpoints.google.userInfoUrl),
      accountManagementUrl: url(env, 'LOCUS_GOOGLE_ACCOUNT_MANAGEMENT_URL', endpoints.google.accountManagementUrl),
      businessInformationUrl: url(env, 'LOCUS_GOOGLE_BUSINESS_INFORMATION_URL', endpoints.google.businessInformationUrl),
      v4Url: url(env, 'LOCUS_GOOGLE_V4_URL', endpoints.google.v4Url),
      performanceUrl: url(env, 'LOCUS_GOOGLE_PERFORMANCE_URL', endpoints.google.performanceUrl),
      verificationsUrl: url(env, 'LOCUS_GOOGLE_VERIFICATIONS_URL', endpoints.google.verificationsUrl),
      directoryUrl: url(env, 'LOCUS_GOOGLE_DIRECTORY_URL', endpoints.google.directoryUrl),
      queriesPerMinute: int(env, 'LOCUS_GOOGLE_QUERIES_PER_MINUTE', 300, 1, 1_000_000),
      // Google's quota window; shorter only in tests, with the sandbox's windows set to match.
      quotaWindowMs: int(env, 'LOCUS_GOOGLE_QUOTA_WINDOW_MS', 60_000, 100, 3_600_000),
      uploadUrl: url(env, 'LOCUS_GOOGLE_UPLOAD_URL', endpoints.google.uploadUrl),
      qandaUrl,
      notificationsUrl: url(env, 'LOCUS_GOOGLE_NOTIFICATIONS_URL', endpoints.google.notificationsUrl),
      // Reviews pushed by Google through Cloud Pub/Sub: the topic set on every connected account
      // (none: polling only), and what a push's OIDC token must say and be signed with.
      pubsub: {
        topic: pubsubTopic,
        audience: str(env, 'LOCUS_GOOGLE_PUBSUB_AUDIENCE') ?? '',
        issuer: str(env, 'LOCUS_GOOGLE_PUBSUB_ISSUER') ?? 'https://accounts.google.com',
        jwksUrl: url(env, 'LOCUS_GOOGLE_PUBSUB_JWKS_URL', endpoints.google.pubsubJwksUrl),
      },
    },
    localeze: {
      url: url(env, 'LOCUS_LOCALEZE_URL', endpoints.localeze.url),
      apiKey: str(env, 'LOCUS_LOCALEZE_API_KEY') ?? (sandboxEnabled ? 'locus-sandbox-localeze' : ''),
    },
    graph: {
      loginUrl: url(env, 'LOCUS_GRAPH_LOGIN_URL', endpoints.graph.loginUrl),
      graphUrl: url(env, 'LOCUS_GRAPH_URL', endpoints.graph.graphUrl),
    },
    sandbox: { enabled: sandboxEnabled, httpPort: sandboxHttpPort, smtpPort: sandboxSmtpPort },
    adminEmail: email(env, 'LOCUS_ADMIN_EMAIL', 'admin@locus.local'),
    ...(adminPassword ? { adminPassword } : {}),
    demo: bool(env, 'LOCUS_DEMO', sandboxEnabled),
    llm: {
      baseUrl: url(env, 'LOCUS_LLM_BASE_URL', sandboxEnabled ? `http://${sandboxHost}:${sandboxHttpPort}/openai/v1` : 'https://api.openai.com/v1'),
      model: str(env, 'LOCUS_LLM_MODEL') ?? 'gpt-4o-mini',
      apiKey: llmApiKey ?? (sandboxEnabled ? 'locus-sandbox-key' : ''),
      timeoutMs: int(env, 'LOCUS_LLM_TIMEOUT_MS', 20_000, 100),
      maxRetries: int(env, 'LOCUS_LLM_MAX_RETRIES', 2, 0, 10),
    },
    reviewsAi: {
      secondsPerDelayMinute: int(env, 'LOCUS_AUTO_REPLY_SECONDS_PER_MINUTE', 60, 1, 60),
      approvalLinkTtlHours: int(env, 'LOCUS_APPROVAL_LINK_TTL_HOURS', 72, 1, 24 * 30),
      tickMs: int(env, 'LOCUS_AUTO_REPLY_TICK_MS', 5_000, 100, 600_000),
    },
    notifications: { digestTickMs: int(env, 'LOCUS_DIGEST_TICK_MS', 60_000, 100, 3_600_000) },
  };
}
