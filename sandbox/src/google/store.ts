import path from 'node:path';
import { createSnapshotFile } from '../kit/snapshot';
import { type GoogleApiError, invalidArgument, notFoundError, permissionDenied, quotaExceeded, transientFailure } from './errors';
import { addBenchAccount, generateState } from './seed/generate';
import { generateMedia, generatePosts } from './seed/activity';
import { advanceReviews, generateReviews } from './seed/reviews';
import type { AccountRole, GAccount, GLocation, GMedia, GPost, GReview, GState, GUser } from './state';

export interface GoogleSandboxOptions {
  /** Lifetime of issued access tokens (Google: 3599 s). Tests use a few seconds. */
  accessTokenTtlSeconds: number;
  authCodeTtlSeconds: number;
  /** Edits (create/patch/delete/attributes) allowed per location per window: Google allows 10 per minute. */
  editsPerWindow: number;
  editWindowMs: number;
  /** Optional per-user request cap per minute across all APIs (Google: 300 QPM per API); off when 0. */
  queriesPerMinute: number;
  /** The window `queriesPerMinute` counts in: a minute, shorter in tests (with Locus's LOCUS_GOOGLE_QUOTA_WINDOW_MS to match). */
  queryWindowMs: number;
  /** Create the benchmark account with this many locations at start (0 = only on demand). */
  benchLocations: number;
  /** Registered OAuth clients; when empty any client id/secret pair is accepted. */
  clients: { clientId: string; clientSecret: string }[];
  /** Timeout for fetching media `sourceUrl`s. */
  mediaFetchTimeoutMs: number;
  /** How long a post held for review (a link in its text) stays PROCESSING before it goes LIVE by itself. */
  postReviewMs: number;
}

export const defaultGoogleOptions: GoogleSandboxOptions = {
  accessTokenTtlSeconds: 3599,
  authCodeTtlSeconds: 600,
  editsPerWindow: 10,
  editWindowMs: 60_000,
  queriesPerMinute: 0,
  queryWindowMs: 60_000,
  benchLocations: 0,
  clients: [],
  mediaFetchTimeoutMs: 5_000,
  postReviewMs: 120_000,
};

interface FailRule {
  /** 400 is a permanent refusal (INVALID_ARGUMENT); the others are transient. */
  status: 400 | 500 | 502 | 503 | 504 | 429;
  remaining: number;
  pathIncludes?: string;
  method?: string;
}

export interface GoogleStore {
  readonly state: GState;
  options: GoogleSandboxOptions;
  readonly dataDir: string;
  /** Wall clock: tokens, codes and quotas. */
  now(): number;
  /** Data clock (wall clock + the admin API's offset): review arrivals and removals, review and reply times, metrics' today. */
  dataNow(): number;
  changed(): void;
  flush(): void;
  reseed(): void;
  user(sub: string): GUser | undefined;
  accountsOf(sub: string): GAccount[];
  roleIn(account: GAccount, sub: string): AccountRole | undefined;
  /** The account, if the caller is one of its members (404 when unknown, 403 when not a member). */
  accountFor(sub: string, accountId: string): GAccount;
  locationFor(sub: string, locationId: string): GLocation;
  /** The location's current reviews: generated on first read, then replayed (arrivals, removals) up to the data clock. */
  reviewsOf(loc: GLocation): GReview[];
  postsOf(loc: GLocation): GPost[];
  mediaOf(loc: GLocation): GMedia[];
  /** Counts one edit against the location's per-window budget or throws 429. */
  countEdit(locationId: string): void;
  countQuery(sub: string): void;
  /** 429s answered since start: past a location's edits, past the project's queries. */
  readonly quotaRejections: { edits: number; queries: number };
  failNext(rule: FailRule): void;
  /** Throws an injected failure when a rule matches this request. */
  maybeFail(method: string, path: string, header: string | undefined): void;
  ensureBenchAccount(locations: number): GAccount;
}

export function createGoogleStore(dataDir: string, seed: number, options: Partial<GoogleSandboxOptions>, clock: () => number = Date.now): GoogleStore {
  const snapshot = createSnapshotFile<GState>(path.join(dataDir, 'google-state.json'));
  const loaded = snapshot.load();
  let state: GState = loaded && loaded.version === 1 && loaded.seed === seed ? loaded : generateState(seed, new Date(clock()));
  const opts: GoogleSandboxOptions = { ...defaultGoogleOptions, ...options };
  if (opts.benchLocations > 0) addBenchAccount(state, opts.benchLocations);
  snapshot.schedule(() => state);

  const edits = new Map<string, number[]>();
  const queries = new Map<string, number[]>();
  const failRules: FailRule[] = [];
  const quotaRejections = { edits: 0, queries: 0 };
  const consumedFailKeys = new Set<string>();

  const windowCheck = (map: Map<string, number[]>, key: string, limit: number, windowMs: number) => {
    const now = clock();
    const list = (map.get(key) ?? []).filter((t) => t > now - windowMs);
    if (list.length >= limit) {
      map.set(key, list);
      return Math.max(1, list[0]! + windowMs - now);
    }
    list.push(now);
    map.set(key, list);
    return 0;
  };

  const store: GoogleStore = {
    get state() {
      return state;
    },
    options: opts,
    dataDir,
    now: clock,
    dataNow: () => clock() + (state.clockOffsetMs ?? 0),
    changed: () => snapshot.schedule(() => state),
    flush: () => snapshot.flush(),
    reseed() {
      state = generateState(seed, new Date(clock()));
      if (opts.benchLocations > 0) addBenchAccount(state, opts.benchLocations);
      edits.clear();
      queries.clear();
      snapshot.schedule(() => state);
    },
    user: (sub) => state.users.find((u) => u.sub === sub),
    accountsOf: (sub) => Object.values(state.accounts).filter((a) => a.members.some((m) => m.sub === sub)),
    roleIn: (account, sub) => account.members.find((m) => m.sub === sub)?.role,
    accountFor(sub, accountId) {
      const account = state.accounts[accountId];
      if (!account) throw notFoundError();
      if (!store.roleIn(account, sub)) throw permissionDenied();
      return account;
    },
    locationFor(sub, locationId) {
      const loc = state.locations[locationId];
      if (!loc) throw notFoundError();
      const account = state.accounts[loc.accountId];
      if (!account || !store.roleIn(account, sub)) throw permissionDenied();
      return loc;
    },
    reviewsOf(loc) {
      let list = state.reviews[loc.id];
      if (!list) {
        list = loc.brandKey ? generateReviews(state, loc) : [];
        state.reviews[loc.id] = list;
      }
      if (advanceReviews(state, loc, list, store.dataNow())) snapshot.schedule(() => state);
      return list;
    },
    postsOf(loc) {
      let list = state.posts[loc.id];
      if (!list) {
        list = loc.brandKey ? generatePosts(state, loc) : [];
        state.posts[loc.id] = list;
      }
      if (approveDueReviews(list, clock())) snapshot.schedule(() => state);
      return list;
    },
    mediaOf(loc) {
      let list = state.media[loc.id];
      if (!list) {
        list = loc.brandKey ? generateMedia(state, loc) : [];
        state.media[loc.id] = list;
      }
      return list;
    },
    countEdit(locationId) {
      const waitMs = windowCheck(edits, locationId, opts.editsPerWindow, opts.editWindowMs);
      if (waitMs > 0) {
        quotaRejections.edits++;
        throw quotaExceeded(
          'mybusinessbusinessinformation.googleapis.com',
          'mybusinessbusinessinformation.googleapis.com/location_edits',
          'EditsPerMinutePerLocation',
          opts.editsPerWindow,
          waitMs / 1000,
        );
      }
      state.editCounts ??= {};
      state.editCounts[locationId] = (state.editCounts[locationId] ?? 0) + 1;
      snapshot.schedule(() => state);
    },
    quotaRejections,
    countQuery(sub) {
      if (!opts.queriesPerMinute) return;
      const waitMs = windowCheck(queries, sub, opts.queriesPerMinute, opts.queryWindowMs);
      if (waitMs > 0) {
        quotaRejections.queries++;
        throw quotaExceeded(
          'mybusiness.googleapis.com',
          'mybusiness.googleapis.com/default_requests',
          'RequestsPerMinutePerProject',
          opts.queriesPerMinute,
          waitMs / 1000,
        );
      }
    },
    failNext(rule) {
      failRules.push(rule);
    },
    maybeFail(method, reqPath, header) {
      if (header) {
        const [statusText, token] = header.split(':');
        const key = token ? `token:${token}` : `${method} ${reqPath} ${statusText}`;
        if (!consumedFailKeys.has(key)) {
          consumedFailKeys.add(key);
          throw failureFor(Number(statusText));
        }
      }
      const i = failRules.findIndex(
        (r) => r.remaining > 0 && (!r.pathIncludes || reqPath.includes(r.pathIncludes)) && (!r.method || r.method.toUpperCase() === method.toUpperCase()),
      );
      if (i < 0) return;
      const rule = failRules[i]!;
      rule.remaining -= 1;
      if (rule.remaining <= 0) failRules.splice(i, 1);
      throw failureFor(rule.status);
    },
    ensureBenchAccount(locations) {
      const account = addBenchAccount(state, locations);
      snapshot.schedule(() => state);
      return account;
    },
  };
  return store;
}

function failureFor(status: number): GoogleApiError {
  if (status === 400) return invalidArgument('Request contains an invalid argument.', [{ field: 'summary', description: 'was refused (injected failure)' }]);
  if (status === 429) return quotaExceeded('mybusiness.googleapis.com', 'mybusiness.googleapis.com/default_requests', 'RequestsPerMinutePerProject', 300, 1);
  return transientFailure(([500, 502, 503, 504] as const).find((s) => s === status) ?? 503);
}

/** Posts whose review time has come are shown (LIVE), as Google does once it has looked at them; true when one changed. */
function approveDueReviews(posts: GPost[], now: number): boolean {
  let changed = false;
  for (const post of posts) {
    if (post.reviewDueAt === undefined || post.reviewDueAt > now) continue;
    delete post.reviewDueAt;
    if (post.resource.state !== 'PROCESSING') continue;
    post.resource.state = 'LIVE';
    post.resource.updateTime = new Date(now).toISOString();
    changed = true;
  }
  return changed;
}
