import type { ChangedMessage, LiveMessage, NotificationMessage } from '@locus/contracts';
import type { SseEvent } from './sse-parser';

/**
 * Turns one SSE event into a live message. The data is JSON; when it lacks `kind`,
 * the SSE event name ('changed', 'notification' or 'resync') supplies it. Anything else is ignored.
 */
export const toLiveMessage = (event: SseEvent): LiveMessage | null => {
  let body: unknown;
  try {
    body = JSON.parse(event.data);
  } catch {
    return null;
  }
  if (!body || typeof body !== 'object') return null;
  const raw = body as Record<string, unknown>;
  const kind = typeof raw.kind === 'string' ? raw.kind : event.event;
  if (kind === 'changed' && typeof raw.collection === 'string') {
    const msg: ChangedMessage = {
      kind: 'changed',
      collection: raw.collection,
      ids: Array.isArray(raw.ids) ? raw.ids.filter((id): id is string => typeof id === 'string') : [],
      many: raw.many === true,
      companyId: typeof raw.companyId === 'string' ? raw.companyId : null,
      position: typeof raw.position === 'number' ? raw.position : 0,
    };
    return msg;
  }
  if (kind === 'resync') return { kind: 'resync' };
  if (kind === 'notification') {
    const name = typeof raw.name === 'string' ? raw.name : event.event !== 'notification' ? event.event : null;
    if (!name) return null;
    const msg: NotificationMessage = { kind: 'notification', name, payload: raw.payload };
    return msg;
  }
  return null;
};
