import {
  opsErrors,
  opsMessages,
  opsProjectionStream,
  opsRebuildProjectionRoute,
  opsReactorStream,
  opsRetryParkedRoute,
  opsSkipParkedRoute,
  type OpsEvent,
} from '@locus/contracts';
import {
  fail,
  implement,
  ok,
  OpsUnreachableError,
  RebuildBusyError,
  type CommandDeps,
  type OpsControl,
  type RequestContext,
  type RouteImplementation,
} from '@locus/platform';
import { eventMetadata, handleCommand } from '../kit';
import { opsDecider } from './ops-decider';

type Req = Pick<RequestContext, 'auth' | 'correlationId' | 'requestId'>;

/**
 * `/api/ops/...` commands (Administrator): rebuild a projection while serving, retry or skip
 * a parked reactor event. Each is recorded as an event with who did it.
 */
export function opsCommandRoutes(deps: CommandDeps & { ops?: OpsControl }): RouteImplementation[] {
  const control = (): OpsControl => {
    if (!deps.ops) throw fail(opsErrors.unavailable);
    return deps.ops;
  };
  // Distributed mode: no projector or reactor process answered (none runs it, or none holds its lease now).
  const unreachable = (err: unknown) => (err instanceof OpsUnreachableError ? fail(opsErrors.unavailable) : err);
  const record = (req: Req, streamName: string, event: OpsEvent) =>
    handleCommand({
      eventStore: deps.eventStore,
      streamName,
      decider: opsDecider,
      command: { type: 'RecordOpsAction', event },
      metadata: eventMetadata(req, null, deps.clock),
      newId: () => deps.ids.uuid(),
    });

  return [
    implement(opsRebuildProjectionRoute, async (req) => {
      const ops = control();
      const def = ops.projections.find((p) => p.name === req.params.projection);
      if (!def) throw fail(opsErrors.projectionNotFound);
      let job;
      try {
        job = await ops.rebuildJobs.start(def.name);
      } catch (err) {
        if (err instanceof RebuildBusyError) throw fail(opsErrors.rebuildRunning);
        throw unreachable(err);
      }
      const result = await record(req, opsProjectionStream(def.name), {
        type: 'ProjectionRebuildStarted',
        data: { projection: def.name, version: def.version },
      });
      return ok({ Projection: def.name, Generation: job.generation }, { message: opsMessages.rebuildStarted(def.name), position: result.position });
    }),
    implement(opsRetryParkedRoute, async (req) => {
      const { reactor, eventId } = req.params;
      const outcome = await control()
        .reactors.retryParked(reactor, eventId)
        .catch((err: unknown) => Promise.reject(unreachable(err)));
      if (!outcome) throw fail(opsErrors.parkedNotFound);
      const { parked } = outcome;
      const error = outcome.succeeded ? null : outcome.error;
      const result = await record(req, opsReactorStream(reactor), {
        type: 'ParkedReactorEventRetried',
        data: { reactor, eventId, eventType: parked.eventType, position: parked.position, succeeded: outcome.succeeded, error, attempts: parked.attempts },
      });
      return ok(
        { Outcome: outcome.succeeded ? 'succeeded' : 'failed', Error: error, Attempts: parked.attempts },
        { message: outcome.succeeded ? opsMessages.retrySucceeded : opsMessages.retryFailed, position: result.position },
      );
    }),
    implement(opsSkipParkedRoute, async (req) => {
      const { reactor, eventId } = req.params;
      const skipped = await control()
        .reactors.skipParked(reactor, eventId)
        .catch((err: unknown) => Promise.reject(unreachable(err)));
      if (!skipped) throw fail(opsErrors.parkedNotFound);
      const result = await record(req, opsReactorStream(reactor), {
        type: 'ParkedReactorEventSkipped',
        data: { reactor, eventId, eventType: skipped.eventType, position: skipped.position, error: skipped.error },
      });
      return ok(undefined, { message: opsMessages.skipped, position: result.position });
    }),
  ];
}
