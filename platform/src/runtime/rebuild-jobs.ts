import type { Bus } from '../bus/bus';
import type { EventStore } from '../event-store/event-store';
import type { ReadStore } from '../read-store/read-store';
import type { ProjectionDefinition } from './definitions';
import type { Leases } from './lease';
import { rebuildProjection, RebuildBusyError, type RebuildProgress } from './rebuild';
import { errorMessage, silentLogger, type RuntimeLogger } from './runtime-logger';

export interface RebuildJobStatus {
  projection: string;
  generation: number | null;
  state: 'running' | 'done' | 'failed';
  startedAt: string;
  finishedAt: string | null;
  /** 0–100: positions of $all gone through since the job started, against the head. */
  percent: number;
  position: number;
  head: number;
  processed: number;
  /** Events per second so far. */
  rate: number | null;
  /** Seconds left at that rate (null until a rate is known). */
  etaSeconds: number | null;
  error: string | null;
}

export interface RebuildJobs {
  /**
   * Starts filling the next generation of a projection beside the live one, in this process,
   * while it keeps serving (queries read the live generation until the atomic switch).
   * Throws RebuildBusyError while one runs; resolves once the job has begun.
   */
  start(projection: string): RebuildJobStatus;
  /** The running job of each projection, or the last one that ended. */
  list(): RebuildJobStatus[];
  /** Resolves when the projection's current job ends (tests, the CLI's control socket). */
  whenDone(projection: string): Promise<RebuildJobStatus | null>;
  /** Called on every change of a job (progress, end). */
  onChange(listener: (job: RebuildJobStatus) => void): () => void;
  /** Aborts running jobs after their current batch (they resume on the next start). */
  stop(): Promise<void>;
}

export class UnknownProjectionError extends Error {
  readonly code = 'PROJECTION.UNKNOWN';
  constructor(readonly projection: string) {
    super(`There is no projection named ${projection}`);
    this.name = 'UnknownProjectionError';
  }
}

export interface RebuildJobsOptions {
  eventStore: EventStore;
  readStore: ReadStore;
  bus: Bus;
  projections: readonly ProjectionDefinition[];
  leases?: Leases;
  /** Smaller than the CLI's pages: each batch holds the event loop while it evolves and commits (default 5,000). */
  batchSize?: number;
  logger?: RuntimeLogger;
}

/** Online rebuilds run by the server itself (`/operations`, and the CLI asking a running server). */
export function createRebuildJobs(options: RebuildJobsOptions): RebuildJobs {
  const logger = options.logger ?? silentLogger;
  const jobs = new Map<string, { status: RebuildJobStatus; done: Promise<RebuildJobStatus> }>();
  const listeners = new Set<(job: RebuildJobStatus) => void>();
  const controller = new AbortController();
  const emit = (job: RebuildJobStatus) => listeners.forEach((l) => l({ ...job }));

  const apply = (status: RebuildJobStatus, p: RebuildProgress) => {
    const span = Math.max(0, p.head - p.startPosition);
    const doneSpan = Math.max(0, p.position - p.startPosition);
    const seconds = p.elapsedMs / 1000;
    status.generation = p.generation;
    status.position = p.position;
    status.head = p.head;
    status.processed = p.processed;
    status.percent = p.done ? 100 : span === 0 ? 0 : Math.min(99, Math.floor((doneSpan / span) * 100));
    status.rate = seconds > 0 && p.processed > 0 ? Math.round(p.processed / seconds) : null;
    status.etaSeconds = p.done ? 0 : status.rate ? Math.ceil(Math.max(0, p.head - p.position) / status.rate) : null;
  };

  return {
    start(projection) {
      const def = options.projections.find((d) => d.name === projection);
      if (!def) throw new UnknownProjectionError(projection);
      if (jobs.get(projection)?.status.state === 'running') throw new RebuildBusyError(projection, 'this server');
      const status: RebuildJobStatus = {
        projection,
        generation: null,
        state: 'running',
        startedAt: new Date().toISOString(),
        finishedAt: null,
        percent: 0,
        position: 0,
        head: 0,
        processed: 0,
        rate: null,
        etaSeconds: null,
        error: null,
      };
      let lastEmit = 0;
      const done = rebuildProjection({
        eventStore: options.eventStore,
        readStore: options.readStore,
        bus: options.bus,
        def,
        batchSize: options.batchSize ?? 5_000,
        leases: options.leases,
        signal: controller.signal,
        onProgress: (p) => {
          apply(status, p);
          if (Date.now() - lastEmit >= 250 || p.done) {
            lastEmit = Date.now();
            emit(status);
          }
        },
      }).then(
        (result) => {
          status.state = 'done';
          status.percent = 100;
          status.generation = result.generation;
          status.finishedAt = new Date().toISOString();
          logger.info({ projection, generation: result.generation, events: result.processed, ms: result.elapsedMs }, 'online rebuild switched');
          emit(status);
          return { ...status };
        },
        (err: unknown) => {
          status.state = 'failed';
          status.error = errorMessage(err);
          status.finishedAt = new Date().toISOString();
          logger.error({ err, projection }, 'online rebuild failed');
          emit(status);
          return { ...status };
        },
      );
      jobs.set(projection, { status, done });
      emit(status);
      return { ...status };
    },
    list() {
      return [...jobs.values()].map((j) => ({ ...j.status }));
    },
    async whenDone(projection) {
      const job = jobs.get(projection);
      return job ? job.done : null;
    },
    onChange(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    async stop() {
      controller.abort();
      await Promise.allSettled([...jobs.values()].map((j) => j.done));
    },
  };
}
