import { afterEach, describe, expect, it } from 'vitest';
import { createInProcessBus } from '../bus/in-process-bus';
import { eventually } from '../bus/bus.contract';
import type { EventStore, ReadAllOptions } from '../event-store/event-store';
import { createSqliteEventStore } from '../event-store/sqlite-event-store';
import { createHttpApp } from '../http/http-app';
import { listen, memoryLogger } from '../http/testing';
import { createEmbeddedReadStore } from '../read-store/embedded-read-store';
import { createProjectorRuntime, type ProjectorRuntime } from './projector-runtime';
import { createReadModels } from './read-models';
import { appendHistory, generateShopHistory, readActive, shopProjection } from './testing/shop-projection';

const noSleep = async () => undefined;
const cleanups: (() => Promise<void> | void)[] = [];

afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

/** The event store, with the rebuild's pages after the first held until `release()`. */
function heldAfterFirstPage(eventStore: EventStore) {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  const readAll = async (options?: ReadAllOptions) => {
    if ((options?.after ?? 0) > 0) await released;
    return eventStore.readAll(options);
  };
  const held = new Proxy(eventStore, { get: (target, key) => (key === 'readAll' ? readAll : Reflect.get(target, key)) });
  return { eventStore: held, release };
}

describe('/ready and the read models', () => {
  it('answers 503 while a data directory of an older projection version is rebuilt at start, 200 once the new generation is live', async () => {
    const eventStore = createSqliteEventStore({ file: ':memory:' });
    const readStore = createEmbeddedReadStore({ file: ':memory:' });
    const bus = createInProcessBus();
    cleanups.push(
      () => eventStore.close(),
      () => readStore.close(),
      () => bus.close(),
    );
    await appendHistory(eventStore, generateShopHistory(600, 7));

    // Written by the older version.
    const older = shopProjection(1);
    const first: ProjectorRuntime = createProjectorRuntime({ eventStore, readStore, bus, projections: [older], sleep: noSleep });
    await first.start();
    expect(await first.waitForPosition(await eventStore.headPosition(), 15_000)).toBe(true);
    await first.stop();
    const olderDocs = await readActive(readStore, older);

    // Started by the newer version: it serves at once, but the read model is not ready yet.
    const newer = shopProjection(2);
    const held = heldAfterFirstPage(eventStore);
    const second = createProjectorRuntime({ eventStore: held.eventStore, readStore, bus, projections: [newer], sleep: noSleep, rebuildBatchSize: 100 });
    const readModels = createReadModels({ readStore, bus, projections: [newer] });
    const { app } = createHttpApp({ logger: memoryLogger('warn').logger, readiness: { readStore, bus, readModels }, mount: () => {} });
    const server = await listen(app);
    cleanups.push(
      () => server.close(),
      () => readModels.close(),
      () => second.stop(),
    );
    await second.start();
    await eventually(() => second.status()[0]?.state === 'rebuilding' && (second.status()[0]?.building?.processed ?? 0) > 0, 5_000, 'rebuild under way');

    expect((await fetch(`${server.baseUrl}/health`)).status).toBe(200);
    const during = await fetch(`${server.baseUrl}/ready`);
    expect(during.status).toBe(503);
    const duringBody = (await during.json()) as { status: string; checks: Record<string, { ok: boolean; error?: string }> };
    expect(duringBody.status).toBe('not_ready');
    expect(duringBody.checks.readStore?.ok).toBe(true);
    expect(duringBody.checks.readModels).toEqual({ ok: false, error: 'read models being built: shop (version 1 → 2)' });
    // Queries meanwhile read the older version's generation, whole.
    expect(await readActive(readStore, newer)).toEqual(olderDocs);

    held.release();
    await eventually(() => second.status()[0]?.state === 'live', 15_000, 'switched to the new generation');
    const after = await fetch(`${server.baseUrl}/ready`);
    expect(after.status).toBe(200);
    const afterBody = (await after.json()) as { status: string; checks: Record<string, { ok: boolean }> };
    expect(afterBody.status).toBe('ready');
    expect(afterBody.checks.readModels?.ok).toBe(true);
  });

  it('answers 503 before the first build of an empty data directory, naming it', async () => {
    const readStore = createEmbeddedReadStore({ file: ':memory:' });
    const bus = createInProcessBus();
    cleanups.push(
      () => readStore.close(),
      () => bus.close(),
    );
    const readModels = createReadModels({ readStore, bus, projections: [shopProjection(1)] });
    cleanups.push(() => readModels.close());
    const { app } = createHttpApp({ logger: memoryLogger('warn').logger, readiness: { readStore, readModels }, mount: () => {} });
    const server = await listen(app);
    cleanups.push(() => server.close());
    const answer = await fetch(`${server.baseUrl}/ready`);
    expect(answer.status).toBe(503);
    expect(((await answer.json()) as { checks: Record<string, { error?: string }> }).checks.readModels?.error).toBe(
      'read models being built: shop (first build)',
    );
  });
});
