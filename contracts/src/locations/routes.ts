import { z } from 'zod';
import { defineRoute, LOCATION_RIGHTS } from '../routes/route-def';
import { LocationInsightsSchema } from '../insights/dto';
import {
  AssignLocationBodySchema,
  LocationAssociationBodySchema,
  LocationUserSchema,
  UserLocationLinkSchema,
  UserLocationsQuerySchema,
} from './assignment-dto';
import { BusinessHoursOutSchema, CategorySchema, CitySchema, LocationDetailsSchema, LocationItemSchema, StateSchema } from './details-dto';
import { DirectoryExportQuerySchema, FilteringDataSchema, LocationRowSchema, LocationsSummaryResponseSchema, PrimaryOwnerSchema } from './directory-dto';
import { ListingHealthSchema } from './health-dto';
import { CreateLocationBodySchema, LocationAttributesSchema, RegularHoursBodySchema, UpdateAttributesBodySchema, UpdateLocationBodySchema } from './edit-dto';

const idParam = (name: string) =>
  z
    .string({ error: `${name} is required` })
    .trim()
    .min(1, `${name} is required`)
    .max(100, `${name} is too long`);
const LocationIdParams = z.object({ id: idParam('id') });
const CompanyIdParams = z.object({ companyId: idParam('companyId') });
const MessageAnswer = z.object({ Success: z.literal(true), ResponseMessage: z.string() });
const IdAnswer = z.object({ Success: z.literal(true), ResponseMessage: z.string(), Data: z.object({ Id: z.string() }) });
/** Spec: categories answer Success, IsUnauthorized, Data[{Name, DisplayName}]. */
const CategoriesAnswer = z.object({ Success: z.literal(true), IsUnauthorized: z.boolean(), Data: z.array(CategorySchema) });

const READERS = ['CompanyAdmin', 'CompanyUser'] as const;
/** Editing an existing location (details page Edit / Hours / Attributes / Sync). */
const EDITORS = ['CompanyAdmin', 'CompanyUser'] as const;

// ---------- directory and details ----------

/**
 * Location directory (lazy table). Non-administrators only for their own company (another
 * company's id is 404); the Administrator for any company (Update Company dialog).
 */
export const locationsSummaryRoute = defineRoute({
  name: 'locations.summary',
  method: 'POST',
  path: '/api/gmb/:companyId/locations-summary',
  kind: 'query',
  roles: ['Administrator', 'CompanyAdmin', 'CompanyUser'],
  summary: 'Search (StoreCode, Title, PrimaryPhoneNumber, PrimaryOwnerName, StreetAddressLine1/2), sort, page',
  request: { params: CompanyIdParams, body: FilteringDataSchema },
  response: LocationsSummaryResponseSchema,
  tenantParams: ['companyId'],
});

/**
 * The directory's filtered list as CSV: the summary's filters and sort, every
 * matching row, streamed. Same access as the summary.
 */
export const exportLocationsRoute = defineRoute({
  name: 'locations.export',
  method: 'GET',
  path: '/api/gmb/:companyId/locations-export',
  kind: 'query',
  roles: ['Administrator', 'CompanyAdmin', 'CompanyUser'],
  summary: 'The filtered directory as text/csv (query: globalFilter, AccountId, Status, State, City, Zip, sortField, sortOrder)',
  request: { params: CompanyIdParams, query: DirectoryExportQuerySchema },
  tenantParams: ['companyId'],
  answers: { media: ['text/csv'] },
});

/** Location details header and edit dialog data, and its insights (website clicks of the last 90 days, top search keywords). */
export const getLocationRoute = defineRoute({
  name: 'locations.get',
  method: 'GET',
  path: '/api/gmb/:id/location',
  kind: 'query',
  roles: READERS,
  summary: 'One location: details, edit data and insights',
  description: 'Location details header and edit dialog data, and its insights (website clicks of the last 90 days, top search keywords).',
  request: { params: LocationIdParams },
  response: z.object({
    Success: z.literal(true),
    // Access: what the caller may do here (the screen offers only those actions).
    Data: z.object({ Location: LocationDetailsSchema, LocationInsights: LocationInsightsSchema, Access: z.enum(LOCATION_RIGHTS) }),
  }),
  tenantParams: ['id'],
  location: { param: 'id', needs: 'read' },
});

/** Pickers: every location of the company (Title, LocationId), or of one of its location groups (`groupId`). */
export const locationItemsRoute = defineRoute({
  name: 'locations.items',
  method: 'GET',
  path: '/api/gmb/locations-items',
  kind: 'query',
  roles: READERS,
  summary: 'Every location of the company or of one group, for pickers',
  description: 'Pickers: every location of the company (Title, LocationId), or of one of its location groups (`groupId`).',
  request: { query: z.object({ groupId: z.string().trim().max(200, 'groupId is too long').optional() }) },
  response: z.object({ Success: z.literal(true), Data: z.array(LocationItemSchema) }),
});

/** The dashboard's listing-health tile. */
export const listingHealthRoute = defineRoute({
  name: 'locations.health',
  method: 'GET',
  path: '/api/gmb/listing-health',
  kind: 'query',
  roles: READERS,
  summary: 'Listing health: average completeness, locations needing action, and the locations to fix first',
  description:
    'Over the locations the caller sees: the average completeness score (the fields Google weighs), how many are incomplete, how many Google asks to act on (verify, resolve an ownership conflict, comply with the guidelines), those first and then the least complete, ten of each.',
  request: {},
  response: z.object({ Success: z.literal(true), Data: ListingHealthSchema }),
});

/** Every location of the caller's company that the caller sees (a company user's assigned ones), as directory rows. */
export const listLocationsRoute = defineRoute({
  name: 'locations.list',
  method: 'GET',
  path: '/api/gmb/locations',
  kind: 'query',
  summary: 'List the locations the caller sees',
  description: "Every location of the caller's company that the caller sees (a company user: the locations assigned to them), in the directory's row shape.",
  roles: READERS,
  response: z.object({ Success: z.literal(true), Data: z.array(LocationRowSchema) }),
});

export const FetchLocationsBodySchema = z.object({
  LocationIds: z
    .array(z.string({ error: 'Each location id must be text' }).trim().min(1, 'A location id is empty').max(100, 'A location id is too long'), {
      error: 'LocationIds must be a list of location ids',
    })
    .min(1, 'Select one or more locations.')
    .max(1000, 'Select at most 1000 locations.'),
});

/**
 * The named locations with their details (bulk edit's form). Every id must be a location the
 * caller sees: another company's, or one a company user is not assigned to, answers 404.
 */
export const fetchLocationsRoute = defineRoute({
  name: 'locations.fetch',
  method: 'POST',
  path: '/api/gmb/fetch-locations',
  kind: 'query',
  summary: 'Fetch the details of chosen locations',
  description:
    "The details of the locations named in `LocationIds`, in the order asked; one the caller does not see (another company's, unknown, or not assigned to a company user) answers 404 for the whole request.",
  roles: READERS,
  request: { body: FetchLocationsBodySchema },
  answers: { errors: [404] },
  response: z.object({ Success: z.literal(true), Data: z.array(LocationDetailsSchema) }),
});

/** Default week for a new location: Monday to Friday 09:00-17:00 (closed days IsOpen false). */
export const defaultHoursRoute = defineRoute({
  name: 'locations.defaultHours',
  method: 'GET',
  path: '/api/gmb/location-default-hours',
  kind: 'query',
  roles: READERS,
  summary: 'Default opening hours for a new location',
  description: 'Default week for a new location: Monday to Friday 09:00-17:00 (closed days IsOpen false).',
  response: z.object({ Success: z.literal(true), Data: z.object({ LocationBusinessHours: z.array(BusinessHoursOutSchema) }) }),
});

/** A location with its hours (template preview by LocationId). */
export const locationDefaultHoursRoute = defineRoute({
  name: 'locations.locationWithHours',
  method: 'GET',
  path: '/api/gmb/location-default-hours/:id',
  kind: 'query',
  roles: READERS,
  summary: 'A location with its opening hours',
  description: 'A location with its hours (template preview by LocationId).',
  request: { params: LocationIdParams },
  response: z.object({ Success: z.literal(true), Data: LocationDetailsSchema }),
  tenantParams: ['id'],
  location: { param: 'id', needs: 'read' },
});

/** Google's categories (cached from Google when an account connects). IsUnauthorized when the company has no connected account. */
export const categoriesRoute = defineRoute({
  name: 'locations.categories',
  method: 'GET',
  path: '/api/gmb/categories',
  kind: 'query',
  roles: READERS,
  summary: "Google's business categories",
  description: "Google's categories (cached from Google when an account connects). IsUnauthorized when the company has no connected account.",
  response: CategoriesAnswer,
});

/** Category choices for one location's edit dialog (the location's own categories first). */
export const locationCategoriesRoute = defineRoute({
  name: 'locations.locationCategories',
  method: 'GET',
  path: '/api/gmb/:id/categories',
  kind: 'query',
  roles: READERS,
  summary: 'Category choices for one location',
  description: "Category choices for one location's edit dialog (the location's own categories first).",
  request: { params: LocationIdParams },
  response: CategoriesAnswer,
  tenantParams: ['id'],
  location: { param: 'id', needs: 'read' },
});

export const getAttributesRoute = defineRoute({
  name: 'locations.attributes.get',
  method: 'GET',
  path: '/api/gmb/:id/attributes',
  kind: 'query',
  roles: READERS,
  summary: "A location's business attributes and the attributes its category offers",
  request: { params: LocationIdParams },
  response: z.object({ Success: z.literal(true), Data: LocationAttributesSchema }),
  tenantParams: ['id'],
  location: { param: 'id', needs: 'read' },
});

// ---------- lifecycle commands ----------

export const createLocationRoute = defineRoute({
  name: 'locations.create',
  method: 'POST',
  path: '/api/gmb/create-location',
  kind: 'command',
  roles: ['CompanyAdmin'],
  summary: 'Creates an unpublished location under a connected account; StoreCode unique per company',
  request: { body: CreateLocationBodySchema },
  response: IdAnswer,
});

export const updateLocationRoute = defineRoute({
  name: 'locations.update',
  method: 'POST',
  path: '/api/gmb/:id/update',
  kind: 'command',
  roles: EDITORS,
  summary: 'Edit Location dialog; a published location is then updated on Google by a reactor',
  request: { params: LocationIdParams, body: UpdateLocationBodySchema },
  response: MessageAnswer,
  tenantParams: ['id'],
  location: { param: 'id', needs: 'owner' },
});

export const regularHoursRoute = defineRoute({
  name: 'locations.regularHours',
  method: 'POST',
  path: '/api/gmb/:id/regularHours',
  kind: 'command',
  roles: EDITORS,
  summary: "Edit a location's opening hours (sent to Google when published)",
  request: { params: LocationIdParams, body: RegularHoursBodySchema },
  response: z.object({ Success: z.literal(true), IsUnauthorized: z.boolean(), ResponseMessage: z.string() }),
  tenantParams: ['id'],
  location: { param: 'id', needs: 'owner' },
});

/** Business Attributes dialog (attributes and Place Page URLs). */
export const updateAttributesRoute = defineRoute({
  name: 'locations.attributes.update',
  method: 'POST',
  path: '/api/gmb/:id/attributes',
  kind: 'command',
  roles: EDITORS,
  summary: "Edit a location's business attributes and place page URLs",
  description: 'Business Attributes dialog (attributes and Place Page URLs).',
  request: { params: LocationIdParams, body: UpdateAttributesBodySchema },
  response: MessageAnswer,
  tenantParams: ['id'],
  location: { param: 'id', needs: 'owner' },
});

/** Creates the location on Google (waits for Google's answer up to a few seconds). 422 LOCATION.ALREADY_PUBLISHED. */
export const publishLocationRoute = defineRoute({
  name: 'locations.publish',
  method: 'POST',
  path: '/api/gmb/publish-location/:id',
  kind: 'command',
  roles: ['CompanyAdmin'],
  summary: 'Publish a location: create it on Google',
  description: "Creates the location on Google (waits for Google's answer up to a few seconds). 422 LOCATION.ALREADY_PUBLISHED.",
  request: { params: LocationIdParams },
  response: MessageAnswer,
  tenantParams: ['id'],
  answers: { pending: true },
});

/** Pulls Google's current data (published locations). */
export const syncLocationRoute = defineRoute({
  name: 'locations.sync',
  method: 'POST',
  path: '/api/gmb/:id/sync',
  kind: 'command',
  roles: EDITORS,
  summary: "Pull a published location's current data from Google",
  description: "Pulls Google's current data (published locations).",
  request: { params: LocationIdParams },
  response: MessageAnswer,
  tenantParams: ['id'],
  location: { param: 'id', needs: 'owner' },
  answers: { pending: true },
});

export const deleteLocationRoute = defineRoute({
  name: 'locations.delete',
  method: 'DELETE',
  path: '/api/gmb/delete-location/:id',
  kind: 'command',
  roles: ['CompanyAdmin'],
  summary: 'Delete a location (on Google too when published)',
  request: {
    params: LocationIdParams,
    query: z.object({
      deleteFromGoogle: z
        .enum(['true', 'false'], { error: 'deleteFromGoogle must be true or false' })
        .optional()
        .transform((v) => v === 'true'),
    }),
  },
  response: MessageAnswer,
  tenantParams: ['id'],
  answers: { pending: true },
});

// ---------- countries ----------

export const statesRoute = defineRoute({
  name: 'countries.states',
  method: 'GET',
  path: '/api/countries/states',
  kind: 'query',
  roles: ['Authenticated'],
  summary: 'States of the country, for address fields',
  response: z.object({ Success: z.literal(true), Data: z.array(StateSchema) }),
});

export const citiesRoute = defineRoute({
  name: 'countries.cities',
  method: 'GET',
  path: '/api/countries/states/:state/cities',
  kind: 'query',
  roles: ['Authenticated'],
  summary: 'Cities of a state, for address fields',
  request: { params: z.object({ state: z.string().trim().min(1, 'state is required').max(10, 'state is too long') }) },
  response: z.object({ Success: z.literal(true), Data: z.array(CitySchema) }),
});

// ---------- user-location assignment ----------

/** ResponseMessage is the current-owner message of the overwrite confirmation. */
export const primaryOwnerRoute = defineRoute({
  name: 'locations.primaryOwner',
  method: 'GET',
  path: '/api/users/primaryOwner/:locationId',
  kind: 'query',
  roles: ['CompanyAdmin'],
  summary: "A location's primary owner",
  description: 'ResponseMessage is the current-owner message of the overwrite confirmation.',
  request: { params: z.object({ locationId: idParam('locationId') }) },
  response: z.object({ Success: z.literal(true), ResponseMessage: z.string(), Data: PrimaryOwnerSchema.nullable() }),
  tenantParams: ['locationId'],
  location: { param: 'locationId', needs: 'read' },
});

/** Assign Locations dialog. A new primary owner demotes the previous one to co-owner. */
export const assignLocationRoute = defineRoute({
  name: 'locations.assign',
  method: 'POST',
  path: '/api/users/assign-location',
  kind: 'command',
  roles: ['CompanyAdmin'],
  summary: 'Assign a location to a user as primary owner, co-owner or staff member',
  description: 'Assign Locations dialog. A new primary owner demotes the previous one to co-owner.',
  request: { body: AssignLocationBodySchema },
  response: MessageAnswer,
});

export const unassignLocationRoute = defineRoute({
  name: 'locations.unassign',
  method: 'DELETE',
  path: '/api/users/:userId/locations/:locationId',
  kind: 'command',
  roles: ['CompanyAdmin'],
  summary: "Remove a user's right on a location",
  request: { params: z.object({ userId: idParam('userId'), locationId: idParam('locationId') }) },
  response: MessageAnswer,
  tenantParams: ['userId', 'locationId'],
});

/** Associated Locations panel of a user (15 per page; search over title and address). */
export const userLocationsRoute = defineRoute({
  name: 'locations.userLocations',
  method: 'GET',
  path: '/api/users/:userId/locations',
  kind: 'query',
  roles: ['CompanyAdmin'],
  summary: "A user's locations, 15 per page",
  description: 'Associated Locations panel of a user (15 per page; search over title and address).',
  request: { params: z.object({ userId: idParam('userId') }), query: UserLocationsQuerySchema },
  response: z.object({
    Success: z.literal(true),
    Data: z.array(UserLocationLinkSchema),
    TotalRecords: z.number().int(),
    Page: z.number().int(),
    PageSize: z.number().int(),
  }),
  tenantParams: ['userId'],
});

/** Users of a location (details page Users dialog). */
export const locationUsersRoute = defineRoute({
  name: 'locations.users',
  method: 'GET',
  path: '/api/gmb/:id/users',
  kind: 'query',
  roles: ['CompanyAdmin'],
  summary: 'The users of a location and their rights',
  description: 'Users of a location (details page Users dialog).',
  request: { params: LocationIdParams },
  response: z.object({
    Success: z.literal(true),
    Data: z.object({
      PrimaryOwnerId: z.string().nullable(),
      LocationCoownerIds: z.array(z.string()),
      StaffUserIds: z.array(z.string()),
      Users: z.array(LocationUserSchema),
    }),
  }),
  tenantParams: ['id'],
  location: { param: 'id', needs: 'read' },
});

export const saveLocationUsersRoute = defineRoute({
  name: 'locations.users.save',
  method: 'POST',
  path: '/api/gmb/:id/users',
  kind: 'command',
  roles: ['CompanyAdmin'],
  summary: 'Set the users of a location and their rights',
  request: { params: LocationIdParams, body: LocationAssociationBodySchema },
  response: MessageAnswer,
  tenantParams: ['id'],
});

export const locationsRoutes = [
  locationsSummaryRoute,
  exportLocationsRoute,
  getLocationRoute,
  locationItemsRoute,
  listingHealthRoute,
  listLocationsRoute,
  fetchLocationsRoute,
  defaultHoursRoute,
  locationDefaultHoursRoute,
  categoriesRoute,
  locationCategoriesRoute,
  getAttributesRoute,
  createLocationRoute,
  updateLocationRoute,
  regularHoursRoute,
  updateAttributesRoute,
  publishLocationRoute,
  syncLocationRoute,
  deleteLocationRoute,
  statesRoute,
  citiesRoute,
  primaryOwnerRoute,
  assignLocationRoute,
  unassignLocationRoute,
  userLocationsRoute,
  locationUsersRoute,
  saveLocationUsersRoute,
] as const;
