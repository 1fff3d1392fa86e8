import { execFile } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import type { EventToAppend, RecordedEvent } from './event-store';
import { eventStoreContract } from './event-store.contract';
import { createSqliteEventStore } from './sqlite-event-store';
import { createUpcasterRegistry } from './upcasters';

const dir = mkdtempSync(path.join(os.tmpdir(), 'locus-sqlite-event-store-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const tempFile = () => path.join(dir, `${randomUUID()}.db`);

eventStoreContract('SQLite', async () => createSqliteEventStore({ file: tempFile() }), {
  gaplessPositions: true,
  startsEmpty: true,
});

eventStoreContract('SQLite :memory:', async () => createSqliteEventStore({ file: ':memory:' }), {
  gaplessPositions: true,
  startsEmpty: true,
});

const event = (data: unknown = {}): EventToAppend => ({
  id: randomUUID(),
  type: 'ThingHappened',
  data,
  metadata: {
    companyId: 'company-1',
    actor: { userId: 'user-1', role: 'CompanyUser' },
    correlationId: randomUUID(),
    causationId: null,
    occurredAt: new Date().toISOString(),
  },
});

async function takeMatching(
  iterable: AsyncIterable<RecordedEvent>,
  count: number,
): Promise<RecordedEvent[]> {
  const received: RecordedEvent[] = [];
  for await (const e of iterable) {
    received.push(e);
    if (received.length === count) break;
  }
  return received;
}

describe('SQLite event store — specifics', () => {
  it('keeps events and continues positions after reopening the file', async () => {
    const file = tempFile();
    const first = createSqliteEventStore({ file });
    await first.append('thing-1', [event({ n: 0 }), event({ n: 1 })], { expectedRevision: 'no_stream' });
    await first.close();

    const reopened = createSqliteEventStore({ file });
    const result = await reopened.append('thing-2', [event({ n: 2 })], { expectedRevision: 'no_stream' });
    expect(result.position).toBe(3);
    expect((await reopened.readAll()).map((e) => e.position)).toEqual([1, 2, 3]);
    expect((await reopened.readStream('thing-1')).map((e) => e.data)).toEqual([{ n: 0 }, { n: 1 }]);
    await reopened.close();
  });

  it('a subscription sees appends made through another store instance on the same file', async () => {
    const file = tempFile();
    const reader = createSqliteEventStore({ file });
    const writer = createSqliteEventStore({ file });
    const subscription = reader.subscribeToAll();
    const receiving = takeMatching(subscription, 20);
    for (let i = 0; i < 20; i++) await writer.append(`thing-${i % 3}`, [event({ i })]);
    const received = await receiving;
    expect(received.map((e) => e.position)).toEqual(Array.from({ length: 20 }, (_, i) => i + 1));
    expect(received.map((e) => e.data)).toEqual(Array.from({ length: 20 }, (_, i) => ({ i })));
    await writer.close();
    await reader.close();
  });

  it('a subscription sees appends made by another process sharing the file', async () => {
    const file = tempFile();
    const reader = createSqliteEventStore({ file });
    await reader.append('thing-0', [event({ from: 'parent' })]);
    const subscription = reader.subscribeToAll({ after: 'end' });
    const receiving = takeMatching(subscription, 30);

    const script = path.join(dir, `writer-${randomUUID()}.mts`);
    const adapter = path.join(import.meta.dirname, 'sqlite-event-store.ts');
    writeFileSync(
      script,
      `import { createSqliteEventStore } from ${JSON.stringify(adapter)};
const store = createSqliteEventStore({ file: ${JSON.stringify(file)} });
for (let i = 0; i < 30; i++) {
  await store.append('thing-' + (i % 2 + 1), [{ id: crypto.randomUUID(), type: 'FromChild', data: { i }, metadata: { companyId: null, actor: { userId: 'system', role: 'System' }, correlationId: 'c', causationId: null, occurredAt: new Date().toISOString() } }]);
}
await store.close();
`,
    );
    const tsxCli = path.resolve(import.meta.dirname, '../../../node_modules/tsx/dist/cli.mjs');
    await promisify(execFile)(process.execPath, [tsxCli, script]);

    const received = await receiving;
    expect(received.map((e) => e.type)).toEqual(Array(30).fill('FromChild'));
    expect(received.map((e) => e.position)).toEqual(Array.from({ length: 30 }, (_, i) => i + 2));
    await reader.close();
  });

  it('applies the upcaster registry it is given', async () => {
    const upcasters = createUpcasterRegistry();
    upcasters.register('ThingHappened', 1, (data) => ({ ...(data as object), upcast: true }));
    const store = createSqliteEventStore({ file: ':memory:', upcasters });
    await store.append('thing-1', [event({ n: 1 })]);
    const [read] = await store.readStream('thing-1');
    expect(read!.data).toEqual({ n: 1, upcast: true });
    expect(read!.metadata.schemaVersion).toBe(2);
    await store.close();
  });

  it('rejects bad input with errors that name the argument', async () => {
    const store = createSqliteEventStore({ file: ':memory:' });
    await expect(store.append('', [event()])).rejects.toThrow(/streamName/);
    await expect(store.append('thing-1', [])).rejects.toThrow(/non-empty array/);
    await expect(store.append('thing-1', [{ ...event(), id: 'evt-1' }])).rejects.toThrow(/event id must be a lowercase UUID/);
    const twice = event();
    await expect(store.append('thing-1', [twice, twice])).rejects.toThrow(/appears twice/);
    await expect(store.readAll({ maxCount: -2 })).rejects.toThrow(/maxCount/);
    await expect(store.readAll({ after: 1.5 })).rejects.toThrow(/after/);
    await expect(store.readStream('thing-1', { fromRevision: -1n })).rejects.toThrow(/fromRevision/);
    expect(() => store.subscribeToAll({ batchSize: 0 })).toThrow(/batchSize/);
    expect(await store.headPosition()).toBe(0);
    await store.close();
    await expect(store.headPosition()).rejects.toThrow(/closed/);
  });
});
