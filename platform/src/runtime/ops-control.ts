import type { ProjectionDefinition } from './definitions';
import type { ReactorRuntime } from './reactor-runtime';
import type { RebuildJobs } from './rebuild-jobs';

/**
 * What the operator's commands (/api/ops/... in command-api) act on: the rebuilds and the
 * reactors of the process that runs them (the all-in-one server). A process without them
 * answers 503.
 */
export interface OpsControl {
  projections: readonly Pick<ProjectionDefinition, 'name' | 'version'>[];
  rebuildJobs: Pick<RebuildJobs, 'start'>;
  reactors: Pick<ReactorRuntime, 'parkedEvent' | 'retryParked' | 'skipParked'>;
}
