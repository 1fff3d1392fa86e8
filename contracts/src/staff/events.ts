import { z } from 'zod';

/** Company staff (contacts, not logins). Stream `staff-<staffId>`. */
export const staffStream = (staffId: string) => `staff-${staffId}`;

const StaffFields = {
  companyId: z.string(),
  staffId: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  phoneNumber: z.string(),
};

export const StaffMemberCreatedSchema = z.object({ ...StaffFields });
export const StaffMemberUpdatedSchema = z.object({ ...StaffFields });
export const StaffMemberDeactivatedSchema = z.object({ companyId: z.string(), staffId: z.string() });

export const staffEventSchemas = {
  StaffMemberCreated: StaffMemberCreatedSchema,
  StaffMemberUpdated: StaffMemberUpdatedSchema,
  StaffMemberDeactivated: StaffMemberDeactivatedSchema,
} as const;

type Schemas = typeof staffEventSchemas;
export type StaffEventType = keyof Schemas;
export type StaffEvent = { [K in StaffEventType]: { type: K; data: z.infer<Schemas[K]> } }[StaffEventType];
export const staffEventTypes = Object.keys(staffEventSchemas) as StaffEventType[];
