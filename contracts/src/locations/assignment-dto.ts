import { z } from 'zod';
import { locationMessages as m, USER_LOCATIONS_PAGE_SIZE } from './messages';
import { pageQueryFields, searchQueryField } from '../routes/paging';

/** Spec: Assignment payload. Location Owner = IsStaffMember false (primary or co-owner); Location User = IsStaffMember true. */
export const AssignLocationBodySchema = z
  .object({
    UserId: z.string({ error: 'UserId is required' }).trim().min(1, 'UserId is required').max(100),
    LocationId: z.string({ error: m.locationRequired }).trim().min(1, m.locationRequired).max(100),
    IsPrimaryOwner: z.boolean({ error: 'IsPrimaryOwner must be true or false' }).default(false),
    IsStaffMember: z.boolean({ error: 'IsStaffMember must be true or false' }).default(false),
  })
  .refine((b) => !(b.IsPrimaryOwner && b.IsStaffMember), { path: ['IsPrimaryOwner'], message: m.staffCannotBePrimary });
export type AssignLocationBody = z.infer<typeof AssignLocationBodySchema>;

/** Spec: User location link (Associated Locations panel row). */
export const UserLocationLinkSchema = z.object({
  RowId: z.string(),
  UserId: z.string(),
  Location: z.object({
    Id: z.string(),
    Title: z.string(),
    ThumbnailUrl: z.string().nullable(),
    StreetAddressLine1: z.string(),
    StreetAddressLine2: z.string(),
  }),
  IsPrimaryOwner: z.boolean(),
  IsStaffMember: z.boolean(),
  /** 'Primary' | 'Co-owner' | 'Staff Member' */
  Badge: z.string(),
  /** ISO date (Associated on). */
  CreatedDate: z.string(),
});
export type UserLocationLink = z.infer<typeof UserLocationLinkSchema>;

export const UserLocationsQuerySchema = z.object({
  search: searchQueryField,
  ...pageQueryFields(USER_LOCATIONS_PAGE_SIZE),
});

/** A user linked to a location (location's Users dialog). */
export const LocationUserSchema = z.object({
  UserId: z.string(),
  Name: z.string(),
  Email: z.string(),
  IsPrimaryOwner: z.boolean(),
  IsStaffMember: z.boolean(),
  Badge: z.string(),
  CreatedDate: z.string(),
});

/** Spec: Location association (Users dialog on location details). Only the parts whose Update flag is set change. */
export const LocationAssociationBodySchema = z.object({
  PrimaryOwnerId: z.string().trim().max(100).nullable().optional(),
  LocationCoownerIds: z.array(z.string().trim().min(1).max(100)).max(200).default([]),
  StaffUserIds: z.array(z.string().trim().min(1).max(100)).max(500).default([]),
  UpdatePrimaryOwner: z.boolean().default(false),
  UpdateLocationCoowners: z.boolean().default(false),
  UpdateLocationStaffUsers: z.boolean().default(false),
});
export type LocationAssociationBody = z.infer<typeof LocationAssociationBodySchema>;
