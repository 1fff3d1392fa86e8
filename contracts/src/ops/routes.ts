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
  parked: z.number(),
});

export const OpsReactorStatusSchema = z.object({
  kind: z.literal('reactor'),
  ...common,
  generation: z.null(),
  state: z.literal('live'),
  /** Events that kept failing and wait for an operator. */
  parked: z.number(),
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

export const opsRoutes = [opsProjectionsRoute] as const;
