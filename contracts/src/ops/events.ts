import { z } from 'zod';

/**
 * What operators did on /operations, with who (the metadata's actor): one stream per reactor
 * (`ops-reactor-<name>`) and per projection (`ops-projection-<name>`).
 */
export const opsReactorStream = (reactor: string) => `ops-reactor-${reactor}`;
export const opsProjectionStream = (projection: string) => `ops-projection-${projection}`;

const ParkedEventFields = {
  reactor: z.string(),
  eventId: z.string(),
  eventType: z.string(),
  /** Position of the parked event in $all. */
  position: z.number(),
};

export const ParkedReactorEventRetriedSchema = z.object({
  ...ParkedEventFields,
  succeeded: z.boolean(),
  /** The error of a retry that failed again. */
  error: z.string().nullable(),
  attempts: z.number(),
});
export const ParkedReactorEventSkippedSchema = z.object({ ...ParkedEventFields, error: z.string() });
export const ProjectionRebuildStartedSchema = z.object({ projection: z.string(), version: z.number() });

export const opsEventSchemas = {
  ParkedReactorEventRetried: ParkedReactorEventRetriedSchema,
  ParkedReactorEventSkipped: ParkedReactorEventSkippedSchema,
  ProjectionRebuildStarted: ProjectionRebuildStartedSchema,
} as const;

type Schemas = typeof opsEventSchemas;
export type OpsEventType = keyof Schemas;
export type OpsEvent = { [K in OpsEventType]: { type: K; data: z.infer<Schemas[K]> } }[OpsEventType];
export const opsEventTypes = Object.keys(opsEventSchemas) as OpsEventType[];
