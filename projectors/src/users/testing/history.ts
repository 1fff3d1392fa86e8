import type { RecordedEvent } from '@locus/platform';

/** Recorded events for projection tests: positions, times and metadata filled in. */
export function recorder(start = '2025-03-04T09:00:00.000Z') {
  let position = 0;
  const t0 = Date.parse(start);
  return (type: string, data: Record<string, unknown>, companyId: string | null = null, streamName = 'test-1'): RecordedEvent => {
    position++;
    return {
      id: `event-${position}`,
      type,
      data,
      streamName,
      revision: BigInt(position - 1),
      position,
      created: new Date(t0 + position * 1000),
      metadata: {
        companyId,
        actor: { userId: 'system', role: 'System' },
        correlationId: 'corr',
        causationId: null,
        occurredAt: new Date(t0 + position * 1000).toISOString(),
      },
    };
  };
}

export const userCreated = (userId: string, companyId: string | null, role: string, extra: Record<string, unknown> = {}) => ({
  userId,
  companyId,
  role,
  firstName: 'First',
  lastName: userId.toUpperCase(),
  email: `${userId}@example.test`,
  phoneNumber: '555-0100',
  passwordHash: '$argon2id$v=19$m=19456,t=2,p=1$c2FsdA$aGFzaA',
  isDefaultCompanyContact: false,
  source: 'company-admin',
  ...extra,
});
