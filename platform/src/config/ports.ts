import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import path from 'node:path';
import type { Logger } from 'pino';
import type { Bus } from '../bus/bus';
import { WrongExpectedVersionError, type EventStore } from '../event-store/event-store';
import { operationMetrics } from '../metrics/operation-metrics';
import type { ReadStore } from '../read-store/read-store';
import type { Clock, IdSource, LocusConfig } from '../runtime/deps';
import { createRateLimits, type RateLimits } from '../rate-limit/rate-limits';
import { acquireDataDirLock, DataDirLockedError, type DataDirLock } from '../runtime/data-dir-lock';

export interface Ports {
  eventStore: EventStore;
  readStore: ReadStore;
  bus: Bus;
  /** Sign-in limits: Redis when REDIS_URL, else this process's memory. */
  rateLimits: RateLimits;
  clock: Clock;
  ids: IdSource;
  /** Which adapter serves each port, for the startup log and /ready. */
  adapters: { eventStore: 'sqlite' | 'eventstoredb'; readStore: 'embedded' | 'mongodb'; bus: 'in-process' | 'nats'; rateLimits: RateLimits['kind'] };
  close(): Promise<void>;
}

export interface CreatePortsOptions {
  logger?: Logger;
  /** Shown in the data-dir lock and the NATS connection name. */
  purpose?: string;
}

/** The data-dir lock, unless this process already holds it (the launcher may take it first). */
function lockDataDir(dataDir: string, purpose: string): DataDirLock | undefined {
  try {
    return acquireDataDirLock(dataDir, purpose);
  } catch (err) {
    if (err instanceof DataDirLockedError && err.holder.pid === process.pid && err.holder.hostname === hostname()) return undefined;
    throw err;
  }
}

/**
 * The ports a process needs, chosen from the config: EventStoreDB when EVENTSTORE_URL is
 * set, else SQLite in the data dir; MongoDB when MONGODB_URL, else the embedded read store
 * (which takes the data-dir lock: one process writes its SQLite file); NATS when
 * NATS_URL, else in process. Adapters load lazily so unused drivers never load.
 */
export async function createPorts(config: LocusConfig, options: CreatePortsOptions = {}): Promise<Ports> {
  const purpose = options.purpose ?? 'locus';
  const busLogger = options.logger?.child({ port: 'bus' });
  const closers: (() => Promise<void> | void)[] = [];
  let lock: DataDirLock | undefined;

  try {
    let readStore: ReadStore;
    let readStoreKind: Ports['adapters']['readStore'];
    if (config.mongoUrl) {
      const { createMongoReadStore } = await import('../read-store/mongo-read-store');
      readStore = await createMongoReadStore({ url: config.mongoUrl, dbName: config.mongoDbName });
      readStoreKind = 'mongodb';
    } else {
      lock = lockDataDir(config.dataDir, purpose);
      const { createEmbeddedReadStore } = await import('../read-store/embedded-read-store');
      readStore = createEmbeddedReadStore({
        file: path.join(config.dataDir, 'readmodels.db'),
        cacheDocuments: config.readCacheDocuments,
        // The projections' SQL runs beside the event loop that serves requests (platform/README.md, docs/performance.md).
        writerThread: true,
      });
      readStoreKind = 'embedded';
    }
    closers.push(() => readStore.close());

    let eventStore: EventStore;
    let eventStoreKind: Ports['adapters']['eventStore'];
    if (config.eventStoreUrl) {
      const { createEventStoreDbEventStore } = await import('../event-store/eventstoredb-event-store');
      eventStore = createEventStoreDbEventStore({ url: config.eventStoreUrl });
      eventStoreKind = 'eventstoredb';
    } else {
      const { createSqliteEventStore } = await import('../event-store/sqlite-event-store');
      eventStore = createSqliteEventStore({ file: path.join(config.dataDir, 'events.db') });
      eventStoreKind = 'sqlite';
    }
    closers.push(() => eventStore.close());
    timeAppends(eventStore, eventStoreKind);

    let bus: Bus;
    let busKind: Ports['adapters']['bus'];
    if (config.natsUrl) {
      const { createNatsBus } = await import('../bus/nats-bus');
      bus = await createNatsBus({ url: config.natsUrl, name: purpose, ...(busLogger ? { logger: busLogger } : {}) });
      busKind = 'nats';
    } else {
      const { createInProcessBus } = await import('../bus/in-process-bus');
      bus = createInProcessBus(busLogger ? { logger: busLogger } : {});
      busKind = 'in-process';
    }
    closers.push(() => bus.close());

    const rateLimits = await createRateLimits(config.redisUrl);
    closers.push(() => rateLimits.close());

    let closed = false;
    return {
      eventStore,
      readStore,
      bus,
      rateLimits,
      clock: { now: () => new Date() },
      ids: { uuid: () => randomUUID() },
      adapters: { eventStore: eventStoreKind, readStore: readStoreKind, bus: busKind, rateLimits: rateLimits.kind },
      async close() {
        if (closed) return;
        closed = true;
        for (const close of closers.reverse()) await close();
        lock?.release();
      },
    };
  } catch (err) {
    for (const close of closers.reverse()) await Promise.resolve(close()).catch(() => undefined);
    lock?.release();
    throw err;
  }
}

/** Times every append for `locus_event_store_append_duration_seconds` (the store object is kept: adapters are told apart by identity). */
function timeAppends(eventStore: EventStore, store: Ports['adapters']['eventStore']): void {
  const append = eventStore.append.bind(eventStore);
  eventStore.append = async (...args) => {
    const started = performance.now();
    try {
      const result = await append(...args);
      operationMetrics.append(store, 'ok', performance.now() - started);
      return result;
    } catch (err) {
      operationMetrics.append(store, err instanceof WrongExpectedVersionError ? 'conflict' : 'error', performance.now() - started);
      throw err;
    }
  };
}
