import { invalidInput } from './errors';
import type { ReadModels } from '../runtime/deps';
import type { LocusMiddleware } from './state';

export const MIN_POSITION_HEADER = 'X-Min-Position';
export const DEFAULT_MIN_POSITION_WAIT_MS = 2000;

/**
 * Read-your-writes: a query carrying `X-Min-Position` (the `X-Position` of the caller's
 * last command) reads each collection once the projection owning it has reached that
 * position, waiting up to `timeoutMs` in all, then runs anyway; it never waits for projections
 * it does not read (the company history follows on its own thread, behind under load).
 * `X-Position-Reached: false` tells the client the answer may be stale.
 */
export function minPosition(readModels: Pick<ReadModels, 'readingAfter'>, timeoutMs = DEFAULT_MIN_POSITION_WAIT_MS): LocusMiddleware {
  return async function minPositionMiddleware(ctx, next) {
    const raw = ctx.get(MIN_POSITION_HEADER);
    if (!raw) return next();
    if (!/^\d{1,16}$/.test(raw.trim())) {
      throw invalidInput([{ field: MIN_POSITION_HEADER, message: 'Must be a non-negative integer' }]);
    }
    const { reached } = await readModels.readingAfter(Number(raw.trim()), timeoutMs, next);
    ctx.set('X-Position-Reached', String(reached));
  };
}
