import { SYSTEM_ACTOR, type Actor, type EventMetadata } from '@locus/contracts';
import type { Clock, IdSource, RequestContext } from '@locus/platform';

const systemClock: Clock = { now: () => new Date() };

/** The actor of a request: the caller, marked when an administrator acts inside a company. */
export function actorOf(req: Pick<RequestContext, 'auth'>): Actor {
  const auth = req.auth;
  if (!auth) return { userId: 'anonymous', role: 'Anonymous' };
  // Not a spread of a conditional literal: this runs for every command.
  if (!auth.viewingAsAdmin) return { userId: auth.userId, role: auth.role };
  return { userId: auth.userId, role: auth.role, viewingAsAdmin: true, adminUserId: auth.adminUserId ?? auth.userId };
}

/**
 * Metadata for the events of one request: company, actor, the request's correlation id,
 * the request id as causation, and the time from the injected clock.
 */
export function eventMetadata(
  req: Pick<RequestContext, 'auth' | 'correlationId' | 'requestId'>,
  companyId: string | null,
  clock: Clock = systemClock,
): EventMetadata {
  return {
    companyId,
    actor: actorOf(req),
    correlationId: req.correlationId,
    causationId: req.requestId,
    occurredAt: clock.now().toISOString(),
  };
}

/**
 * Metadata for events appended by automation (schedules, reactors): the system actor, the
 * time from the injected clock, a new correlation id unless the work continues another's.
 */
export function systemMetadata(
  deps: { clock: Clock; ids: IdSource },
  companyId: string | null,
  cause: { correlationId?: string; causationId?: string | null; at?: Date } = {},
): EventMetadata {
  return {
    companyId,
    actor: SYSTEM_ACTOR,
    correlationId: cause.correlationId ?? deps.ids.uuid(),
    causationId: cause.causationId ?? null,
    occurredAt: (cause.at ?? deps.clock.now()).toISOString(),
  };
}

/** The highest of the positions written (undefined when nothing was). */
export const maxPosition = (...positions: (number | undefined)[]): number | undefined => {
  const defined = positions.filter((p): p is number => p !== undefined);
  return defined.length ? Math.max(...defined) : undefined;
};
