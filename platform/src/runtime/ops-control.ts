import type { ProjectionDefinition } from './definitions';
import type { ReactorRuntime } from './reactor-runtime';
import type { RebuildJobs } from './rebuild-jobs';

/**
 * What the operator's commands (/api/ops/... in command-api) act on: the rebuilds and the
 * reactors of the process that runs them (the all-in-one server), or, in distributed mode,
 * those of the projector and reactor processes asked over the bus (ops-bus.ts). A process
 * without either answers 503.
 */
export interface OpsControl {
  projections: readonly Pick<ProjectionDefinition, 'name' | 'version'>[];
  rebuildJobs: { start(projection: string): ReturnType<RebuildJobs['start']> | Promise<ReturnType<RebuildJobs['start']>> };
  reactors: Pick<ReactorRuntime, 'retryParked' | 'skipParked'>;
}
