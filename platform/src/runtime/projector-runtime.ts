import { setMaxListeners } from 'node:events';
import { subjects } from '@locus/contracts';
import type { Bus } from '../bus/bus';
import type { EventStore } from '../event-store/event-store';
import type { ReadStore } from '../read-store/read-store';
import { backoffDelay, defaultBackoff, realSleep, type BackoffPolicy, type Sleep } from './backoff';
import type { ProjectionDefinition } from './definitions';
import type { Clock } from './deps';
import { createEventPump } from './event-pump';
import { assertProjectionDefinitions, isCurrent, readProjectionState, retireGeneration } from './generations';
import { atFlushTick } from './flush-tick';
import { everySharedTick } from './shared-tick';
import { runFollowerLoop } from './follower-loop';
import { fencedCheckpoint, type LeaseFence, type Leases } from './lease';
import { createGenerationProcessor } from './projection-processor';
import { DEFAULT_REBUILD_BATCH_SIZE, rebuildProjection, type RebuildProgress } from './rebuild';
import { errorMessage, RateMeter, silentLogger, type RuntimeLogger } from './runtime-logger';
import { positionWantedOf, projectionSwitchedOf } from './runtime-messages';

export type ProjectionRunState = 'starting' | 'standby' | 'rebuilding' | 'live' | 'error' | 'stopped';

export interface ProjectionStatus {
  name: string;
  version: number;
  /** Generation being followed live (null before the first build is done). */
  generation: number | null;
  state: ProjectionRunState;
  /** Checkpoint of the live generation. */
  position: number | null;
  /** Events taken through this process since start (live and rebuild). */
  processed: number;
  /** Events per second over the last few seconds. */
  rate: number;
  building: RebuildProgress | null;
  lastError: string | null;
}

export interface ProjectorRuntime {
  start(): Promise<void>;
  stop(): Promise<void>;
  status(): ProjectionStatus[];
  /** Resolves true once every live projection of this process has committed `position`. */
  waitForPosition(position: number, timeoutMs: number): Promise<boolean>;
}

export interface ProjectorRuntimeOptions {
  eventStore: EventStore;
  readStore: ReadStore;
  bus: Bus;
  projections: readonly ProjectionDefinition[];
  logger?: RuntimeLogger;
  /** Largest live batch (default 500): a batch is whatever has arrived, up to this. */
  batchSize?: number;
  /** Page and batch size when (re)building a generation (default 20,000). */
  rebuildBatchSize?: number;
  /** Distributed mode: one active instance per projection (lease `projection:<name>`). */
  leases?: Leases;
  clock?: Clock;
  /** How often a live projection checks `_projections` for a switch made elsewhere (default 10 s). */
  checkIntervalMs?: number;
  retry?: BackoffPolicy;
  sleep?: Sleep;
  /**
   * Batches that change no document advance the checkpoint in memory; it is written at most
   * this long after (default 1 s), and always when the projection stops.
   */
  checkpointFlushMs?: number;
  /**
   * Awaited before each live batch is evolved (a projection on its own thread waits there for
   * spare CPU: createIdleGate). Events that arrive meanwhile join the next batch. Its signal
   * aborts when the runtime stops or a reader waits for a position (`ops.position-wanted`).
   */
  beforeLiveBatch?: (signal: AbortSignal, batch: { full: boolean }) => Promise<void>;
}

interface Run {
  def: ProjectionDefinition;
  status: ProjectionStatus;
  meter: RateMeter;
}

/**
 * Runs every projection as its own follower of $all: builds a new generation when the
 * stored one was made by another code version (blue-green), then follows live, batching
 * what has arrived, committing documents and checkpoint atomically, and publishing changed
 * messages only after the commit.
 */
export function createProjectorRuntime(options: ProjectorRuntimeOptions): ProjectorRuntime {
  const { eventStore, readStore, bus, leases } = options;
  const logger = options.logger ?? silentLogger;
  const batchSize = options.batchSize ?? 500;
  const rebuildBatchSize = options.rebuildBatchSize ?? DEFAULT_REBUILD_BATCH_SIZE;
  const checkIntervalMs = options.checkIntervalMs ?? 10_000;
  const retry = options.retry ?? defaultBackoff;
  const sleep = options.sleep ?? realSleep;
  const checkpointFlushMs = options.checkpointFlushMs ?? 1_000;
  assertProjectionDefinitions(options.projections);

  const runs: Run[] = options.projections.map((def) => ({
    def,
    meter: new RateMeter(),
    status: {
      name: def.name,
      version: def.version,
      generation: null,
      state: 'stopped',
      position: null,
      processed: 0,
      rate: 0,
      building: null,
      lastError: null,
    },
  }));
  let controller: AbortController | null = null;
  let tasks: Promise<void>[] = [];
  const positionListeners = new Set<() => void>();
  const notifyPosition = () => positionListeners.forEach((l) => l());

  async function runProjection(run: Run, signal: AbortSignal): Promise<void> {
    await runFollowerLoop({
      leaseName: `projection:${run.def.name}`,
      leases,
      signal,
      sleep,
      retry,
      follow: (s, fence) => runOwned(run, s, fence),
      onStandby: () => {
        run.status.state = 'standby';
      },
      onLeaseLost: (reason) => logger.warn({ projection: run.def.name, reason }, 'projection lease lost; going to standby'),
      onFailure: (err, failures) => {
        run.status.state = 'error';
        run.status.lastError = errorMessage(err);
        logger.error({ err, projection: run.def.name, failures }, 'projection failed; retrying');
      },
    });
    run.status.state = 'stopped';
  }

  /** While this instance owns the projection: build if needed, then follow live. */
  async function runOwned(run: Run, signal: AbortSignal, fence?: LeaseFence): Promise<void> {
    const { def } = run;
    while (!signal.aborted) {
      const state = await readProjectionState(readStore, def.name);
      if (!isCurrent(def, state)) {
        run.status.state = 'rebuilding';
        run.status.position = null;
        notifyPosition();
        logger.info({ projection: def.name, storedVersion: state?.version ?? null, version: def.version }, 'building a new generation');
        const result = await rebuildProjection({
          eventStore,
          readStore,
          bus,
          def,
          batchSize: rebuildBatchSize,
          signal,
          leases,
          clock: options.clock,
          onProgress: (p) => {
            const before = run.status.building?.processed ?? 0;
            run.meter.add(p.processed - before);
            run.status.processed = run.meter.processed;
            run.status.building = p;
          },
        });
        run.status.building = null;
        run.status.lastError = null;
        logger.info({ projection: def.name, generation: result.generation, events: result.processed, ms: result.elapsedMs }, 'generation built and switched');
        continue;
      }
      const generation = state!.activeGeneration!;
      const outcome = await followLive(run, generation, signal, fence);
      if (outcome === 'switched') {
        const now = await readProjectionState(readStore, def.name);
        logger.info({ projection: def.name, from: generation, to: now?.activeGeneration ?? null }, 'projection switched generation');
        if (now && now.activeGeneration !== generation && now.building?.generation !== generation) {
          // Our last batch may have landed after the rebuilder dropped it: drop again.
          await retireGeneration(readStore, def, generation);
        }
      }
    }
  }

  async function followLive(run: Run, generation: number, signal: AbortSignal, fence?: LeaseFence): Promise<'stopped' | 'switched'> {
    const { def } = run;
    const processor = createGenerationProcessor({ readStore, bus, def, generation, mode: 'live', ...(fence !== undefined ? { fence } : {}) });
    const checkpoint = await readStore.getCheckpoint(processor.checkpointName);
    // A new holder claims the checkpoint with its epoch at once: a stalled former holder's late batch is then refused.
    if (fence !== undefined) await readStore.commit({ writes: [], checkpoint: fencedCheckpoint(processor.checkpointName, checkpoint?.position ?? 0, fence) });
    run.status.generation = generation;
    run.status.position = checkpoint?.position ?? 0;
    notifyPosition();
    // Only the events it handles reach it; the others move its position through onCheckpoint.
    const pump = createEventPump(
      (onCheckpoint) =>
        eventStore.subscribeToAll({ after: checkpoint?.position, batchSize, eventTypes: def.handlesAll ? undefined : def.handles, onCheckpoint }),
      batchSize * 2,
    );
    const subscription = pump.subscription;
    let switched = false;
    const end = () => void subscription.unsubscribe();
    const onSwitch = () => {
      if (switched) return;
      switched = true;
      end();
    };
    signal.addEventListener('abort', end, { once: true });
    const switchSub = bus.subscribe(subjects.projectionSwitched(), (m) => {
      const switchedTo = projectionSwitchedOf(m.data);
      if (switchedTo?.projection === def.name && switchedTo.generation !== generation) onSwitch();
    });
    // Readers waiting for a position (read-models' X-Min-Position waits) cut the interval short,
    // and have the subscription report a position reached through events of other types at once.
    const interval = def.liveBatchIntervalMs ?? 0;
    let wanted = 0;
    let hurry: (() => void) | null = null;
    const wantSub = bus.subscribe(subjects.positionWanted(def.name), (m) => {
      const w = positionWantedOf(m.data);
      if (!w || w.position <= wanted) return;
      wanted = w.position;
      if (wanted <= (run.status.position ?? 0)) return;
      hurry?.();
      subscription.reportProgress?.();
    });
    const awaited = () => wanted > (run.status.position ?? 0);
    /** Runs a wait that ends early when the runtime stops or a reader starts waiting. */
    const untilHurried = async (wait: (cut: AbortSignal) => Promise<void>) => {
      const cut = new AbortController();
      const stop = () => cut.abort();
      signal.addEventListener('abort', stop, { once: true });
      hurry = stop;
      try {
        await wait(cut.signal);
      } finally {
        hurry = null;
        signal.removeEventListener('abort', stop);
      }
    };
    const stopChecks = everySharedTick(checkIntervalMs, () => {
      readProjectionState(readStore, def.name).then(
        (s) => {
          if (s && s.activeGeneration !== generation) onSwitch();
        },
        () => undefined,
      );
    });
    let cancelFlush = null as (() => void) | null;
    const flush = async () => {
      try {
        await processor.flushCheckpoint();
      } catch (err) {
        // Only the stored checkpoint lags; the next batch with changes or flush writes it.
        logger.warn({ err, projection: def.name }, 'projection checkpoint write failed');
      }
    };
    const scheduleFlush = () => {
      if (cancelFlush) return;
      cancelFlush = atFlushTick(checkpointFlushMs, () => {
        cancelFlush = null;
        void flush();
      });
    };
    run.status.state = 'live';
    let lastBatchAt = -Infinity;
    try {
      for (;;) {
        if (interval > 0) {
          // Back-to-back batches wait out the interval: the events meanwhile join the next one.
          const wait = lastBatchAt + interval - performance.now();
          if (wait > 0 && !awaited()) await untilHurried((cut) => sleep(wait, cut));
          if (signal.aborted) break;
        }
        const batch = await pump.take(batchSize);
        if (!batch) break;
        // A batch a reader waits for does not wait for spare CPU either.
        if (options.beforeLiveBatch && !awaited()) {
          const gate = options.beforeLiveBatch;
          await untilHurried((cut) => gate(cut, { full: batch.events.length >= batchSize }));
          if (signal.aborted) break;
        }
        lastBatchAt = performance.now();
        const { events } = batch;
        for (let attempt = 1; ; attempt++) {
          try {
            const outcome = await processor.process(events, { position: batch.position });
            if (!outcome.committed) scheduleFlush();
            run.meter.add(outcome.events);
            run.status.processed = run.meter.processed;
            run.status.position = outcome.position;
            if (run.status.state !== 'live') {
              run.status.state = 'live';
              run.status.lastError = null;
            }
            notifyPosition();
            break;
          } catch (err) {
            if (signal.aborted || switched) return switched ? 'switched' : 'stopped';
            run.status.state = 'error';
            run.status.lastError = errorMessage(err);
            logger.error({ err, projection: def.name, position: events[0]?.position ?? batch.position, attempt }, 'projection batch failed; retrying');
            await sleep(backoffDelay(retry, attempt), signal);
            if (signal.aborted || switched) return switched ? 'switched' : 'stopped';
          }
        }
      }
      return switched ? 'switched' : 'stopped';
    } finally {
      stopChecks();
      cancelFlush?.();
      await flush();
      switchSub.unsubscribe();
      wantSub.unsubscribe();
      signal.removeEventListener('abort', end);
      end();
    }
  }

  return {
    async start() {
      if (controller) return;
      controller = new AbortController();
      const signal = controller.signal;
      // One listener per follower on the shared stop signal: not a leak, so no warning past 10.
      setMaxListeners(0, signal);
      for (const run of runs) {
        run.status.state = 'starting';
        run.status.lastError = null;
      }
      tasks = runs.map((run) => runProjection(run, signal));
    },
    async stop() {
      if (!controller) return;
      controller.abort();
      await Promise.allSettled(tasks);
      controller = null;
      tasks = [];
      notifyPosition();
    },
    status() {
      return runs.map((r) => ({ ...r.status, rate: Math.round(r.meter.rate() * 10) / 10 }));
    },
    waitForPosition(position, timeoutMs) {
      // A projection counts once it follows live (position set), even at position 0.
      const reached = () => runs.every((r) => r.status.position !== null && r.status.position >= position);
      if (reached()) return Promise.resolve(true);
      return new Promise<boolean>((resolve) => {
        const check = () => {
          if (!reached()) return;
          done(true);
        };
        const timer = setTimeout(() => done(false), timeoutMs);
        function done(ok: boolean) {
          clearTimeout(timer);
          positionListeners.delete(check);
          resolve(ok);
        }
        positionListeners.add(check);
      });
    },
  };
}
