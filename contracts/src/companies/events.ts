import { z } from 'zod';

/**
 * Events of `company-<id>` streams. A company's admins are users (role CompanyAdmin, see
 * users/events.ts); the company records which one is its default contact.
 */
export const CompanyCreatedSchema = z.object({
  companyId: z.string(),
  /** null for a self-registered company until its name is asked (first Google account connected). */
  companyName: z.string().nullable(),
  defaultAdminId: z.string(),
  source: z.enum(['administrator', 'signup', 'seed']),
});
export const CompanyRenamedSchema = z.object({ companyId: z.string(), companyName: z.string() });
export const CompanyDeactivatedSchema = z.object({ companyId: z.string() });
export const CompanyActivatedSchema = z.object({ companyId: z.string() });
/** Its users are then deleted one by one by a reactor (UserDeleted reason company-deleted); their sessions stop at once. */
export const CompanyDeletedSchema = z.object({ companyId: z.string() });

export const companyEventSchemas = {
  CompanyCreated: CompanyCreatedSchema,
  CompanyRenamed: CompanyRenamedSchema,
  CompanyDeactivated: CompanyDeactivatedSchema,
  CompanyActivated: CompanyActivatedSchema,
  CompanyDeleted: CompanyDeletedSchema,
} as const;

type EventsOf<S extends Record<string, z.ZodType>> = { [K in keyof S]: { type: K; data: z.infer<S[K]> } }[keyof S];
export type CompanyEvent = EventsOf<typeof companyEventSchemas>;
/** Every company-scoped read model drops the company's documents on it. */
export type CompanyDeletedEvent = Extract<CompanyEvent, { type: 'CompanyDeleted' }>;

export const companyStream = (companyId: string) => `company-${companyId}`;
