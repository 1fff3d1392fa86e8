import { z } from 'zod';
import { defineRoute } from '../routes/route-def';

/** Spec part 2 §3 Publisher: a directory a Localeze listing is distributed to. */
export const PublisherSchema = z.object({
  Platform: z.string(),
  LogoUrl: z.string().nullable(),
  IsEnabled: z.boolean(),
  Disposition: z.string(),
  LastModified: z.string().nullable(),
  Link: z.string().nullable(),
});
export type Publisher = z.infer<typeof PublisherSchema>;

export const localezeMessages = {
  noListing: 'This location has no Localeze listing id.',
  listingNotFound: 'Localeze does not know this listing.',
  unavailable: 'Localeze could not be reached. Please try again later.',
  categoriesFailed: 'Error fetching Localeze categories',
  publishersLoaded: 'Publishers loaded',
} as const;

/** Publishers dialog: the directories of the location's Localeze listing (spec part 2 §7 Localeze). */
export const listDirectoriesRoute = defineRoute({
  name: 'localeze.listDirectories',
  method: 'GET',
  path: '/api/localeze/list-directories/:id',
  kind: 'query',
  roles: ['CompanyAdmin', 'CompanyUser'],
  summary: "The directories of a location's Localeze listing",
  description: "Publishers dialog: the directories of the location's Localeze listing.",
  request: { params: z.object({ id: z.string().trim().min(1, 'id is required').max(100, 'id is too long') }) },
  response: z.object({ Success: z.literal(true), ResponseMessage: z.string(), ResponseData: z.array(PublisherSchema) }),
  tenantParams: ['id'],
  location: { param: 'id', needs: 'read' },
  answers: { errors: [422] },
});

/** Localeze's business categories (Edit Location's Localeze categories). */
export const localezeCategoriesRoute = defineRoute({
  name: 'localeze.categories',
  method: 'GET',
  path: '/api/localeze/categories',
  kind: 'query',
  roles: ['CompanyAdmin', 'CompanyUser'],
  summary: "Localeze's business categories",
  description: "Localeze's business categories (Edit Location's Localeze categories).",
  response: z.object({ Success: z.literal(true), ResponseData: z.array(z.object({ Id: z.string(), Name: z.string() })) }),
});

export const localezeRoutes = [listDirectoriesRoute, localezeCategoriesRoute];
