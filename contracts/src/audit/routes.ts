import { z } from 'zod';
import { defineRoute } from '../routes/route-def';
import { auditMessages as m, HISTORY_MAX_PAGE_SIZE, HISTORY_PAGE_SIZE } from './messages';
import { pageQueryFields } from '../routes/paging';

/** Who reads a company's history: its admins (and the Administrator viewing it) and its auditors. */
const AUDITORS = ['CompanyAdmin', 'CompanyAuditor'] as const;

const text = (name: string, max = 200) =>
  z
    .string({ error: `${name} must be text` })
    .trim()
    .max(max, `${name} must be at most ${max} characters`)
    .optional()
    .transform((v) => (v ? v : undefined));

const instant = (name: string) =>
  z
    .string({ error: `${name} must be a date-time` })
    .trim()
    .refine((v) => v === '' || !Number.isNaN(Date.parse(v)), `${name} must be an ISO date-time`)
    .optional()
    .transform((v) => (v ? new Date(v).toISOString() : undefined));

/** The history's filters (page and export alike). */
export const HistoryFilterSchema = z.object({
  entityType: text('entityType', 50),
  entityId: text('entityId', 100),
  actorId: text('actorId', 100),
  eventType: text('eventType', 100),
  from: instant('from'),
  to: instant('to'),
  q: text('q'),
});
export type HistoryFilter = z.output<typeof HistoryFilterSchema>;

export const HistoryQuerySchema = HistoryFilterSchema.extend({
  ...pageQueryFields(HISTORY_PAGE_SIZE, HISTORY_MAX_PAGE_SIZE),
  /**
   * Keyset paging: the Position of the previous page's last line. The page is then read from
   * just below it (the lines before are not walked again); without it, by offset.
   */
  before: z.coerce.number({ error: 'before must be a number' }).int('before must be an integer').min(0, 'before must be at least 0').optional(),
});

export type HistoryQuery = z.output<typeof HistoryQuerySchema>;

export const HistoryExportQuerySchema = HistoryFilterSchema.extend({
  format: z.enum(['csv', 'ndjson'], { error: 'format must be csv or ndjson' }).default('ndjson'),
});

export const HistoryChangeSchema = z.object({ Field: z.string(), Before: z.string().nullable(), After: z.string().nullable(), Secret: z.boolean() });
export type HistoryChangeRow = z.infer<typeof HistoryChangeSchema>;

export const HistoryRowSchema = z.object({
  Id: z.string(),
  Position: z.number(),
  OccurredAt: z.string(),
  Type: z.string(),
  Label: z.string(),
  EntityType: z.string(),
  /** The entity type in words ("Google account"). */
  EntityTypeWords: z.string(),
  EntityId: z.string(),
  /** The entity's current name (or that of the entity it belongs to); empty when it has none. */
  EntityName: z.string(),
  /** The entity that names this one (`location:<id>` for a location's content), or null. */
  NamedBy: z.string().nullable(),
  Actor: z.object({
    Id: z.string(),
    Name: z.string(),
    Role: z.string(),
    Kind: z.enum(['user', 'administrator', 'automation', 'google']),
    AsAdministrator: z.boolean(),
  }),
  Changes: z.array(HistoryChangeSchema),
  CausedBy: z.object({ EventId: z.string(), Position: z.number(), Label: z.string() }).nullable(),
  Outcome: z.enum(['succeeded', 'refused']).nullable(),
  Reason: z.string().nullable(),
  RestoredFrom: z.object({ Position: z.number(), At: z.string() }).nullable(),
});
export type HistoryRow = z.infer<typeof HistoryRowSchema>;

/** A company's history, newest first, one readable line per event. */
export const historyRoute = defineRoute({
  name: 'audit.history',
  method: 'GET',
  path: '/api/audit/history',
  kind: 'query',
  roles: AUDITORS,
  summary: "The caller's company history, newest first (filters: entityType, entityId, actorId, eventType, from, to, q; page, pageSize, before)",
  request: { query: HistoryQuerySchema },
  response: z.object({
    Success: z.literal(true),
    Data: z.array(HistoryRowSchema),
    /** Exact unless MoreRecords: then the lines counted so far (counting stops a little past the page). */
    TotalRecords: z.number().int(),
    MoreRecords: z.boolean(),
    Page: z.number().int(),
    PageSize: z.number().int(),
  }),
});

/** What the history's filters offer: entity types, event types and actors seen in the company. */
export const historyFacetsRoute = defineRoute({
  name: 'audit.facets',
  method: 'GET',
  path: '/api/audit/history/facets',
  kind: 'query',
  roles: AUDITORS,
  summary: "The history filters' choices: entity types, event types and actors seen in the company",
  description: "What the history's filters offer: entity types, event types and actors seen in the company.",
  response: z.object({
    Success: z.literal(true),
    Data: z.object({
      EntityTypes: z.array(z.object({ Type: z.string(), Words: z.string() })),
      EventTypes: z.array(z.object({ Type: z.string(), Words: z.string() })),
      /** People by id, then "Automation", "Google" and "the Administrator" (every line of that kind) when seen. */
      Actors: z.array(z.object({ Id: z.string(), Name: z.string() })),
    }),
  }),
});

/**
 * The filtered history as CSV or NDJSON, streamed newest first. Every line carries the event's
 * position, the SHA-256 of the stored event and a chained SHA-256 over the lines before it, so
 * `npm run audit -- verify FILE` can tell an unaltered export from an altered one.
 */
export const historyExportRoute = defineRoute({
  name: 'audit.export',
  method: 'GET',
  path: '/api/audit/history/export',
  kind: 'query',
  roles: AUDITORS,
  summary: 'The filtered history as text/csv or application/x-ndjson with a SHA-256 chained digest per line',
  request: { query: HistoryExportQuerySchema },
  answers: { media: ['text/csv', 'application/x-ndjson'] },
});

const EntityParams = z.object({
  entityType: z.string({ error: 'entityType is required' }).trim().min(1, 'entityType is required').max(50, 'entityType is too long'),
  entityId: z.string({ error: 'entityId is required' }).trim().min(1, 'entityId is required').max(100, 'entityId is too long'),
});

export const EntityFieldSchema = z.object({ Field: z.string(), Value: z.string(), Secret: z.boolean() });

export const EntityAtSchema = z.object({
  EntityType: z.string(),
  EntityId: z.string(),
  Name: z.string(),
  Exists: z.boolean(),
  /** Position of the last event folded (0: none yet). */
  Position: z.number(),
  /** When that event occurred (null: none yet). */
  At: z.string().nullable(),
  Fields: z.array(EntityFieldSchema),
  /** Fields a company admin may restore to these values. */
  Restorable: z.array(z.string()),
  /** The entity's changes (position and time), oldest first: the slider's stops. */
  Changes: z.array(z.object({ Position: z.number(), At: z.string(), Type: z.string() })),
});
export type EntityAt = z.infer<typeof EntityAtSchema>;

/**
 * The entity as it was at an instant (`at`, ISO date-time) or after a position, folded from the
 * event store by the command side's own `evolve`. Without either: as it is now.
 */
export const entityAtRoute = defineRoute({
  name: 'audit.entityAt',
  method: 'GET',
  path: '/api/audit/entities/:entityType/:entityId/state',
  kind: 'command',
  roles: AUDITORS,
  summary: 'An entity as it was at an instant or position, folded from the event store',
  description:
    "The entity as it was at an instant (`at`, ISO date-time) or after a position, folded from the event store by the command side's own `evolve`. Without either: as it is now.",
  request: {
    params: EntityParams,
    query: z.object({
      at: instant('at'),
      position: z.coerce.number({ error: 'position must be a number' }).int('position must be an integer').min(0, 'position must be at least 0').optional(),
    }),
  },
  response: z.object({ Success: z.literal(true), Data: EntityAtSchema }),
  tenantParams: ['entityId'],
});

export const RestoreBodySchema = z
  .object({
    Position: z.number({ error: 'Position must be a number' }).int('Position must be an integer').min(0, 'Position must be at least 0').optional(),
    At: instant('At'),
    Fields: z
      .array(z.string().trim().min(1).max(100), { error: 'Fields must be a list of field names' })
      .min(1, m.noFields)
      .max(100, 'Fields holds at most 100 names'),
  })
  .refine((b) => b.Position !== undefined || b.At !== undefined, { path: ['At'], message: m.instantRequired });

/**
 * Restores chosen fields of an entity to their values at an instant: a new command through the
 * normal path, whose events say "restored from" that position. Company admins.
 */
export const restoreEntityRoute = defineRoute({
  name: 'audit.restore',
  method: 'POST',
  path: '/api/audit/entities/:entityType/:entityId/restore',
  kind: 'command',
  roles: ['CompanyAdmin'],
  summary: 'Restore chosen fields of an entity to their values at an earlier instant',
  description:
    'Restores chosen fields of an entity to their values at an instant: a new command through the normal path, whose events say "restored from" that position. Company admins.',
  request: { params: EntityParams, body: RestoreBodySchema },
  response: z.object({ Success: z.literal(true), ResponseMessage: z.string() }),
  tenantParams: ['entityId'],
});

export const auditRoutes = [historyRoute, historyFacetsRoute, historyExportRoute, entityAtRoute, restoreEntityRoute] as const;
