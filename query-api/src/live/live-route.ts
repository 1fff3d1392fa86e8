import { liveStreamRoute, subjects } from '@locus/contracts';
import { implement, openSseChannel, SSE_HEADERS, type AuthContext, type Bus, type ReadModels, type RouteImplementation } from '@locus/platform';
import type { Logger } from 'pino';
import { createLiveHub } from './live-hub';
import { locationScopeFilter } from './location-scope-filter';
import { createSessionEnder } from './session-ender';

export interface LiveDeps {
  bus: Bus;
  logger: Logger;
  /** Where a company user's locations are read (their stream hears only those). */
  readModels?: Pick<ReadModels, 'collection'>;
  /** Spec: keep-alive 10 s. */
  keepAliveMs?: number;
  retryMs?: number;
}

/**
 * What one caller hears: their company's changes and notifications, their own (and, when
 * an administrator views a company, the administrator's own) user notifications, and the
 * admin scope for an Administrator outside any company.
 */
export function liveScopesOf(auth: AuthContext): string[] {
  const scopes = new Set<string>();
  if (auth.companyId) scopes.add(subjects.companyScope(auth.companyId));
  scopes.add(subjects.userScope(auth.userId));
  if (auth.adminUserId) scopes.add(subjects.userScope(auth.adminUserId));
  if (auth.role === 'Administrator' && !auth.companyId) scopes.add(subjects.adminScope());
  return [...scopes];
}

/**
 * `GET /api/live`: server-sent events from the bus, scoped by the verified token and filtered
 * by role through one shared subscription per scope (live-hub.ts), closed when its session ends
 * (session-ender.ts); written with backpressure (a client too slow to read gets one `resync` instead of
 * its backlog, see openSseChannel).
 */
export function liveQueryRoutes(deps: LiveDeps): RouteImplementation[] {
  const hub = createLiveHub(deps.bus);
  const sessions = createSessionEnder(deps.bus);
  return [
    implement(liveStreamRoute, async (req) => {
      const auth = req.auth!;
      const channel = openSseChannel({ keepAliveMs: deps.keepAliveMs ?? 10_000, retryMs: deps.retryMs ?? 3000 });
      const filter = deps.readModels ? await locationScopeFilter(deps.readModels, auth) : undefined;
      const detach = hub.attach(channel, auth.role, liveScopesOf(auth), filter);
      const unwatch = sessions.watch(channel, auth);
      channel.onClose(() => {
        detach();
        unwatch();
        deps.logger.debug({ requestId: req.requestId, userId: auth.userId }, 'live stream closed');
      });
      // The subscriptions are active on the server before the client sees the stream open.
      await deps.bus.flush();
      channel.comment('connected');
      return { status: 200, body: channel.stream, headers: SSE_HEADERS };
    }),
  ];
}
