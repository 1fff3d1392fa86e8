/**
 * The runtimes' own bus messages, read back: a message may come over NATS from another
 * process (or version), so its fields are checked rather than assumed.
 */

/** `ops.projection-switched`: a rebuild made `generation` the live one of `projection`. */
export interface ProjectionSwitched {
  projection: string;
  generation: number | null;
}

/** `ops.checkpoint.<projection>`: `projection` (its `generation`) reached `position`. */
export interface ProjectionCheckpoint {
  projection: string;
  generation: number | null;
  position: number;
}

const numberOr = (value: unknown): number | null => (typeof value === 'number' ? value : null);

export function projectionSwitchedOf(data: unknown): ProjectionSwitched | null {
  if (typeof data !== 'object' || data === null || !('projection' in data) || typeof data.projection !== 'string') return null;
  return { projection: data.projection, generation: 'generation' in data ? numberOr(data.generation) : null };
}

export function projectionCheckpointOf(data: unknown): ProjectionCheckpoint | null {
  const switched = projectionSwitchedOf(data);
  if (!switched || typeof data !== 'object' || data === null || !('position' in data) || typeof data.position !== 'number') return null;
  return { ...switched, position: data.position };
}

/** `ops.position-wanted.<projection>`: a reader waits for `projection` to reach `position`. */
export interface PositionWanted {
  projection: string;
  position: number;
}

export function positionWantedOf(data: unknown): PositionWanted | null {
  const checkpoint = projectionCheckpointOf(data);
  return checkpoint && { projection: checkpoint.projection, position: checkpoint.position };
}
