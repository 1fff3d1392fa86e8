import os from 'node:os';
import path from 'node:path';
import { parentPort, workerData } from 'node:worker_threads';
import { subjects } from '@locus/contracts';
import { connectBus } from '@locus/platform/bus/port-bus';
import { createSqliteEventStore } from '@locus/platform/event-store/sqlite-event-store';
import { createEmbeddedReadStore } from '@locus/platform/read-store/embedded-read-store';
import { connectReadStore, serveReadStore } from '@locus/platform/read-store/port-read-store';
import { projectionPart, uncachedCollections } from '@locus/platform/read-store/projection-files';
import { createSplitReadStore } from '@locus/platform/read-store/split-read-store';
import { createIdleGate } from '@locus/platform/runtime/idle-gate';
import { createProjectorRuntime } from '@locus/platform/runtime/projector-runtime';
import type { RuntimeLogger } from '@locus/platform/runtime/runtime-logger';
import { projections } from '@locus/projectors/features';
import { followAnnouncedAppends } from './projection-thread-appends';
import type { ThreadData, ToHost, ToThread } from './projection-thread-wire';

/**
 * A projection on its own thread (projection-threads.ts starts it): it follows the event
 * store's file with a connection of its own, writes its collections and checkpoints to its
 * own file, and reaches the server's read store (`_projections`) and bus through ports.
 */
if (parentPort) {
  const host = parentPort;
  const data = workerData as ThreadData;
  const send = (m: ToHost) => host.postMessage(m);
  const log =
    (level: 'info' | 'warn' | 'error') =>
    (obj: object, msg?: string): void => {
      const { err, ...rest } = obj as { err?: unknown };
      const fields = err instanceof Error ? { ...rest, err: { message: err.message, stack: err.stack } } : obj;
      send({ t: 'log', level, obj: JSON.parse(JSON.stringify(fields)) as object, msg });
    };
  const logger: RuntimeLogger = { info: log('info'), warn: log('warn'), error: log('error') };
  try {
    // Linux keeps a nice value per thread: this one yields the CPU to the server's event loop.
    if (data.nice) os.setPriority(0, data.nice);
    const def = projections.find((p) => p.name === data.projection);
    if (!def) throw new Error(`There is no projection named ${data.projection}`);
    // The server announces its own commits; another process's are seen through PRAGMA data_version, polled slowly.
    const eventsFile = path.join(data.dataDir, 'events.db');
    const eventStore = createSqliteEventStore({ file: eventsFile, pollIntervalMs: data.pollIntervalMs });
    const announced = followAnnouncedAppends(eventsFile, data.appendWanted, data.ports.appends, data.readDelayMs);
    const own = createEmbeddedReadStore({
      file: data.file,
      cacheDocuments: data.cacheDocuments,
      uncached: uncachedCollections(def),
      // SQLite walks its whole page cache at a commit whose B-tree balancing swapped pages (the
      // swap keys a page by the lock-byte page's number, and the commit's truncate then scans
      // every cached page): a tenth of this thread's CPU with 64 MB (docs/performance.md).
      sqliteCacheMb: data.sqliteCacheMb,
    });
    const served = serveReadStore(own, data.ports.served);
    const server = connectReadStore(data.ports.server);
    const readStore = createSplitReadStore(server, [{ store: own, ...projectionPart(def) }]);
    const bus = connectBus(data.ports.bus);
    // A reader waiting for a position (X-Min-Position) has the thread read at once, past its delay.
    const wantedSub = bus.subscribe(subjects.positionWanted(def.name), () => announced.readNow());
    const runtime = createProjectorRuntime({
      eventStore,
      readStore,
      bus,
      projections: [def],
      logger,
      // Batches that waited for spare CPU make up for it: full batches keep up with sustained
      // load, while queries of the history wait only for one batch at a time.
      batchSize: 2_000,
      beforeLiveBatch: data.waitForIdle ? createIdleGate() : undefined,
    });
    await runtime.start();
    host.on('message', (m: ToThread) => {
      if (m.t !== 'stop') return;
      void (async () => {
        await runtime.stop();
        wantedSub.unsubscribe();
        announced.close();
        await bus.flush();
        served.close();
        await own.close();
        await eventStore.close();
        send({ t: 'stopped' });
      })().catch((err: unknown) => send({ t: 'failed', message: err instanceof Error ? (err.stack ?? err.message) : String(err) }));
    });
    send({ t: 'started' });
  } catch (err) {
    send({ t: 'failed', message: err instanceof Error ? (err.stack ?? err.message) : String(err) });
  }
}
