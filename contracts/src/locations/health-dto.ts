import { z } from 'zod';
import { COMPLETENESS_FIELDS, VERIFICATION_STATES, type CompletenessField } from './health';

const fieldKeys = COMPLETENESS_FIELDS.map((f) => f.key) as [CompletenessField, ...CompletenessField[]];

/** A location the listing-health tile points to, with what to fix. */
export const HealthLocationSchema = z.object({
  Id: z.string(),
  Title: z.string(),
  StoreCode: z.string(),
  Completeness: z.number().int(),
  MissingFields: z.array(z.enum(fieldKeys)),
  Verification: z.enum(VERIFICATION_STATES),
});
export type HealthLocation = z.infer<typeof HealthLocationSchema>;

export const ListingHealthSchema = z.object({
  TotalLocations: z.number().int(),
  /** The mean completeness score, one decimal; null without locations. */
  AverageCompleteness: z.number().nullable(),
  /** Locations with a completeness score below 100. */
  IncompleteCount: z.number().int(),
  /** Locations Google asks to act on (verify, ownership conflict, guidelines). */
  NeedsActionCount: z.number().int(),
  /** Up to ten of each, the ones needing action by store code, the least complete lowest first. */
  NeedsAction: z.array(HealthLocationSchema),
  LeastComplete: z.array(HealthLocationSchema),
});
export type ListingHealth = z.infer<typeof ListingHealthSchema>;
