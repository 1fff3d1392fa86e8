import type { RecordedEvent } from '../../event-store/event-store';

/**
 * Recorded events for projection and reactor specs, as the runtime hands them: ids, positions
 * and metadata filled in, each event one second after the one before (the first one second
 * after `start`).
 */
export function recorder(start = '2025-03-04T09:00:00.000Z') {
  let position = 0;
  const t0 = Date.parse(start);
  return (type: string, data: Record<string, unknown>, companyId: string | null = null, streamName = 'test-1'): RecordedEvent => {
    position++;
    const at = new Date(t0 + position * 1000);
    return {
      id: `event-${position}`,
      type,
      data,
      streamName,
      revision: BigInt(position - 1),
      position,
      created: at,
      metadata: {
        companyId,
        actor: { userId: 'system', role: 'System' },
        correlationId: 'corr',
        causationId: null,
        occurredAt: at.toISOString(),
      },
    };
  };
}
