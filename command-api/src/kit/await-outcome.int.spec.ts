import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { EventMetadata } from '@locus/contracts';
import { z } from 'zod';
import { createSqliteEventStore } from '@locus/platform/adapters';
import { awaitOutcome } from './await-outcome';

const jobSchemas = { Requested: z.object({ requestId: z.string() }), Done: z.object({ requestId: z.string() }) };

const metadata: EventMetadata = {
  companyId: 'c1',
  actor: { userId: 'u', role: 'System' },
  correlationId: 'c',
  causationId: null,
  occurredAt: '2025-01-15T10:00:00.000Z',
};
const append = (store: ReturnType<typeof createSqliteEventStore>, stream: string, type: string, data: Record<string, unknown>) =>
  store.append(stream, [{ id: randomUUID(), type, data, metadata }]);
/** Waits for the job's Done of `requestId`: its data typed by the schema, no cast. */
const doneOf = (stream: string, requestId: string, timeoutMs: number, sleep?: (ms: number) => Promise<void>) => ({
  stream,
  after: 0n,
  schemas: jobSchemas,
  types: ['Done' as const],
  matches: (e: { data: { requestId: string } }) => e.data.requestId === requestId,
  timeoutMs,
  ...(sleep ? { sleep } : {}),
});

describe('awaitOutcome', () => {
  it('finds an outcome the stream already holds', async () => {
    const store = createSqliteEventStore({ file: ':memory:' });
    await append(store, 'job-1', 'Requested', { requestId: 'r1' });
    await append(store, 'job-1', 'Done', { requestId: 'r1' });
    expect(await awaitOutcome(store, doneOf('job-1', 'r1', 1_000))).toMatchObject({ type: 'Done', revision: 1n });
  });

  it('follows the appends made while it waits, ignoring other streams and requests', async () => {
    const store = createSqliteEventStore({ file: ':memory:' });
    await append(store, 'job-2', 'Requested', { requestId: 'r2' });
    const waiting = awaitOutcome(store, doneOf('job-2', 'r2', 10_000));
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
    expect(await awaitOutcome(store, doneOf('job-3', 'r3', 15_000, sleep))).toBeNull();
    expect(waitedMs).toBe(15_000);
  });

  it('waits only for the types asked for, answering with data typed by their schema', async () => {
    const store = createSqliteEventStore({ file: ':memory:' });
    await append(store, 'job-4', 'Requested', { requestId: 'r4' });
    await append(store, 'job-4', 'Requested', { requestId: 'r4' });
    await append(store, 'job-4', 'Done', { requestId: 'r4' });
    const done = await awaitOutcome(store, { stream: 'job-4', after: 0n, schemas: jobSchemas, types: ['Done'], timeoutMs: 1_000 });
    expect(done?.revision).toBe(2n);
    expect(done?.data.requestId).toBe('r4');
  });
});
