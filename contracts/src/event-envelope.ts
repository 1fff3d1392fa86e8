import { z } from 'zod';

/**
 * The fixed roles carried in tokens and event metadata. A CompanyAuditor reads everything of
 * its company (every GET query route open to company members, and the audit routes) and
 * changes nothing: see `mayCall` in routes/route-def.ts.
 */
export const Roles = ['Administrator', 'CompanyAdmin', 'CompanyUser', 'CompanyAuditor'] as const;
export type Role = (typeof Roles)[number];
export const RoleSchema = z.enum(Roles);

/** Who caused an event. `viewingAsAdmin` marks an administrator acting inside a company. */
export const ActorSchema = z.object({
  userId: z.string(),
  role: z.union([RoleSchema, z.literal('System'), z.literal('Anonymous')]),
  viewingAsAdmin: z.boolean().optional(),
  /** The administrator's own user id when viewingAsAdmin. */
  adminUserId: z.string().optional(),
});
export type Actor = z.infer<typeof ActorSchema>;

/** Metadata on every event (ARCHITECTURE.md, Events). */
export const EventMetadataSchema = z.object({
  companyId: z.string().nullable(),
  actor: ActorSchema,
  correlationId: z.string(),
  causationId: z.string().nullable(),
  occurredAt: z.string(),
  schemaVersion: z.number().int().positive().optional(),
});
export type EventMetadata = z.infer<typeof EventMetadataSchema>;

export const SYSTEM_ACTOR: Actor = { userId: 'system', role: 'System' };
