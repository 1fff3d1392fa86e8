import path from 'node:path';
import { MessageChannel, type Worker } from 'node:worker_threads';
import type { Bus } from '@locus/platform/bus/bus';
import { serveBus } from '@locus/platform/bus/port-bus';
import { startThread } from '@locus/platform/config/start-thread';
import type { ReadStore } from '@locus/platform/read-store/read-store';
import { connectReadStore, serveReadStore } from '@locus/platform/read-store/port-read-store';
import { projectionFile, projectionPart } from '@locus/platform/read-store/projection-files';
import { createSplitReadStore, type ReadStorePart } from '@locus/platform/read-store/split-read-store';
import type { ProjectionDefinition } from '@locus/platform/runtime/definitions';
import { dropGeneration, parsePhysicalName, PROJECTIONS_COLLECTION, projectionCheckpointName, readProjectionState } from '@locus/platform/runtime/generations';
import type { RuntimeLogger } from '@locus/platform/runtime/runtime-logger';
import { announceAppends } from './projection-thread-appends';
import type { ThreadData, ToHost, ToThread } from './projection-thread-wire';

/** SQLite's page cache of a projection thread's file, MB: smaller than the server's (see projection-thread.ts). */
export const PROJECTION_THREAD_CACHE_MB = 16;

export interface ProjectionThreads {
  /** The server's read store with the threads' files joined in: what every reader and rebuild uses. */
  readStore: ReadStore;
  /** The projections left to the server's own projector runtime. */
  local: ProjectionDefinition[];
  stop(): Promise<void>;
}

export interface ProjectionThreadsOptions {
  dataDir: string;
  /** The server's embedded read store (readmodels.db). */
  readStore: ReadStore;
  bus: Bus;
  projections: readonly ProjectionDefinition[];
  logger: RuntimeLogger;
  cacheDocuments?: number;
  /**
   * How long after the server's first unread append a thread reads (default: the projection's
   * live batch interval, else 100 ms; a thread that read each append at once slowed the
   * commands' live updates, docs/performance.md). A reader's X-Min-Position wait cuts it short.
   */
  readDelayMs?: number;
  /** How often a thread looks for appends by other processes (PRAGMA data_version; default 1 s). */
  pollIntervalMs?: number;
  /** The threads' nice value (default 19, the lowest priority: the server's requests come first). */
  nice?: number;
  /** Whether live batches wait for spare CPU (default true: createIdleGate). */
  waitForIdle?: boolean;
}

/**
 * Starts a thread for each projection marked `ownThread` (the company history): its evolve,
 * its SQL and its file (`<name>.db`) stay off the event loop that serves requests and out of
 * readmodels.db's write lock. On a 2-core machine that gave the commands back the rate they
 * had before the history existed (docs/performance.md). A data directory whose
 * readmodels.db still holds such a projection's collections (written before) loses them
 * there once; the thread builds the projection anew in its own file.
 */
export async function startProjectionThreads(options: ProjectionThreadsOptions): Promise<ProjectionThreads> {
  const { readStore, bus, logger } = options;
  const apart = options.projections.filter((p) => p.ownThread);
  const parts: ReadStorePart[] = [];
  const threads: { name: string; worker: Worker; closers: (() => void)[] }[] = [];
  const stopAll = async () => {
    await Promise.all(threads.splice(0).map((t) => stopThread(t.worker, t.name, logger).finally(() => t.closers.forEach((c) => c()))));
  };
  try {
    for (const def of apart) {
      await moveOutOfPrimary(readStore, def, logger);
      const served = new MessageChannel();
      const server = new MessageChannel();
      const busChannel = new MessageChannel();
      const appends = new MessageChannel();
      const appendWanted = new Int32Array(new SharedArrayBuffer(4));
      const closers = [
        serveReadStore(readStore, server.port1).close,
        serveBus(bus, busChannel.port1).close,
        announceAppends(path.join(options.dataDir, 'events.db'), appendWanted, appends.port1),
      ];
      const data: ThreadData = {
        projection: def.name,
        dataDir: options.dataDir,
        file: projectionFile(options.dataDir, def.name),
        cacheDocuments: options.cacheDocuments ?? 20_000,
        sqliteCacheMb: PROJECTION_THREAD_CACHE_MB,
        readDelayMs: options.readDelayMs ?? def.liveBatchIntervalMs ?? 100,
        pollIntervalMs: options.pollIntervalMs ?? 1_000,
        appendWanted,
        nice: options.nice ?? 19,
        waitForIdle: options.waitForIdle ?? true,
        ports: { served: served.port2, server: server.port2, bus: busChannel.port2, appends: appends.port2 },
      };
      const worker = startThread(
        {
          source: new URL('./projection-thread.ts', import.meta.url),
          compiled: new URL('./projection-thread.js', import.meta.url),
          fromSource: import.meta.url.endsWith('.ts'),
        },
        { workerData: data, transferList: [served.port2, server.port2, busChannel.port2, appends.port2] },
      );
      const own = connectReadStore(served.port1);
      closers.push(
        () => void own.close(),
        () => served.port1.close(),
        () => server.port1.close(),
        () => busChannel.port1.close(),
        () => appends.port1.close(),
      );
      threads.push({ name: def.name, worker, closers });
      await started(worker, def.name, logger);
      parts.push({ store: own, ...projectionPart(def) });
    }
  } catch (err) {
    await stopAll();
    throw err;
  }
  return {
    readStore: parts.length === 0 ? readStore : createSplitReadStore(readStore, parts),
    local: options.projections.filter((p) => !p.ownThread),
    stop: stopAll,
  };
}

/** Resolves once the thread runs its projection; its log lines go to the server's logger from then on. */
function started(worker: Worker, name: string, logger: RuntimeLogger): Promise<void> {
  return new Promise<void>((resolve, reject) => {
    const onExit = (code: number) => reject(new Error(`The ${name} projection thread exited (${code}) before it started`));
    worker.on('message', (m: ToHost) => {
      if (m.t === 'log') logger[m.level]({ projection: name, thread: true, ...m.obj }, m.msg);
      else if (m.t === 'started') {
        worker.off('exit', onExit);
        worker.on('error', (err) => logger.error({ err, projection: name }, 'projection thread failed'));
        worker.on('exit', (code) => {
          if (!stopping.has(worker)) logger.error({ projection: name, code }, 'projection thread exited');
        });
        resolve();
      } else if (m.t === 'failed') reject(new Error(`The ${name} projection thread failed: ${m.message}`));
    });
    worker.once('error', reject);
    worker.once('exit', onExit);
  });
}

const stopping = new WeakSet<Worker>();

/** Asks the thread to stop after its current batch (checkpoints written), then ends it. */
async function stopThread(worker: Worker, name: string, logger: RuntimeLogger): Promise<void> {
  stopping.add(worker);
  const stopped = new Promise<void>((resolve) => {
    worker.on('message', (m: ToHost) => {
      if (m.t === 'stopped') resolve();
      else if (m.t === 'failed') {
        logger.error({ projection: name, message: m.message }, 'projection thread failed to stop cleanly');
        resolve();
      }
    });
    worker.once('exit', () => resolve());
  });
  worker.postMessage({ t: 'stop' } satisfies ToThread);
  const timeout = new Promise<void>((resolve) => setTimeout(resolve, 10_000).unref());
  await Promise.race([stopped, timeout]);
  await worker.terminate();
}

/**
 * readmodels.db of an older Locus holds the projection's generations and checkpoints: they are
 * dropped there and the projection's state forgotten, so that the thread builds it in its file.
 */
async function moveOutOfPrimary(readStore: ReadStore, def: ProjectionDefinition, logger: RuntimeLogger): Promise<void> {
  const stale = (await readStore.listCollections()).filter(projectionPart(def).ownsCollection);
  const state = await readProjectionState(readStore, def.name);
  const generations = new Set<number>();
  for (const g of [...stale.map((name) => parsePhysicalName(name).generation), state?.activeGeneration, state?.building?.generation])
    if (typeof g === 'number') generations.add(g);
  const checkpointed = await Promise.all([...generations].map((g) => readStore.getCheckpoint(projectionCheckpointName(def.name, g))));
  if (stale.length === 0 && !checkpointed.some(Boolean)) return;
  for (const g of generations) await dropGeneration(readStore, def, g);
  await readStore.commit({ writes: [{ collection: PROJECTIONS_COLLECTION, ops: [{ deleteOne: { filter: { _id: def.name } } }] }] });
  logger.info({ projection: def.name, collections: stale }, 'projection moved to its own file: built anew there');
}
