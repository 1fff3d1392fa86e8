import { z } from 'zod';
import { defineRoute } from '../routes/route-def';
import { successEnvelope, SuccessMessageSchema } from '../routes/envelope';

/** Company Staff (/staff, CompanyUser). The company in the path must be the caller's: another id answers 404. */
export const staffMessages = {
  created: 'Staff member has been created successfully',
  updated: 'Staff member has been updated successfully',
  deactivated: 'Staff member has been deactivated successfully',
  // The server deactivates (the member leaves the list, the history stays): the question says so.
  confirmDelete: 'Are you sure you want to deactivate this staff member? They will no longer be listed.',
} as const;

export const StaffSchema = z.object({
  Id: z.string(),
  FirstName: z.string(),
  LastName: z.string(),
  Email: z.string(),
  PhoneNumber: z.string(),
  CreatedDate: z.string(),
});
export type Staff = z.infer<typeof StaffSchema>;

export const StaffBodySchema = z.object({
  FirstName: z.string({ error: 'First name is required' }).trim().min(1, 'First name is required').max(100),
  LastName: z.string().trim().max(100).nullable().optional(),
  Email: z.email({ error: 'Email is required and must be valid' }).trim().max(320),
  PhoneNumber: z
    .string()
    .trim()
    .max(40)
    .regex(/^[0-9+()\-.\s]*$/, 'Phone Number may contain only digits, spaces and + ( ) - .')
    .nullable()
    .optional(),
});
export type StaffBody = z.input<typeof StaffBodySchema>;

const CompanyParams = z.object({ companyId: z.string().min(1).max(200) });
const ListParams = z.object({ companyId: z.string().min(1).max(200), filter: z.string().max(200).optional() });
const StaffParams = z.object({ companyId: z.string().min(1).max(200), staffId: z.string().min(1).max(200) });

export const listStaffRoute = defineRoute({
  name: 'staff.list',
  method: 'GET',
  path: '/api/staff/:companyId',
  kind: 'query',
  roles: ['CompanyUser'],
  summary: "The company's staff members",
  request: { params: ListParams },
  response: successEnvelope(z.array(StaffSchema)),
  tenantParams: ['companyId'],
});

export const listStaffFilteredRoute = defineRoute({
  name: 'staff.listFiltered',
  method: 'GET',
  path: '/api/staff/:companyId/:filter',
  kind: 'query',
  roles: ['CompanyUser'],
  summary: 'Filter (case-insensitive) over first name, last name, email and phone',
  request: { params: ListParams },
  response: successEnvelope(z.array(StaffSchema)),
  tenantParams: ['companyId'],
});

export const createStaffRoute = defineRoute({
  name: 'staff.create',
  method: 'POST',
  path: '/api/staff/:companyId/create',
  kind: 'command',
  roles: ['CompanyUser'],
  summary: 'Add a staff member',
  request: { params: CompanyParams, body: StaffBodySchema },
  response: successEnvelope(z.object({ Id: z.string() })),
  tenantParams: ['companyId'],
});

export const updateStaffRoute = defineRoute({
  name: 'staff.update',
  method: 'POST',
  path: '/api/staff/:companyId/update/:staffId',
  kind: 'command',
  roles: ['CompanyUser'],
  summary: 'Edit a staff member',
  request: { params: StaffParams, body: StaffBodySchema },
  response: successEnvelope(z.object({ Id: z.string() })),
  tenantParams: ['companyId', 'staffId'],
});

export const deactivateStaffRoute = defineRoute({
  name: 'staff.deactivate',
  method: 'DELETE',
  path: '/api/staff/:companyId/deactivate/:staffId',
  kind: 'command',
  roles: ['CompanyUser'],
  summary: 'Deactivate a staff member',
  request: { params: StaffParams },
  response: SuccessMessageSchema,
  tenantParams: ['companyId', 'staffId'],
});

export const staffRoutes = [listStaffRoute, listStaffFilteredRoute, createStaffRoute, updateStaffRoute, deactivateStaffRoute] as const;
