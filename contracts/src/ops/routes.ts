import { z } from 'zod';
import { defineRoute } from '../routes/route-def';
import { successEnvelope } from '../routes/envelope';

const common = {
  name: z.string(),
  position: z.number().nullable(),
  head: z.number(),
  /** Positions behind the head (events, on the embedded store). */
  lag: z.number(),
  /** Positions per second since the previous status call (null on the first). */
  rate: z.number().nullable(),
};

export const OpsProjectionStatusSchema = z.object({
  kind: z.literal('projection'),
  ...common,
  version: z.number(),
  activeVersion: z.number().nullable(),
  generation: z.number().nullable(),
  state: z.enum(['live', 'rebuilding', 'not-built']),
  building: z.object({ generation: z.number(), version: z.number(), position: z.number().nullable(), lag: z.number() }).nullable(),
  /** The rebuild this server runs or last ran for the projection: progress 0–100 and an estimate. */
  rebuild: z
    .object({
      projection: z.string(),
      generation: z.number().nullable(),
      state: z.enum(['running', 'done', 'failed']),
      startedAt: z.string(),
      finishedAt: z.string().nullable(),
      percent: z.number(),
      position: z.number(),
      head: z.number(),
      processed: z.number(),
      rate: z.number().nullable(),
      etaSeconds: z.number().nullable(),
      error: z.string().nullable(),
    })
    .nullable(),
  parked: z.number(),
});

export const OpsParkedEventSchema = z.object({
  eventId: z.string(),
  eventType: z.string(),
  streamName: z.string(),
  position: z.number(),
  companyId: z.string().nullable(),
  error: z.string(),
  permanent: z.boolean(),
  attempts: z.number(),
  parkedAt: z.string(),
  /** The event's data as stored. */
  data: z.unknown(),
  occurredAt: z.string().nullable(),
});
export type OpsParkedEventDto = z.infer<typeof OpsParkedEventSchema>;

export const OpsReactorStatusSchema = z.object({
  kind: z.literal('reactor'),
  ...common,
  generation: z.null(),
  state: z.literal('live'),
  /** Events that kept failing and wait for an operator. */
  parked: z.number(),
  /** The oldest of them (at most 50) with their error, attempts and the event itself. */
  parkedEvents: z.array(OpsParkedEventSchema),
});

/** What `createOpsStatus` (platform/src/runtime/ops-status.ts) reports. */
export const OpsStatusReportSchema = z.object({
  head: z.number(),
  at: z.string(),
  projections: z.array(OpsProjectionStatusSchema),
  reactors: z.array(OpsReactorStatusSchema),
});
export type OpsStatusReportDto = z.infer<typeof OpsStatusReportSchema>;

export const opsProjectionsRoute = defineRoute({
  name: 'ops.projections',
  method: 'GET',
  path: '/api/ops/projections',
  kind: 'query',
  roles: ['Administrator'],
  summary: 'Projection and reactor status: generation, position, lag in events, rate, parked events',
  response: successEnvelope(OpsStatusReportSchema),
});

/** Texts of the Operations page (/operations) and its calls. */
export const opsMessages = {
  rebuildStarted: (projection: string) => `Rebuild of ${projection} started`,
  retrySucceeded: 'The event was handled',
  retryFailed: 'The event failed again',
  skipped: 'The event was skipped',
  confirmRebuild: (projection: string) =>
    `Rebuild ${projection}? A new generation is filled beside the live one; queries keep answering from the live one until the switch.`,
  confirmSkip: 'Skip this event? Its side effect will not happen and it leaves the parked list.',
} as const;

const ProjectionParams = z.object({ projection: z.string().min(1).max(200) });
const ParkedParams = z.object({ reactor: z.string().min(1).max(200), eventId: z.string().min(1).max(200) });

export const opsRebuildProjectionRoute = defineRoute({
  name: 'ops.rebuildProjection',
  method: 'POST',
  path: '/api/ops/projections/:projection/rebuild',
  kind: 'command',
  roles: ['Administrator'],
  summary: 'Rebuild a projection while Locus serves: the next generation fills beside the live one, then switches atomically',
  request: { params: ProjectionParams },
  response: successEnvelope(z.object({ Projection: z.string(), Generation: z.number().nullable() })),
});

export const ParkedRetryAnswerSchema = z.object({
  Outcome: z.enum(['succeeded', 'failed']),
  Error: z.string().nullable(),
  Attempts: z.number(),
});

export const opsRetryParkedRoute = defineRoute({
  name: 'ops.retryParked',
  method: 'POST',
  path: '/api/ops/reactors/:reactor/parked/:eventId/retry',
  kind: 'command',
  roles: ['Administrator'],
  summary: 'Handle a parked reactor event once more; it leaves the list when it succeeds (recorded as ParkedReactorEventRetried)',
  request: { params: ParkedParams },
  response: successEnvelope(ParkedRetryAnswerSchema),
});

export const opsSkipParkedRoute = defineRoute({
  name: 'ops.skipParked',
  method: 'POST',
  path: '/api/ops/reactors/:reactor/parked/:eventId/skip',
  kind: 'command',
  roles: ['Administrator'],
  summary: 'Take a parked reactor event off the list without handling it (recorded as ParkedReactorEventSkipped)',
  request: { params: ParkedParams },
  response: successEnvelope(z.null().optional()),
});

export const opsRoutes = [opsProjectionsRoute, opsRebuildProjectionRoute, opsRetryParkedRoute, opsSkipParkedRoute] as const;

/**
 * Not a read model: the name live messages use when the operations status changed (a
 * checkpoint moved, an event was parked, a rebuild progressed). The page reads the status again.
 */
export const OPS_STATUS_COLLECTION = 'ops-status';
