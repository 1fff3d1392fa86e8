import { type LiveMessage, liveStreamRoute, mayHearCollection, subjects } from '@locus/contracts';
import { implement, openSseChannel, SSE_HEADERS, type AuthContext, type Bus, type RouteImplementation } from '@locus/platform';
import type { Logger } from 'pino';

export interface LiveDeps {
  bus: Bus;
  logger: Logger;
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

const eventNameOf = (data: unknown): string | undefined => {
  const kind = (data as Partial<LiveMessage> | null)?.kind;
  return kind === 'changed' || kind === 'notification' || kind === 'resync' ? kind : undefined;
};

/** Live changes are filtered by role as the queries are: no pings about collections the caller cannot read. */
const mayHear = (auth: AuthContext, data: unknown): boolean => {
  const message = data as Partial<LiveMessage> | null;
  return message?.kind !== 'changed' || typeof message.collection !== 'string' || mayHearCollection(auth.role, message.collection);
};

/**
 * `GET /api/live`: server-sent events from the bus, scoped by the verified token and filtered
 * by role; written with backpressure (a client too slow to read gets one `resync` instead of
 * its backlog, see openSseChannel).
 */
export function liveQueryRoutes(deps: LiveDeps): RouteImplementation[] {
  return [
    implement(liveStreamRoute, async (req) => {
      const auth = req.auth!;
      const channel = openSseChannel({ keepAliveMs: deps.keepAliveMs ?? 10_000, retryMs: deps.retryMs ?? 3000 });
      const subscriptions = liveScopesOf(auth).map((scope) =>
        deps.bus.subscribe(scope, (message) => {
          if (!mayHear(auth, message.data)) return;
          const event = eventNameOf(message.data);
          channel.send(message.data, event ? { event } : {});
        }),
      );
      channel.onClose(() => {
        for (const subscription of subscriptions) subscription.unsubscribe();
        deps.logger.debug({ requestId: req.requestId, userId: auth.userId }, 'live stream closed');
      });
      // The subscriptions are active on the server before the client sees the stream open.
      await deps.bus.flush();
      channel.comment('connected');
      return { status: 200, body: channel.stream, headers: SSE_HEADERS };
    }),
  ];
}
