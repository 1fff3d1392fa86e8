import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { EventMetadata } from '@locus/contracts';
import { createSqliteEventStore } from '@locus/platform/adapters';
import { awaitOutcome } from './outcome';

const metadata: EventMetadata = {
  companyId: 'c1',
  actor: { userId: 'u', role: 'System' },
  correlationId: 'c',
  causationId: null,
  occurredAt: '2025-01-15T10:00:00.000Z',
};
const append = (store: ReturnType<typeof createSqliteEventStore>, stream: string, type: string, data: Record<string, unknown>) =>
  store.append(stream, [{ id: randomUUID(), type, data, metadata }]);
const isDone = (requestId: string) => (e: { type: string; data: unknown }) => e.type === 'Done' && (e.data as { requestId: string }).requestId === requestId;

describe('awaitOutcome', () => {
  it('finds an outcome the stream already holds', async () => {
    const store = createSqliteEventStore({ file: ':memory:' });
    await append(store, 'job-1', 'Requested', { requestId: 'r1' });
    await append(store, 'job-1', 'Done', { requestId: 'r1' });
    expect(await awaitOutcome(store, 'job-1', 0n, isDone('r1'), 1_000)).toMatchObject({ type: 'Done', revision: 1n });
  });

  it('follows the appends made while it waits, ignoring other streams and requests', async () => {
    const store = createSqliteEventStore({ file: ':memory:' });
    await append(store, 'job-2', 'Requested', { requestId: 'r2' });
    const waiting = awaitOutcome(store, 'job-2', 0n, isDone('r2'), 10_000);
    await append(store, 'job-other', 'Done', { requestId: 'r2' });
    await append(store, 'job-2', 'Done', { requestId: 'older' });
    await append(store, 'job-2', 'Done', { requestId: 'r2' });
    expect(await waiting).toMatchObject({ streamName: 'job-2', revision: 2n });
  });

  it('answers null when the injected timer ends first', async () => {
    const store = createSqliteEventStore({ file: ':memory:' });
    await append(store, 'job-3', 'Requested', { requestId: 'r3' });
    let waitedMs = 0;
    const sleep = async (ms: number) => void (waitedMs = ms);
    expect(await awaitOutcome(store, 'job-3', 0n, isDone('r3'), 15_000, sleep)).toBeNull();
    expect(waitedMs).toBe(15_000);
  });
});
