import { defineErrors } from '../errors';

/** Operations (/api/ops/...): projections and reactors by name, parked events by id. */
export const opsErrors = defineErrors({
  unavailable: { code: 'OPS.UNAVAILABLE', kind: 'unavailable', message: 'Projections and reactors are not run by this process' },
  projectionNotFound: { code: 'OPS.PROJECTION_NOT_FOUND', kind: 'not_found', message: 'There is no projection by that name' },
  rebuildRunning: { code: 'OPS.REBUILD_RUNNING', kind: 'conflict', message: 'A rebuild of this projection is already running' },
  parkedNotFound: { code: 'OPS.PARKED_NOT_FOUND', kind: 'not_found', message: 'That event is not parked' },
});
